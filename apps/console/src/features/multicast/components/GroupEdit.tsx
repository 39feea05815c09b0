import { useMcInfo } from '../api';
import { GroupFormDialog } from './GroupFormDialog';

/** The edit form once the group's detail (keys, headers) is loaded. */
export function GroupEdit({ mcEUI, onClose }: { mcEUI: string; onClose: () => void }) {
  const info = useMcInfo(mcEUI);
  if (!info.data) return null;
  return <GroupFormDialog onClose={onClose} group={info.data} />;
}
