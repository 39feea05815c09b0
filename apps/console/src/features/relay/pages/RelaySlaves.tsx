import Box from '@mui/material/Box';
import { RejoinCard } from '../components/RejoinCard';
import { SlaveCard } from '../components/SlaveCard';
import { StatusRecordCard } from '../components/StatusRecordCard';
import { useDeviceParams } from '../useDevice';

/** /application/device/relay/slave: the slaves (bind, unbind), their status changes and the rejoin list. */
export default function RelaySlaves() {
  const { devEUI, appID } = useDeviceParams();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <SlaveCard devEUI={devEUI} appID={appID} />
      <StatusRecordCard devEUI={devEUI} />
      <RejoinCard devEUI={devEUI} />
    </Box>
  );
}
