import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from './ListTable';

export interface RowAction {
  label: string;
  icon: ReactNode;
  onClick: () => void;
}

export interface RowActionsProps {
  /** The row's name: each button's accessible name is "<label> <name>". */
  name: string;
  onEdit: () => void;
  /** Defaults to common:edit. */
  editLabel?: string;
  onDelete: () => void;
  /** Buttons between edit and delete. */
  more?: RowAction[];
}

/** A table row's icon buttons: edit, the page's own ones, delete. */
export function RowActions({ name, onEdit, editLabel, onDelete, more = [] }: RowActionsProps) {
  const { t } = useTranslation('common');
  const actions: RowAction[] = [
    { label: editLabel ?? t('edit'), icon: <EditIcon fontSize="small" />, onClick: onEdit },
    ...more,
    { label: t('delete'), icon: <DeleteIcon fontSize="small" />, onClick: onDelete },
  ];
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {actions.map((a) => (
        <Tooltip key={a.label} title={a.label}>
          <IconButton size="small" onClick={a.onClick} aria-label={`${a.label} ${name}`}>
            {a.icon}
          </IconButton>
        </Tooltip>
      ))}
    </Box>
  );
}

/** The right-aligned last column of a list table holding RowActions. */
export function actionsColumn<T>(label: ReactNode, props: (row: T) => RowActionsProps): Column<T> {
  return { key: 'actions', label, align: 'right', stickyRight: true, render: (row) => <RowActions {...props(row)} /> };
}
