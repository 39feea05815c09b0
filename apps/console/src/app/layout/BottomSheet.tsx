import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../components/Logo';
import { HeaderTools } from './HeaderTools';
import { SideMenuList } from './SideNav';
import type { NavLinkItem } from './useMenus';

/** ≤800 px: full-screen bottom sheet with the main entries, this area's menu and (<600 px) the tools. */
export function BottomSheet({
  open,
  onClose,
  main,
  side,
  tools,
  onSearch,
}: {
  open: boolean;
  onClose: () => void;
  main: NavLinkItem[];
  side: NavLinkItem[];
  tools: boolean;
  onSearch: () => void;
}) {
  const { t } = useTranslation('layout');
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { height: '100%' }, 'data-testid': 'bottom-sheet' } as object }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, color: 'primary.main' }}>
        <Logo color="primary.main" />
        <Box sx={{ flexGrow: 1 }} />
        <IconButton onClick={onClose} aria-label={t('close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      {tools && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1 }} data-testid="sheet-tools">
          <HeaderTools color="primary" onSearch={onSearch} />
        </Box>
      )}
      <Divider />
      <List dense subheader={<ListSubheader>{t('mainMenu')}</ListSubheader>}>
        {main.map((e) => (
          <ListItemButton key={e.title} component={Link} to={e.to} selected={e.active} onClick={onClose}>
            <ListItemIcon>
              <e.icon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={t(`route.${e.title}`)} />
          </ListItemButton>
        ))}
      </List>
      {side.length > 0 && (
        <>
          <Divider />
          <ListSubheader>{t('areaMenu')}</ListSubheader>
          <SideMenuList items={side} onPick={onClose} />
        </>
      )}
    </Drawer>
  );
}
