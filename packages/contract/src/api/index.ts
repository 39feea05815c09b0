import type { EndpointDef } from '../endpoint';
import { applicationApi } from './applications';
import { auditApi } from './audit';
import { authApi } from './auth';
import { dashboardApi } from './dashboard';
import { deviceDataApi } from './device-data';
import { deviceTagApi } from './device-tags';
import { deviceApi } from './devices';
import { downlinkApi } from './downlinks';
import { fileApi } from './files';
import { globalConfApi, pfConfApi, txLutApi } from './frequency-plans';
import { fuotaApi } from './fuota';
import { frequencyScanApi, gatewayCommandApi, gatewayLogApi } from './gateway-commands';
import { gatewayDataApi } from './gateway-data';
import { gatewayTagApi } from './gateway-tags';
import { gatewayTypeApi } from './gateway-types';
import { gatewayApi } from './gateways';
import { licenseApi } from './license';
import { mcDeviceApi, mcDownlinkApi, mcGatewayApi, mcGroupApi } from './multicast';
import { networkServerApi, ntpApi } from './network-servers';
import { platformApi } from './platform';
import { regionApi } from './regions';
import { relayDeviceApi, relayFuotaApi } from './relay';
import { searchApi } from './search';
import { subnetSwitchMemberApi, subnetSwitchTaskApi } from './subnet-switch';
import { systemApi } from './system';
import {
  agentUpgradeApi,
  debUpgradeApi,
  gatewayPackageApi,
  gwSdkApi,
  opkgUpgradeApi,
  packetForwarderUpgradeApi,
  picoFirmwareApi,
  upgradeRecordApi,
  upgradeTaskApi,
} from './upgrades';
import { usageApi } from './usage';
import { userApi } from './users';

/** Every HTTP endpoint of the API, by area. Add an area's declarations here. */
export const API = {
  application: applicationApi,
  user: userApi,
  auth: authApi,
  system: systemApi,
  search: searchApi,
  audit: auditApi,
  dashboard: dashboardApi,
  region: regionApi,
  device: deviceApi,
  deviceTag: deviceTagApi,
  deviceData: deviceDataApi,
  downlink: downlinkApi,
  gateway: gatewayApi,
  gatewayType: gatewayTypeApi,
  gatewayTag: gatewayTagApi,
  gatewayData: gatewayDataApi,
  gatewayCommand: gatewayCommandApi,
  gatewayLog: gatewayLogApi,
  frequencyScan: frequencyScanApi,
  debUpgrade: debUpgradeApi,
  opkgUpgrade: opkgUpgradeApi,
  agentUpgrade: agentUpgradeApi,
  packetForwarderUpgrade: packetForwarderUpgradeApi,
  upgradeTask: upgradeTaskApi,
  upgradeRecord: upgradeRecordApi,
  gwSdk: gwSdkApi,
  picoFirmware: picoFirmwareApi,
  gatewayPackage: gatewayPackageApi,
  mcGroup: mcGroupApi,
  mcDevice: mcDeviceApi,
  mcGateway: mcGatewayApi,
  mcDownlink: mcDownlinkApi,
  file: fileApi,
  fuota: fuotaApi,
  license: licenseApi,
  globalConf: globalConfApi,
  txLut: txLutApi,
  pfConf: pfConfApi,
  networkServer: networkServerApi,
  ntp: ntpApi,
  platform: platformApi,
  usage: usageApi,
  subnetSwitchTask: subnetSwitchTaskApi,
  subnetSwitchMember: subnetSwitchMemberApi,
  relayDevice: relayDeviceApi,
  relayFuota: relayFuotaApi,
} satisfies Record<string, Record<string, EndpointDef>>;

export const ENDPOINTS: readonly EndpointDef[] = Object.values(API).flatMap((area) => Object.values(area));
