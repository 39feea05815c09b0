import Box from '@mui/material/Box';
import { EventCard } from '../components/EventCard';
import { StatusRecordCard } from '../components/StatusRecordCard';
import { useDeviceParams } from '../useDevice';

/** /application/device/relay/history: the relay's events and its slaves' status changes, each in a time range. */
export default function RelayHistory() {
  const { devEUI } = useDeviceParams();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <EventCard devEUI={devEUI} />
      <StatusRecordCard devEUI={devEUI} />
    </Box>
  );
}
