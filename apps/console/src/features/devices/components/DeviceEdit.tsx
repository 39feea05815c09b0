import { useDeviceStatus } from '../api';
import { DeviceFormDialog } from './DeviceFormDialog';

/** The edit form once the device's detail (keys) is loaded. */
export function DeviceEdit({ appID, devEUI, onClose }: { appID: number; devEUI: string; onClose: () => void }) {
  const q = useDeviceStatus(devEUI);
  if (!q.data) return null;
  return <DeviceFormDialog open onClose={onClose} appID={appID} device={q.data} />;
}
