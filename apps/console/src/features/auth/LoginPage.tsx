import LockIcon from '@mui/icons-material/LockOutlined';
import PersonIcon from '@mui/icons-material/PersonOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageMenu } from '../../components/LanguageMenu';
import { Logo } from '../../components/Logo';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import { fetchLoginOptions, login } from './api';
import { CaptchaSlider } from './CaptchaSlider';
import { LoginField } from './LoginField';

/** Sign in: name, password and (when the server has it on) the slide-puzzle captcha. */
export default function LoginPage() {
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState({ name: false, password: false });
  const [captcha, setCaptcha] = useState<boolean | null>(null);
  const [ticket, setTicket] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const onTicket = useCallback((tk: string | null) => setTicket(tk), []);

  useEffect(() => {
    void fetchLoginOptions().then((o) => setCaptcha(o.captcha));
  }, []);

  const nameError = touched.name && !name.trim() ? t('nameRequired') : '';
  const passwordError = touched.password && !password ? t('passwordRequired') : '';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ name: true, password: true });
    if (!name.trim() || !password) return;
    if (captcha && !ticket) {
      toast.warning(t('captcha.required'));
      return;
    }
    setBusy(true);
    try {
      const r = await login({ name: name.trim(), password, digest: ticket ?? undefined, timeStamp: Date.now() });
      session.signIn(r);
      navigate('/home', { replace: true });
    } catch {
      // The ticket is single-use: a failed sign-in needs a new puzzle.
      setResetKey((k) => k + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        background: 'linear-gradient(135deg, #0d47a1 0%, #1976d2 55%, #26a69a 100%)',
      }}
    >
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 1.5, color: 'white' }}>
        <LanguageMenu />
      </Box>
      <Box sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
        <Paper
          component="form"
          onSubmit={submit}
          noValidate
          elevation={6}
          sx={{ width: 380, maxWidth: '100%', p: { xs: 2.5, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 2 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'primary.main' }}>
            <Logo height={36} />
          </Box>
          <Box>
            <Typography variant="h5" fontWeight={600}>
              {t('title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('subtitle')}
            </Typography>
          </Box>
          <LoginField
            label={t('name')}
            value={name}
            autoComplete="username"
            autoFocus
            onChange={(v) => {
              setName(v);
              setTouched((s) => ({ ...s, name: true }));
            }}
            error={nameError}
            icon={<PersonIcon />}
            testId="login-name"
          />
          <LoginField
            label={t('password')}
            type="password"
            value={password}
            autoComplete="current-password"
            onChange={(v) => {
              setPassword(v);
              setTouched((s) => ({ ...s, password: true }));
            }}
            error={passwordError}
            icon={<LockIcon />}
            testId="login-password"
          />
          {captcha && <CaptchaSlider onTicket={onTicket} resetKey={resetKey} />}
          <Button
            type="submit"
            variant="contained"
            size="large"
            loading={busy}
            disabled={captcha === null}
            data-testid="login-submit"
          >
            {t('submit')}
          </Button>
        </Paper>
      </Box>
    </Box>
  );
}
