/**
 * Valid request values for the input fuzz test, so that one hostile field at a time reaches the
 * handler and the database. Creating routes get fresh names and EUIs on every call so a conflict
 * never stops a request before its insert.
 */
import { abpDevice, hex, otaaDevice } from '../devices-fixtures';

export interface Seeded {
  appID: number;
  devEUI: string;
  gwID: string;
  victimID: number;
  gwTypeID: number;
  deviceTagId: number;
  gatewayTagId: number;
}

/** Nothing by these ids exists: delete routes get them so the seeded rows stay. */
const MISSING_ID = 999_999;
const MISSING_EUI = 'ffffffffffff0001';

let serial = 0;
const next = () => ++serial;

export const gatewayBody = (n: number, extra: Record<string, unknown> = {}) => ({
  gwID: `a84041${hex(n, 10)}`,
  gwName: `fuzz-gw-${n}`,
  region: 'eu868',
  subnet: 'eu868-default',
  gwType: 'rhf2s027',
  txPower: 0,
  ...extra,
});

/** Values by field name, used wherever a route has a field of that name. */
export function fieldSamples(s: Seeded): Record<string, unknown> {
  return {
    appID: s.appID,
    appId: s.appID,
    devEUI: s.devEUI,
    gwID: s.gwID,
    userID: s.victimID,
    gwTypeID: s.gwTypeID,
    region: 'eu868',
    subnet: 'eu868-default',
    gwType: 'rhf2s027',
    category: 'device',
    type: 'device',
    msgID: 'm1',
    devEUIs: [s.devEUI],
    gwIDs: [s.gwID],
    fields: ['devEUI', 'devName'],
    startTime: 1_700_000_000_000,
    endTime: 1_700_000_100_000,
    mqttKeepAlive: 10,
    remarks: 'r',
    keyword: 'k',
    color: '#666666',
    fport: 1,
    data: '01',
  };
}

const decoder = { name: 'dec', type: 'javascript', content: 'function decodeUplink(input) { return {}; }' };
const picoAttr = {
  publicChannel: { ch: 8, dr: 2 },
  dataChannel: { ch: 9, dr: 2 },
  heartBeatPeriod: 5,
  upgradeServer: 'up.example.com',
  proxyServer: '',
  timeZone: 'UTC+08:00',
};

/** Whole valid bodies (or queries) per route, overriding the field samples. */
export function routeSamples(s: Seeded): Record<string, () => Record<string, unknown>> {
  return {
    'POST /api/login': () => ({ name: `nobody${next()}`, password: 'wrong-password' }),
    'POST /api/captcha/check': () => ({ id: 'c1', x: 10, track: [[0, 0, 0]] }),
    'POST /api/user/create': () => ({ name: `fuzz-user-${next()}`, password: 'pw-123456', admin: 0 }),
    'POST /api/user/update': () => ({ userID: s.victimID, name: 'fuzz-victim', password: '', admin: 0 }),
    'POST /api/user/delete': () => ({ userID: MISSING_ID }),
    'POST /api/user/password': () => ({ currentPassword: 'not-the-password', newPassword: 'pw-654321' }),
    'POST /api/application/create': () => ({
      appName: `fuzz-app-${next()}`,
      pushUrls: ['https://example.com/push'],
      headers: { 'x-key': 'v' },
      protocol: '',
      decoder,
    }),
    'POST /api/application/update': () => ({
      appID: s.appID,
      appName: 'fuzz-app',
      pushUrls: ['https://example.com/push'],
      headers: { 'x-key': 'v' },
      decoder,
    }),
    'POST /api/application/delete': () => ({ appIDs: [MISSING_ID] }),
    'POST /api/device/create': () => ({
      appID: s.appID,
      ...otaaDevice(100_000 + next(), { tagsId: [s.deviceTagId], remarks: 'r' }),
    }),
    'POST /api/device/batch-create': () => {
      const n = 200_000 + next();
      return { appID: s.appID, authType: 'abp', devices: [abpDevice(n, { devAddr: hex(0x26100000 + n, 8) })] };
    },
    'POST /api/device/update': () => ({ ...otaaDevice(1, { devEUI: s.devEUI, tagsId: [s.deviceTagId] }) }),
    'POST /api/device/delete': () => ({ devEUIs: [MISSING_EUI] }),
    'POST /api/device/reset-fcnt': () => ({ devEUI: s.devEUI, fCntUp: 0, fCntDown: 0 }),
    'POST /api/device/updates': () => ({ devEUIs: [s.devEUI], appID: s.appID, tagsId: [s.deviceTagId], remarks: 'r' }),
    // Each Max at the top of its range: a hostile Min is then refused as itself, not as its Max's fault.
    'POST /api/relay/device/config': () => {
      const pair = { Min: 1000, Max: 4_294_967_295, Steps: 6 };
      const config = Object.fromEntries(
        ['joinDelay', 'hbDelay', 'checkNetDelay'].flatMap((p) => Object.entries(pair).map(([k, v]) => [p + k, v])),
      );
      return {
        devEUI: s.devEUI,
        config: { ...config, checkNetDelayNackMax: 3, checkNetDelayTimeout: 12 },
        workMode: 1,
        backwardMode: 1,
      };
    },
    'POST /api/device/tags/create': () => ({ tags: [`t${next()}`], groupName: 'g' }),
    'POST /api/device/tags/delete': () => ({ tagsId: [MISSING_ID] }),
    'POST /api/gateway/tags/create': () => ({ tags: [`t${next()}`], groupName: 'g' }),
    'POST /api/gateway/tags/delete': () => ({ tagsId: [MISSING_ID] }),
    'POST /api/gwtype/create': () => ({
      gwType: `fuzz-type-${next()}`,
      arch: 'arm',
      submodels: [{ model: 'm1', lte: true, wifi: false }],
    }),
    'POST /api/gwtype/update': () => ({
      gwTypeID: s.gwTypeID,
      gwType: 'fuzz-type',
      arch: 'arm',
      submodels: [{ model: 'm1', lte: true, wifi: false }],
    }),
    'POST /api/gwtype/delete': () => ({ gwTypeID: MISSING_ID }),
    'POST /api/gateway/create': () =>
      gatewayBody(300_000 + next(), {
        pushUrls: ['https://example.com/gw'],
        headers: { 'x-key': 'v' },
        tagsId: [s.gatewayTagId],
        extendedAttr: picoAttr,
        ntpServer: 'ntp.example.com',
        mapType: 'google',
        longitudeForGoogleMap: 1,
        latitudeForGoogleMap: 2,
        altitude: 3,
      }),
    'POST /api/gateway/update': () =>
      gatewayBody(1, { gwID: s.gwID, tagsId: [s.gatewayTagId], extendedAttr: picoAttr, remarks: 'r' }),
    'POST /api/gateway/delete': () => ({ gwIDs: [MISSING_EUI] }),
    'POST /api/gateway/batchUpdate': () => ({
      gwIDs: [s.gwID],
      pushUrls: ['https://example.com/gw'],
      headers: { 'x-key': 'v' },
      tagsId: [s.gatewayTagId],
      remarks: 'r',
      gwType: 'rhf2s027',
    }),
    'POST /api/band/update': () => ({ region: 'eu868', color: '#666666' }),
  };
}
