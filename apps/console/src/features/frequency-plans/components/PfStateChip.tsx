import type { PfConfRow, PfConfState } from '@lns/contract/frequency-plans';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const COLOR: Record<PfConfState, ChipProps['color']> = {
  noConfig: 'default',
  manual: 'default',
  outOfDate: 'warning',
  applying: 'info',
  upToDate: 'success',
  error: 'error',
};

/** Where a gateway's configuration stands, with the last push's error under it (no column of its own on a phone). */
export function PfStateChip({ row }: { row: PfConfRow }) {
  const { t } = useTranslation('frequencyPlans');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, minWidth: 0 }}>
      <Chip size="small" color={COLOR[row.state]} label={t(`pf.state.${row.state}`)} />
      {row.error && (
        <Typography variant="caption" color="error" sx={{ wordBreak: 'break-word' }} data-testid="pf-error">
          {row.error}
        </Typography>
      )}
    </Box>
  );
}
