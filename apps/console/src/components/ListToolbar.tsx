import DeleteIcon from '@mui/icons-material/DeleteOutline';
import MoreIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Children, isValidElement, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Below this width a toolbar keeps its main button and moves the others into a "More" menu. */
export const TOOLBAR_NARROW = '(max-width:599.98px)';

/**
 * A list page's heading row: the title, then the page's buttons. On a phone the main button (the
 * contained one, else the first) stays and the rest go into a "More" menu, so a row of five
 * buttons does not wrap over three lines.
 */
export function ListToolbar({ title, children }: { title: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('common');
  const narrow = useMediaQuery(TOOLBAR_NARROW);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const buttons = Children.toArray(children).filter(isValidElement);
  const mainIndex = Math.max(
    0,
    buttons.findIndex((b) => (b.props as { variant?: string }).variant === 'contained'),
  );
  const folded = narrow && buttons.length > 2;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
      <Typography variant="h6" sx={{ flexGrow: 1 }}>
        {title}
      </Typography>
      {folded ? buttons[mainIndex] : children}
      {folded && (
        <>
          <IconButton aria-label={t('more')} onClick={(e) => setAnchor(e.currentTarget)} data-testid="toolbar-more">
            <MoreIcon />
          </IconButton>
          <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
            {/* A click on any button inside does its work and closes the menu. */}
            <Box
              onClick={() => setAnchor(null)}
              sx={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', px: 1, gap: 0.5 }}
            >
              {buttons.filter((_, i) => i !== mainIndex)}
            </Box>
          </Menu>
        </>
      )}
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
