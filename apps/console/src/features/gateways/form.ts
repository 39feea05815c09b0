import {
  type GatewayCreateBody,
  type GatewayRow,
  isPico,
  MQTT_KEEPALIVE,
  PICO,
  PICO_DEFAULTS,
  PICO_HEARTBEAT,
  STAT_INTERVAL,
} from '@lns/contract/gateways';
import type { HeaderRow } from '../../components/HeaderEditor';
import { headersToMap, mapToHeaders } from '../../components/HeaderEditor';
import type { MapPoint } from '../../components/MapPicker/MapPicker';

/** What the gateway form edits; `toBody` turns it into the contract's create/update body. */
export interface GatewayForm {
  gwName: string;
  gwID: string;
  region: string;
  subnet: string;
  gwType: string;
  txPower: number | '';
  mqttKeepAlive: string;
  statInterval: string;
  enableClassB: boolean;
  enableClassC: boolean;
  enableBridgeLogToFile: boolean;
  pushUrls: string[];
  headers: HeaderRow[];
  ntpServer: string;
  tagsId: number[];
  remarks: string;
  location: MapPoint | null;
  /** A pico gateway's attributes, as the body names them (the heartbeat as typed). */
  extendedAttr: {
    publicChannel: { ch: number; dr: number };
    dataChannel: { ch: number; dr: number };
    heartBeatPeriod: string;
    upgradeServer: string;
    proxyServer: string;
    timeZone: string;
  };
}

export const picoDefaults = (): GatewayForm['extendedAttr'] => ({
  publicChannel: { ...PICO_DEFAULTS.publicChannel },
  dataChannel: { ...PICO_DEFAULTS.dataChannel },
  heartBeatPeriod: String(PICO_DEFAULTS.heartBeatPeriod),
  upgradeServer: '',
  proxyServer: '',
  timeZone: PICO_DEFAULTS.timeZone,
});

export function emptyForm(): GatewayForm {
  return {
    gwName: '',
    gwID: '',
    region: '',
    subnet: '',
    gwType: '',
    txPower: '',
    mqttKeepAlive: String(MQTT_KEEPALIVE.default),
    statInterval: String(STAT_INTERVAL.default),
    enableClassB: false,
    enableClassC: false,
    enableBridgeLogToFile: false,
    pushUrls: [],
    headers: [],
    ntpServer: '',
    tagsId: [],
    remarks: '',
    location: null,
    extendedAttr: picoDefaults(),
  };
}

export function formOf(g: GatewayRow): GatewayForm {
  const e = g.extendedAttr;
  return {
    gwName: g.gwName,
    gwID: g.gwID,
    region: g.region,
    subnet: g.subnet,
    gwType: g.gwType,
    txPower: g.txPower,
    mqttKeepAlive: String(g.mqttKeepAlive),
    statInterval: String(g.statInterval),
    enableClassB: g.enableClassB,
    enableClassC: g.enableClassC,
    enableBridgeLogToFile: g.enableBridgeLogToFile,
    pushUrls: g.pushUrls,
    headers: mapToHeaders(g.headers),
    ntpServer: g.ntpServer,
    tagsId: g.tagsId,
    remarks: g.remarks,
    location:
      g.mapType && g.latitude !== null && g.longitude !== null
        ? { mapType: g.mapType, lng: g.longitude, lat: g.latitude }
        : null,
    extendedAttr: e
      ? {
          publicChannel: { ...e.publicChannel },
          dataChannel: { ...e.dataChannel },
          heartBeatPeriod: String(e.heartBeatPeriod),
          upgradeServer: e.upgradeServer,
          proxyServer: e.proxyServer,
          timeZone: e.timeZone,
        }
      : picoDefaults(),
  };
}

export const formIsPico = (f: Pick<GatewayForm, 'region' | 'subnet' | 'gwType'>) => isPico(f);

const num = (s: string) => (s.trim() === '' ? undefined : Number(s));

/** The request body: empty push URLs and header pairs dropped, the map type only with a location. */
export function toBody(f: GatewayForm): Partial<GatewayCreateBody> {
  const body: Partial<GatewayCreateBody> = {
    gwName: f.gwName,
    gwID: f.gwID,
    region: f.region,
    subnet: f.subnet,
    gwType: f.gwType,
    txPower: f.txPower === '' ? undefined : f.txPower,
    mqttKeepAlive: num(f.mqttKeepAlive),
    statInterval: num(f.statInterval),
    enableClassB: f.enableClassB,
    enableClassC: f.enableClassC,
    enableBridgeLogToFile: f.enableBridgeLogToFile,
    pushUrls: f.pushUrls.map((u) => u.trim()).filter(Boolean),
    headers: headersToMap(f.headers),
    ntpServer: f.ntpServer,
    tagsId: f.tagsId,
    remarks: f.remarks,
  };
  if (f.location) {
    body.mapType = f.location.mapType;
    if (f.location.mapType === 'gaode') {
      body.longitudeForGaodeMap = f.location.lng;
      body.latitudeForGaodeMap = f.location.lat;
    } else {
      body.longitudeForGoogleMap = f.location.lng;
      body.latitudeForGoogleMap = f.location.lat;
    }
  }
  if (formIsPico(f)) {
    body.extendedAttr = {
      ...f.extendedAttr,
      // Empty means the default, as the server would fill it in.
      heartBeatPeriod: num(f.extendedAttr.heartBeatPeriod) ?? PICO_HEARTBEAT.default,
    };
  }
  return body;
}

/** Number ranges shown in hints (messages take them from the schema). */
export const RANGES = {
  mqttKeepAlive: MQTT_KEEPALIVE,
  statInterval: STAT_INTERVAL,
  heartBeatPeriod: PICO_HEARTBEAT,
} as const;

export { PICO };
