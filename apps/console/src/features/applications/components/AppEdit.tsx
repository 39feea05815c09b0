import { useAppInfo } from '../../../lib/appInfo';
import { AppFormDialog } from './AppFormDialog';

/** The edit form once the application's detail (headers, MQTT credentials) is loaded. */
export function AppEdit({ appID, onClose }: { appID: number; onClose: () => void }) {
  const info = useAppInfo(appID);
  if (!info.data) return null;
  return <AppFormDialog open onClose={onClose} app={info.data} />;
}
