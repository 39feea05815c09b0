import { formatHex } from '@lns/contract/hex';
import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import MuiLink from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { linkTo, type RouteDef, routeOf } from '../routes';
import { useMenus } from './useMenus';

const EUI_PARAMS = new Set(['devEUI', 'mcEUI', 'gwID']);

/** "Applications / my-app / Devices / 01-02-..": the route's parent chain, links keep their query. */
export function Breadcrumbs() {
  const { t } = useTranslation('layout');
  const { current, params } = useMenus();
  if (!current) return null;
  const chain: RouteDef[] = [];
  for (let r: RouteDef | undefined = current; r && chain.length < 8; r = r.parent ? routeOf(r.parent) : undefined) {
    chain.unshift(r);
  }
  // A first-level page needs no trail.
  if (chain.length < 2) return null;
  const name = (r: RouteDef) => {
    const v = r.label ? params.get(r.label) : null;
    if (!v) return t(`route.${r.title}`);
    return EUI_PARAMS.has(r.label!) ? formatHex(v) : v;
  };
  return (
    <MuiBreadcrumbs sx={{ mb: 2, fontSize: 14 }} aria-label="breadcrumbs" data-testid="breadcrumbs">
      {chain.map((r, i) =>
        i === chain.length - 1 ? (
          <Typography key={r.path} color="text.primary" fontSize={14}>
            {name(r)}
          </Typography>
        ) : (
          <MuiLink key={r.path} component={Link} to={linkTo(r, params)} underline="hover" color="inherit">
            {name(r)}
          </MuiLink>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
