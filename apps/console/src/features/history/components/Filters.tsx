import { MSG_TYPES } from '@lns/contract/frames';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** '' = all, '1' = yes/uplink/online, '0' = no/downlink/offline. */
export type TriState = '' | '1' | '0';

export function TriFilter(p: {
  label: string;
  value: TriState;
  onChange: (v: TriState) => void;
  yes: string;
  no: string;
  testId?: string;
}) {
  const { t } = useTranslation('history');
  return (
    <TextField
      select
      size="small"
      label={p.label}
      value={p.value}
      onChange={(e) => p.onChange(e.target.value as TriState)}
      sx={{ minWidth: 120 }}
      slotProps={{ htmlInput: { 'data-testid': p.testId } }}
    >
      <MenuItem value="">{t('all')}</MenuItem>
      <MenuItem value="1">{p.yes}</MenuItem>
      <MenuItem value="0">{p.no}</MenuItem>
    </TextField>
  );
}

/** Multi-select of LoRaWAN message types (MSG_TYPES); empty = all. */
export function MsgTypeFilter(p: { value: number[]; onChange: (v: number[]) => void }) {
  const { t } = useTranslation('history');
  return (
    <TextField
      select
      size="small"
      label={t('msgTypes')}
      value={p.value}
      onChange={(e) => {
        const v = e.target.value as unknown as (number | string)[];
        p.onChange((typeof v === 'string' ? String(v).split(',') : v).map(Number));
      }}
      sx={{ minWidth: 200, maxWidth: 320 }}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (sel) =>
            (sel as number[]).length === 0
              ? t('all')
              : (sel as number[]).map((n) => MSG_TYPES[n as keyof typeof MSG_TYPES]).join(', '),
          displayEmpty: true,
        },
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': 'msg-types' },
      }}
    >
      {Object.entries(MSG_TYPES).map(([n, name]) => (
        <MenuItem key={n} value={Number(n)}>
          {n} {name}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The filter as the API's flag: absent for all. */
export const triParam = (v: TriState): boolean | undefined => (v === '' ? undefined : v === '1');
