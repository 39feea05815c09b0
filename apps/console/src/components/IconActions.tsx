import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { RowAction } from './RowActions';

/** A row's icon buttons, each named "<label> <row name>" (a row without edit, unlike RowActions; what a row may do is the caller's choice). */
export function IconActions({ name, actions }: { name: string; actions: RowAction[] }) {
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {actions.map((a) => (
        <Tooltip key={a.label} title={a.label}>
          <IconButton
            size="small"
            aria-label={`${a.label} ${name}`}
            onClick={(e) => {
              e.stopPropagation();
              a.onClick();
            }}
          >
            {a.icon}
          </IconButton>
        </Tooltip>
      ))}
    </Box>
  );
}
