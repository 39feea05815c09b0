import Chip from '@mui/material/Chip';
import { useRegions } from '../../../lib/catalog';

/** A region in its colour, as the network page shows it (the catalogue is cached, so rows share one call). */
export function RegionChip({ region }: { region: string }) {
  const color = useRegions().data?.find((r) => r.region === region)?.color;
  return (
    <Chip
      size="small"
      label={region.toUpperCase()}
      sx={color ? { bgcolor: color, color: (th) => th.palette.getContrastText(color) } : undefined}
    />
  );
}
