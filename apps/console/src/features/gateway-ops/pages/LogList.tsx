import { LogFilesPage } from '../components/LogFilesPage';

/** /gateway/log-list?gwID: the gateway's /var/log/. */
export default function LogList() {
  return <LogFilesPage dir="/var/log/" />;
}
