import { ErrorPage } from './ErrorPage';

export default function Page401() {
  return <ErrorPage code={401} />;
}
