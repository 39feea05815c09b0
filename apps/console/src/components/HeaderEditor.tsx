import { HEADERS_MAX } from '@lns/contract/limits';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export interface HeaderRow {
  key: string;
  value: string;
}

/** Rows with an empty key or value are dropped (docs/product/applications.md). */
export function headersToMap(rows: HeaderRow[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const r of rows.slice(0, HEADERS_MAX)) {
    const k = r.key.trim();
    const v = r.value.trim();
    if (k && v) out[k] = v;
  }
  return out;
}

export const mapToHeaders = (m: Record<string, string> | null | undefined): HeaderRow[] =>
  Object.entries(m ?? {}).map(([key, value]) => ({ key, value }));

/** Key/value header editor, at most 5 rows. */
export function HeaderEditor({ value, onChange }: { value: HeaderRow[]; onChange: (rows: HeaderRow[]) => void }) {
  const { t } = useTranslation('widgets');
  const set = (i: number, patch: Partial<HeaderRow>) =>
    onChange(value.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="header-editor">
      {value.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
        <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <TextField
            size="small"
            label={t('headers.key')}
            value={r.key}
            onChange={(e) => set(i, { key: e.target.value })}
            sx={{ flex: 1 }}
          />
          <TextField
            size="small"
            label={t('headers.value')}
            value={r.value}
            onChange={(e) => set(i, { value: e.target.value })}
            sx={{ flex: 2 }}
          />
          <IconButton aria-label={t('headers.remove')} onClick={() => onChange(value.filter((_, j) => j !== i))}>
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          disabled={value.length >= HEADERS_MAX}
          onClick={() => onChange([...value, { key: '', value: '' }])}
        >
          {value.length >= HEADERS_MAX ? t('headers.max', { n: HEADERS_MAX }) : t('headers.add')}
        </Button>
      </Box>
    </Box>
  );
}
