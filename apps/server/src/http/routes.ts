import { applicationRoutes } from './applications/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { dashboardRoutes } from './dashboard/routes';
import { deviceDataRoutes } from './device-data/routes';
import { deviceTagRoutes } from './device-tags/routes';
import { deviceBatchRoutes } from './devices/batch-routes';
import { deviceExportRoutes } from './devices/export-routes';
import { deviceRoutes } from './devices/routes';
import { downlinkRoutes } from './downlinks/routes';
import { fileRoutes } from './files/routes';
import { globalConfRoutes } from './frequency-plans/global-confs';
import { pfConfRoutes } from './frequency-plans/pf-confs';
import { txLutRoutes } from './frequency-plans/tx-luts';
import { fuotaRoutes } from './fuota/routes';
import { gatewayDataRoutes } from './gateway-data/routes';
import { gatewayCommandRoutes } from './gateway-ops/commands';
import { gatewayLogRoutes } from './gateway-ops/logs';
import { frequencyScanRoutes } from './gateway-ops/scans';
import { shellRoutes } from './gateway-ops/shell';
import { gatewayTagRoutes } from './gateway-tags/routes';
import { gatewayTypeRoutes } from './gateway-types/routes';
import { gatewayRoutes } from './gateways/routes';
import { gatewayStatusRoutes } from './gateways/status-routes';
import { licenseRoutes } from './license/routes';
import { mcDownlinkRoutes } from './multicast/downlinks';
import { mcGroupRoutes } from './multicast/groups';
import { mcMemberRoutes } from './multicast/members';
import { networkServerRoutes } from './network-servers/routes';
import { platformRoutes } from './platform/routes';
import { regionRoutes } from './regions/routes';
import { relayDeviceRoutes } from './relay/device-routes';
import { relayRecordRoutes } from './relay/record-routes';
import { relaySlaveRoutes } from './relay/slave-routes';
import { relayFuotaRoutes } from './relay-fuota/routes';
import { searchRoutes } from './search/routes';
import { streamRoutes } from './streams/routes';
import { subnetSwitchMemberRoutes } from './subnet-switch/members';
import { subnetSwitchTaskRoutes } from './subnet-switch/tasks';
import { systemRoutes } from './system/routes';
import type { RouteModule } from './types';
import { upgradeCatalogueRoutes } from './upgrades/catalogues';
import { gatewayPackageRoutes } from './upgrades/package';
import { upgradeTaskRoutes } from './upgrades/tasks';
import { upgradeVersionRoutes } from './upgrades/versions';
import { usageRoutes } from './usage/routes';
import { userRoutes } from './users/routes';

/** Every feature's routes, registered in this order. Add a feature by adding its module here. */
export const routeModules: RouteModule[] = [
  systemRoutes,
  authRoutes,
  userRoutes,
  searchRoutes,
  applicationRoutes,
  deviceRoutes,
  deviceBatchRoutes,
  deviceExportRoutes,
  deviceTagRoutes,
  regionRoutes,
  gatewayTypeRoutes,
  gatewayTagRoutes,
  gatewayRoutes,
  gatewayStatusRoutes,
  streamRoutes,
  dashboardRoutes,
  deviceDataRoutes,
  downlinkRoutes,
  gatewayDataRoutes,
  auditRoutes,
  mcGroupRoutes,
  mcMemberRoutes,
  mcDownlinkRoutes,
  fileRoutes,
  fuotaRoutes,
  gatewayCommandRoutes,
  gatewayLogRoutes,
  frequencyScanRoutes,
  shellRoutes,
  upgradeVersionRoutes,
  upgradeTaskRoutes,
  upgradeCatalogueRoutes,
  gatewayPackageRoutes,
  licenseRoutes,
  globalConfRoutes,
  txLutRoutes,
  pfConfRoutes,
  networkServerRoutes,
  platformRoutes,
  usageRoutes,
  subnetSwitchTaskRoutes,
  subnetSwitchMemberRoutes,
  relayDeviceRoutes,
  relaySlaveRoutes,
  relayRecordRoutes,
  relayFuotaRoutes,
];
