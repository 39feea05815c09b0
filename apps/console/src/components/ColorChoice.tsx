import { COLOR_PALETTE } from '@lns/contract/gateway-types';
import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';

/** The fixed colour list offered for gateway types and regions. */
export function ColorChoice({ value, onChange }: { value: string; onChange: (c: string) => void }) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} role="radiogroup">
      {COLOR_PALETTE.map((c) => (
        <Box
          key={c}
          role="radio"
          aria-checked={value === c}
          aria-label={c}
          tabIndex={0}
          onClick={() => onChange(c)}
          onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onChange(c)}
          sx={{
            width: 28,
            height: 28,
            borderRadius: '50%',
            bgcolor: c,
            cursor: 'pointer',
            display: 'grid',
            placeItems: 'center',
            color: '#fff',
            outline: value === c ? '2px solid' : 'none',
            outlineOffset: 2,
          }}
          data-testid={`color-${c}`}
        >
          {value === c && <CheckIcon fontSize="small" />}
        </Box>
      ))}
    </Box>
  );
}

/** Saves a JSON value as a file. */
export function downloadJson(name: string, value: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}
