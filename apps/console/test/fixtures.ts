import type { AppDetail, AppRow } from '@lns/contract/applications';
import type { GatewayRow } from '@lns/contract/gateways';

/** Rows as the server answers them (the client checks answers against the contract in tests). */
export const appRow = (over: Partial<AppRow> = {}): AppRow => ({
  appID: 3,
  appName: 'meters',
  productType: 'lorawan',
  protocol: '',
  pushUrls: [],
  enableMQTT: false,
  deviceNums: 0,
  username: 'ops',
  createtime: 0,
  ...over,
});

export const appDetail = (over: Partial<AppDetail> = {}): AppDetail => ({
  ...appRow(),
  headers: {},
  decoder: null,
  mqName: '',
  mqURL: '',
  mqPassword: '',
  pushLinks: [],
  updatetime: 0,
  ...over,
});

export const gatewayRow = (over: Partial<GatewayRow> = {}): GatewayRow => ({
  gwID: 'a840410000001001',
  gwName: 'roof-gw',
  gwType: 'rhf2s027',
  gwTypeID: 1,
  arch: 'arm',
  supportGPS: false,
  typeColor: '#666666',
  region: 'eu868',
  subnet: 'eu868-default',
  pico: false,
  pushUrls: [],
  headers: {},
  txPower: 14,
  enableClassB: false,
  enableClassC: false,
  enableBridgeLogToFile: false,
  enablePFW: false,
  mqttKeepAlive: 10,
  statInterval: 300,
  extendedAttr: null,
  remarks: '',
  ntpServer: '',
  tags: [],
  tagsId: [],
  mapType: null,
  latitude: null,
  longitude: null,
  altitude: null,
  online: false,
  mqtt: true,
  lastSeen: null,
  createtime: 0,
  updatetime: 0,
  ...over,
});

/** The answer of the region list (`/api/band/list`): EU868 with its default plan. */
export const bandList = {
  code: 0,
  data: [
    {
      region: 'eu868',
      name: 'EU868',
      color: '#f44336',
      plan: 'dynamic',
      subnets: [{ subnet: 'eu868-default', name: 'default', channels: 8 }],
      createdAt: 0,
      updatedAt: 0,
    },
  ],
};
