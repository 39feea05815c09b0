import Box from '@mui/material/Box';
import { PayloadCard } from '../components/PayloadCard';
import { StatusHistoryCard } from '../components/StatusHistoryCard';
import { LADTP_FIGURES } from '../statusChart';
import { useDeviceParams } from '../useDevice';

/** /application/device/ladtp/history: RS485 data up and down in a time range, and the heartbeats. */
export default function LadtpHistory() {
  const { devEUI } = useDeviceParams();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <PayloadCard devEUI={devEUI} ladtp />
      <StatusHistoryCard devEUI={devEUI} figures={LADTP_FIGURES} />
    </Box>
  );
}
