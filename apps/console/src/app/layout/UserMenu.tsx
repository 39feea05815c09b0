import { authApi } from '@lns/contract/api/auth';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import LockResetIcon from '@mui/icons-material/LockReset';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/PersonOutline';
import Avatar from '@mui/material/Avatar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { session } from '../../lib/session';
import { useSession } from '../../lib/useSession';
import { queryClient } from '../providers';

/** Avatar menu: own details, change password, version (admins), log out. */
export function UserMenu({
  onDetails,
  onChangePassword,
  onVersion,
}: {
  onDetails: () => void;
  onChangePassword: () => void;
  onVersion: () => void;
}) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const { name, avatar, isAdmin } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);

  const logout = async () => {
    close();
    try {
      await api.data(authApi.logout, undefined, { silent: true, redirect: false });
    } catch {}
    session.clear();
    queryClient.clear();
    navigate('/login');
  };

  return (
    <>
      <IconButton onClick={(e) => setAnchor(e.currentTarget)} aria-label={t('userMenu')} data-testid="user-menu">
        <Avatar sx={{ width: 32, height: 32, bgcolor: 'secondary.main', fontSize: 15 }}>
          {avatar || name.slice(0, 1)}
        </Avatar>
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Typography sx={{ px: 2, py: 1, fontWeight: 600 }} noWrap>
          {name}
        </Typography>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            onDetails();
          }}
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          {t('userDetails')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onChangePassword();
          }}
          data-testid="change-password"
        >
          <ListItemIcon>
            <LockResetIcon fontSize="small" />
          </ListItemIcon>
          {t('changePassword')}
        </MenuItem>
        {isAdmin && (
          <MenuItem
            onClick={() => {
              close();
              onVersion();
            }}
          >
            <ListItemIcon>
              <InfoIcon fontSize="small" />
            </ListItemIcon>
            {t('version.title')}
          </MenuItem>
        )}
        <MenuItem onClick={logout} data-testid="logout">
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
