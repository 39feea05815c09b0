import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NavLinkItem } from './useMenus';

const NAV_WIDTH = 220;
const NAV_COLLAPSED = 64;

export function SideMenuList({
  items,
  collapsed = false,
  onPick,
}: {
  items: NavLinkItem[];
  collapsed?: boolean;
  onPick?: () => void;
}) {
  const { t } = useTranslation('layout');
  return (
    <List dense sx={{ px: 1 }} data-testid="side-menu">
      {items.map(({ path, title, to, icon: Icon, active }) => {
        const label = t(`route.${title}`);
        const button = (
          <ListItemButton
            key={path}
            component={Link}
            to={to}
            selected={active}
            onClick={onPick}
            sx={{ borderRadius: 1, mb: 0.25, minHeight: 40, justifyContent: collapsed ? 'center' : 'flex-start' }}
          >
            <ListItemIcon sx={{ minWidth: collapsed ? 0 : 36, color: active ? 'primary.main' : undefined }}>
              <Icon fontSize="small" />
            </ListItemIcon>
            {!collapsed && <ListItemText primary={label} slotProps={{ primary: { noWrap: true } }} />}
          </ListItemButton>
        );
        return collapsed ? (
          <Tooltip key={path} title={label} placement="right">
            {button}
          </Tooltip>
        ) : (
          button
        );
      })}
    </List>
  );
}

/** Side navigation: permanent and collapsible (220 / 64 px) when wide, a temporary drawer below 1051 px. */
export function SideNav({
  items,
  wide,
  collapsed,
  open,
  onClose,
}: {
  items: NavLinkItem[];
  wide: boolean;
  collapsed: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const width = wide && collapsed ? NAV_COLLAPSED : NAV_WIDTH;
  return (
    <Drawer
      variant={wide ? 'permanent' : 'temporary'}
      open={wide || open}
      onClose={onClose}
      ModalProps={{ keepMounted: true }}
      sx={{
        width: wide ? width : undefined,
        flexShrink: 0,
        '& .MuiDrawer-paper': {
          width,
          boxSizing: 'border-box',
          overflowX: 'hidden',
          transition: 'width 150ms',
          borderRight: '1px solid',
          borderColor: 'divider',
        },
      }}
    >
      <Toolbar />
      <Box sx={{ overflowY: 'auto', pt: 1 }} data-testid="side-nav">
        <SideMenuList items={items} collapsed={wide && collapsed} onPick={wide ? undefined : onClose} />
      </Box>
    </Drawer>
  );
}
