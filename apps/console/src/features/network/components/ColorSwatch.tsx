import Box from '@mui/material/Box';

/** A colour as a dot with its hex value beside it (the table and the region chips). */
export function ColorSwatch({ color }: { color: string }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <Box
        component="span"
        sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: color, border: 1, borderColor: 'divider' }}
      />
      <Box component="span" sx={{ fontFamily: 'monospace' }}>
        {color}
      </Box>
    </Box>
  );
}
