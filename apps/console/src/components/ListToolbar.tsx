import DeleteIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A list page's heading row: the title, then the page's buttons (wrapping on narrow screens). */
export function ListToolbar({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Typography variant="h6" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** "Delete" for the selected rows (opens the slide-verified DeleteDialog). */
export function DeleteSelectedButton(p: { disabled: boolean; onClick: () => void; testId?: string }) {
  const { t } = useTranslation('common');
  return (
    <Button
      variant="outlined"
      color="error"
      startIcon={<DeleteIcon />}
      disabled={p.disabled}
      onClick={p.onClick}
      data-testid={p.testId}
    >
      {t('delete')}
    </Button>
  );
}
