import { formatHex } from '@lns/contract/hex';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { ItemRefusal } from './refusals';

/** Refused items, one a line: "AA-BB-…: reason". */
export function RefusalList(p: {
  title: string;
  items: ItemRefusal[];
  severity?: 'error' | 'warning';
  testId: string;
}) {
  if (p.items.length === 0) return null;
  return (
    <Alert severity={p.severity ?? 'error'} data-testid={p.testId} sx={{ overflowWrap: 'anywhere' }}>
      <Typography variant="body2">{p.title}</Typography>
      {p.items.map((f) => (
        <Typography key={f.id || 'all'} variant="body2">
          {f.id ? `${formatHex(f.id)}: ` : ''}
          {f.reason}
        </Typography>
      ))}
    </Alert>
  );
}
