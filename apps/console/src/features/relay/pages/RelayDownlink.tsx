import Box from '@mui/material/Box';
import { DownlinkCard } from '../components/DownlinkCard';
import { PayloadCard } from '../components/PayloadCard';
import { useDeviceParams } from '../useDevice';

/** /application/device/relay/downlink: send data to the relay's application; what was sent. */
export default function RelayDownlink() {
  const { devEUI } = useDeviceParams();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <DownlinkCard devEUI={devEUI} relay />
      <PayloadCard devEUI={devEUI} ladtp={false} />
    </Box>
  );
}
