import ConstructionIcon from '@mui/icons-material/Construction';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { routeOf } from './routes';

/** Shown inside the layout for routes whose page is not built yet. */
export default function NotBuilt() {
  const { t } = useTranslation('layout');
  const { pathname } = useLocation();
  const route = routeOf(pathname);
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center', mt: 2 }} data-testid="not-built">
      <ConstructionIcon color="disabled" sx={{ fontSize: 56 }} />
      <Typography variant="h6" sx={{ mt: 1 }}>
        {route ? t(`route.${route.title}`) : pathname}
      </Typography>
      <Typography color="text.secondary">{t('notBuilt')}</Typography>
      <Typography variant="caption" color="text.disabled">
        {pathname}
      </Typography>
    </Paper>
  );
}
