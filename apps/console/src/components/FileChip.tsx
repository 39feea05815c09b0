import DeleteIcon from '@mui/icons-material/Close';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/**
 * A chosen file: its name as it is (never upper-cased), with a delete icon whose accessible
 * name says which file it removes.
 */
export function FileChip({ name, onRemove, testId }: { name: string; onRemove: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Chip
      label={name}
      variant="outlined"
      onDelete={onRemove}
      deleteIcon={<DeleteIcon aria-label={t('common:removeFile', { name })} data-testid={testId} />}
      sx={{ maxWidth: '100%', textTransform: 'none' }}
    />
  );
}
