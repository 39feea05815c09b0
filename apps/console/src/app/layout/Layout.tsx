import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { Logo } from '../../components/Logo';
import { useSession } from '../../lib/useSession';
import { BottomSheet } from './BottomSheet';
import { Breadcrumbs } from './Breadcrumbs';
import { HeaderTools } from './HeaderTools';
import { ScrollTop } from './ScrollTop';
import { SideNav } from './SideNav';
import { UserMenu } from './UserMenu';
import { useMenus } from './useMenus';

const SearchDialog = lazy(() => import('../../features/search/SearchDialog'));
const VersionDialog = lazy(() => import('./VersionDialog'));
const CatalogPreloader = lazy(() => import('./CatalogPreloader'));
const UserDetailDialog = lazy(() => import('../../features/users/components/UserDetailDialog'));
const ChangePasswordDialog = lazy(() => import('../../features/users/components/ChangePasswordDialog'));

const COLLAPSE_KEY = 'lns.navCollapsed';
/** Height of the extension row (main entries) shown between 801 and 1050 px. */
const EXT_ROW = 44;

/**
 * The shared layout: header, side navigation, breadcrumbs, page. Breakpoints:
 * ≥1051 permanent collapsible side nav and entries in the header; <1051 temporary drawer and
 * the entries in an extension row; ≤800 logo + full-screen bottom-sheet menu; <600 the header
 * tools move into that sheet.
 */
export default function Layout() {
  const { t } = useTranslation('layout');
  const wide = useMediaQuery('(min-width:1051px)', { noSsr: true });
  const sheetMode = useMediaQuery('(max-width:800px)', { noSsr: true });
  const tiny = useMediaQuery('(max-width:599.98px)', { noSsr: true });
  const { main, side } = useMenus();
  const { userID } = useSession();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSE_KEY) === '1');
  const [drawer, setDrawer] = useState(false);
  const [sheet, setSheet] = useState(false);
  const [dialog, setDialog] = useState<'search' | 'version' | 'details' | 'password' | null>(null);
  const extRow = !wide && !sheetMode;

  const toggleNav = () => {
    if (!wide) return setDrawer((o) => !o);
    setCollapsed((c) => {
      localStorage.setItem(COLLAPSE_KEY, c ? '0' : '1');
      return !c;
    });
  };
  const openSearch = () => {
    setSheet(false);
    setDialog('search');
  };

  const entries = (color: 'inherit' | 'primary') =>
    main.map((e) => (
      <Button
        key={e.title}
        component={Link}
        to={e.to}
        color={color}
        startIcon={<e.icon />}
        data-testid={`main-${e.title}`}
        sx={{
          whiteSpace: 'nowrap',
          flexShrink: 0,
          opacity: e.active ? 1 : 0.8,
          borderBottom: e.active ? '2px solid' : '2px solid transparent',
          borderRadius: 0,
          px: 1.5,
        }}
      >
        {t(`route.${e.title}`)}
      </Button>
    ));

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Suspense fallback={null}>
        <CatalogPreloader />
      </Suspense>
      <AppBar position="fixed" elevation={1} sx={{ zIndex: (th) => th.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }} variant="dense">
          {!sheetMode && (
            <IconButton
              color="inherit"
              edge="start"
              onClick={toggleNav}
              aria-label={t('toggleNav')}
              data-testid="toggle-nav"
            >
              {wide && !collapsed ? <MenuOpenIcon /> : <MenuIcon />}
            </IconButton>
          )}
          <Box component={Link} to="/home" sx={{ color: 'inherit', textDecoration: 'none', mr: 2 }}>
            <Logo />
          </Box>
          {wide && <Box sx={{ display: 'flex', alignSelf: 'stretch', overflowX: 'auto' }}>{entries('inherit')}</Box>}
          <Box sx={{ flexGrow: 1 }} />
          {!tiny && <HeaderTools onSearch={openSearch} />}
          <UserMenu
            onDetails={() => setDialog('details')}
            onChangePassword={() => setDialog('password')}
            onVersion={() => setDialog('version')}
          />
          {sheetMode && (
            <IconButton color="inherit" onClick={() => setSheet(true)} aria-label={t('menu')} data-testid="open-sheet">
              <MenuIcon />
            </IconButton>
          )}
        </Toolbar>
        {extRow && (
          <Box
            data-testid="extension-row"
            sx={{ display: 'flex', height: EXT_ROW, overflowX: 'auto', bgcolor: 'primary.dark', px: 1 }}
          >
            {entries('inherit')}
          </Box>
        )}
      </AppBar>

      {!sheetMode && (
        <SideNav items={side} wide={wide} collapsed={collapsed} open={drawer} onClose={() => setDrawer(false)} />
      )}

      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 1.5, sm: 2, md: 3 } }}>
        <Toolbar variant="dense" />
        {extRow && <Box sx={{ height: EXT_ROW }} />}
        <Breadcrumbs />
        <Suspense fallback={<LinearProgress />}>
          <Outlet />
        </Suspense>
      </Box>

      {sheetMode && (
        <BottomSheet
          open={sheet}
          onClose={() => setSheet(false)}
          main={main}
          side={side}
          tools={tiny}
          onSearch={openSearch}
        />
      )}
      <ScrollTop />
      <Suspense>
        {dialog === 'search' && <SearchDialog open onClose={() => setDialog(null)} />}
        {dialog === 'version' && <VersionDialog open onClose={() => setDialog(null)} />}
        {dialog === 'details' && <UserDetailDialog open userID={userID} onClose={() => setDialog(null)} />}
        {dialog === 'password' && <ChangePasswordDialog open onClose={() => setDialog(null)} />}
      </Suspense>
    </Box>
  );
}
