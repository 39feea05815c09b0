import Chip from '@mui/material/Chip';

/** The gateway's link by its name on every page: MQTT or PFUDP (Semtech UDP packet forwarder). */
export function LinkChip({ link, testId }: { link: string; testId?: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={link === 'MQTT' ? 'secondary' : 'info'}
      label={link}
      data-testid={testId}
      sx={{ fontWeight: 600 }}
    />
  );
}
