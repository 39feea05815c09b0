import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useWebConfig } from '../lib/webConfig';

/** The custom logo from webConfig (or the product name); a skeleton until the config arrives. */
export function Logo({ height = 32, color = 'inherit' }: { height?: number; color?: string }) {
  const { data, isPending } = useWebConfig();
  if (isPending) return <Skeleton variant="rounded" width={height * 3} height={height} data-testid="logo-skeleton" />;
  if (data?.hideLogo) return null;
  if (data?.customLogo)
    return <Box component="img" src={data.customLogo} alt="logo" sx={{ height, display: 'block' }} />;
  return (
    <Typography variant="h6" noWrap sx={{ fontWeight: 700, letterSpacing: 1, color, lineHeight: `${height}px` }}>
      LNS
    </Typography>
  );
}
