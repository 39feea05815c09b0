import { LogFilesPage } from '../components/LogFilesPage';

/** /gateway/rlog-list?gwID: the gateway's /var/rlog/. */
export default function RlogList() {
  return <LogFilesPage dir="/var/rlog/" />;
}
