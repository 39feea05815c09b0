import Box from '@mui/material/Box';
import { DownlinkCard } from '../components/DownlinkCard';
import { PayloadCard } from '../components/PayloadCard';
import { useDeviceParams } from '../useDevice';

/** /application/device/ladtp/downlink: send RS485 data (cut into sub-packets when they are on); what went both ways. */
export default function LadtpDownlink() {
  const { devEUI } = useDeviceParams();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <DownlinkCard devEUI={devEUI} relay={false} />
      <PayloadCard devEUI={devEUI} ladtp />
    </Box>
  );
}
