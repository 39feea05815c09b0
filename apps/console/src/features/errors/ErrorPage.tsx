import HomeIcon from '@mui/icons-material/Home';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const COUNTDOWN_S = 5;

/**
 * Whether the tab's previous history entry is a console page. On the tab's first console page
 * "back" would leave the console (a blank tab, another site), so the countdown goes home then.
 * The router numbers the entries of one page load; an address typed by hand starts a new load,
 * and the browser's navigation list (this origin's entries only) still shows the page before it.
 */
function consolePageBefore(): boolean {
  if ((window.history.state?.idx ?? 0) > 0) return true;
  const nav = (window as { navigation?: { currentEntry?: { index: number } | null } }).navigation;
  return (nav?.currentEntry?.index ?? 0) > 0;
}

/** Code, description, a 5 s countdown then one page back (or home), and a home button. */
export function ErrorPage({ code }: { code: 401 | 404 | 500 }) {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const [left, setLeft] = useState(COUNTDOWN_S);
  useEffect(() => {
    const id = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => clearInterval(id);
  }, []);
  useEffect(() => {
    if (left > 0) return;
    if (consolePageBefore()) navigate(-1);
    else navigate('/', { replace: true });
  }, [left, navigate]);
  return (
    <Box
      data-testid={`error-${code}`}
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        p: 3,
        textAlign: 'center',
        gap: 1.5,
      }}
    >
      <Typography variant="h1" fontWeight={700} color="primary" sx={{ fontSize: { xs: 72, sm: 112 } }}>
        {code}
      </Typography>
      <Typography variant="h5">{t(`${code}.title`)}</Typography>
      <Typography color="text.secondary">{t(`${code}.description`)}</Typography>
      <Typography color="text.secondary" data-testid="countdown">
        {t('countdown', { n: left })}
      </Typography>
      <Button variant="contained" startIcon={<HomeIcon />} onClick={() => navigate('/home')}>
        {t('home')}
      </Button>
    </Box>
  );
}
