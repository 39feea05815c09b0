import type { SvgIconComponent } from '@mui/icons-material';
import AppsIcon from '@mui/icons-material/Apps';
import ArticleIcon from '@mui/icons-material/Article';
import CellTowerIcon from '@mui/icons-material/CellTower';
import DevicesIcon from '@mui/icons-material/DevicesOther';
import DownloadIcon from '@mui/icons-material/Download';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import LabelIcon from '@mui/icons-material/LabelOutlined';
import ListIcon from '@mui/icons-material/ListAlt';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import PeopleIcon from '@mui/icons-material/People';
import RadarIcon from '@mui/icons-material/Radar';
import SendIcon from '@mui/icons-material/Send';
import SettingsIcon from '@mui/icons-material/Settings';
import StreamIcon from '@mui/icons-material/Stream';
import SystemUpdateIcon from '@mui/icons-material/SystemUpdateAlt';
import TerminalIcon from '@mui/icons-material/Terminal';
import UploadIcon from '@mui/icons-material/UploadFile';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import type { MenuSet } from './routes';

/**
 * Header entries and the side-menu set per route family. Titles come from the route table
 * (layout:route.<title>). Every list here names the routes of the full console; what is shown
 * is derived from the route table: routes without a page and routes the user's access list
 * does not allow are left out, so a route appears by itself once its page exists.
 */
export interface MenuItem {
  path: string;
  icon: SvgIconComponent;
}

/**
 * Header main entries, active while a route of one of their `sets` is open. Each goes to the
 * first shown entry of its first set's side menu and is hidden when there is none. On /home the
 * side menu lists these entries.
 */
export const MAIN_ENTRIES: { title: string; icon: SvgIconComponent; sets: [MenuSet, ...MenuSet[]] }[] = [
  { title: 'home', icon: HomeIcon, sets: ['home'] },
  { title: 'application', icon: AppsIcon, sets: ['application', 'appDetail', 'device'] },
  { title: 'multicast', icon: WorkspacesIcon, sets: ['multicast', 'mcDetail'] },
  { title: 'gateway', icon: CellTowerIcon, sets: ['gateway', 'gwDetail', 'cutover'] },
  { title: 'platform', icon: SettingsIcon, sets: ['platform'] },
  { title: 'user', icon: PeopleIcon, sets: ['user'] },
];

const i = (path: string, icon: SvgIconComponent): MenuItem => ({ path, icon });

export const MENU_SETS: Record<MenuSet, MenuItem[]> = {
  // Only the target of the Home entry: the side menu on /home shows the main entries.
  home: [i('/home', HomeIcon)],
  application: [
    i('/application/list', AppsIcon),
    i('/application/device/tag', LabelIcon),
    i('/application/fuota/firm-upgrade-list', SystemUpdateIcon),
    i('/application/fuota/mcgroup-upgrade-list', WorkspacesIcon),
    i('/application/fuota/device-upgrade-list', DevicesIcon),
  ],
  appDetail: [
    i('/application/detail', InfoIcon),
    i('/application/device/list', DevicesIcon),
    i('/application/device/batch', UploadIcon),
    i('/application/live', StreamIcon),
  ],
  device: [
    i('/application/device/detail', InfoIcon),
    i('/application/device/data/app-layer', StreamIcon),
    i('/application/device/data/protocol-layer', StreamIcon),
    i('/application/device/history/app', HistoryIcon),
    i('/application/device/history/protocol', HistoryIcon),
    i('/application/device/downlink', SendIcon),
    i('/application/device/ladtp/status', InfoIcon),
    i('/application/device/ladtp/config', SettingsIcon),
    i('/application/device/ladtp/downlink', SendIcon),
    i('/application/device/ladtp/history', HistoryIcon),
    i('/application/device/relay/status', InfoIcon),
    i('/application/device/relay/slave', DevicesIcon),
    i('/application/device/relay/config', SettingsIcon),
    i('/application/device/relay/downlink', SendIcon),
    i('/application/device/relay/history', HistoryIcon),
  ],
  multicast: [i('/multicast', WorkspacesIcon), i('/multicast/fuota/list', SystemUpdateIcon)],
  mcDetail: [
    i('/multicast/detail', InfoIcon),
    i('/multicast/device-list', DevicesIcon),
    i('/multicast/gateway-list', CellTowerIcon),
    i('/multicast/downlink', SendIcon),
  ],
  gateway: [
    i('/gateway/list', CellTowerIcon),
    i('/gateway/tag', LabelIcon),
    i('/gateway/batch', UploadIcon),
    i('/gateway/task-list', ListIcon),
    i('/gateway/version/deb', SystemUpdateIcon),
    i('/gateway/version/agent', SystemUpdateIcon),
    i('/gateway/version/packet-forwarder', SystemUpdateIcon),
    i('/gateway/version/opkg', SystemUpdateIcon),
    i('/gateway/sdk', DownloadIcon),
    i('/gateway/pico-firmware', DownloadIcon),
    i('/gateway/subnet-cutover', RadarIcon),
  ],
  gwDetail: [
    i('/gateway/detail', InfoIcon),
    i('/gateway/report-info', ArticleIcon),
    i('/gateway/real-time', StreamIcon),
    i('/gateway/history', HistoryIcon),
    i('/gateway/link-history', HistoryIcon),
    i('/gateway/status-history', HistoryIcon),
    i('/gateway/noise-scan', RadarIcon),
    i('/gateway/upgrade-record', SystemUpdateIcon),
    i('/gateway/log-list', ArticleIcon),
    i('/gateway/rlog-list', ArticleIcon),
    i('/gateway/shell-tool', TerminalIcon),
    i('/gateway/cmd-operation', TerminalIcon),
    i('/gateway/cmd-operation-record', HistoryIcon),
  ],
  cutover: [i('/gateway/subnet-cutover/gateway', CellTowerIcon), i('/gateway/subnet-cutover/device', DevicesIcon)],
  platform: [
    i('/platform/authentication', SettingsIcon),
    i('/platform/network', CellTowerIcon),
    i('/platform/frequency-plan', RadarIcon),
    i('/platform/gateway-type', LabelIcon),
    i('/platform/powermeter', InfoIcon),
    i('/platform/audit-log', ManageSearchIcon),
  ],
  user: [i('/user', PeopleIcon)],
};
