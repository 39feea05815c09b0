import { ErrorPage } from './ErrorPage';

export default function Page500() {
  return <ErrorPage code={500} />;
}
