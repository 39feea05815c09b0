import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Output kept in view without growing the page: it scrolls inside this height. */
const MAX_HEIGHT = 360;

function Stream({ label, text, testId }: { label: string; text: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Box
        component="pre"
        data-testid={testId}
        sx={{
          m: 0,
          p: 1,
          maxHeight: MAX_HEIGHT,
          overflow: 'auto',
          fontFamily: 'monospace',
          fontSize: 12,
          whiteSpace: 'pre',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {text}
      </Box>
    </Box>
  );
}

/** A shell command's exit code, stdout and stderr (each only when it printed something). */
export function ShellOutput(p: { code?: number | null; stdout: string; stderr: string; truncated?: boolean }) {
  const { t } = useTranslation('gatewayOps');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, minWidth: 0 }}>
      {p.code !== undefined && p.code !== null && (
        <Typography variant="body2" data-testid="shell-exit">
          {t('result.exitCode', { code: p.code })}
        </Typography>
      )}
      {p.stdout && <Stream label={t('result.stdout')} text={p.stdout} testId="shell-stdout" />}
      {p.stderr && <Stream label={t('result.stderr')} text={p.stderr} testId="shell-stderr" />}
      {!p.stdout && !p.stderr && (
        <Typography variant="body2" color="text.secondary">
          {t('result.noOutput')}
        </Typography>
      )}
      {p.truncated && (
        <Typography variant="caption" color="text.secondary">
          {t('result.truncated')}
        </Typography>
      )}
    </Box>
  );
}
