import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { RSSH_FIELDS, type RsshField, type RsshValues } from '../rsshForm';

/** Where the reverse tunnel goes: every field optional, an empty one takes the server's setting. */
export function RsshForm({
  values,
  errors,
  onChange,
  disabled,
}: {
  values: RsshValues;
  errors: Partial<Record<RsshField, string>>;
  onChange: (v: RsshValues) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('gatewayOps');
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1,
        gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
      }}
    >
      {RSSH_FIELDS.map((f) => (
        <TextField
          key={f}
          size="small"
          label={t(`rssh.${f}`)}
          placeholder={t('rssh.serverDefault')}
          value={values[f]}
          disabled={disabled}
          onChange={(e) => onChange({ ...values, [f]: e.target.value })}
          error={Boolean(errors[f])}
          helperText={errors[f] ?? ' '}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: {
              'data-testid': `rssh-${f}`,
              inputMode: f === 'port' || f === 'remotePort' ? 'numeric' : undefined,
            },
          }}
        />
      ))}
    </Box>
  );
}
