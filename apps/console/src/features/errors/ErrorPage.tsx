import HomeIcon from '@mui/icons-material/Home';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const COUNTDOWN_S = 5;

/** Code, description, a 5 s countdown then one page back, and a home button. */
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
    // Back one page (also across a reload); with nothing to go back to, home.
    if ((window.history.state?.idx ?? 0) > 0) navigate(-1);
    else if (window.history.length > 1) window.history.back();
    else navigate('/home', { replace: true });
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
