import { createHash } from 'node:crypto';
import { applicationApi } from '@lns/contract/api/applications';
import { deviceApi } from '@lns/contract/api/devices';
import { gatewayApi } from '@lns/contract/api/gateways';
import { systemApi } from '@lns/contract/api/system';
import type { GatewayMqttInfo } from '@lns/contract/gateway-status';
import { Api } from './api';
import type { DeviceSpec } from './device';
import type { ProductType } from './protocols';

export interface ProvisionOptions {
  url: string;
  token?: string;
  user?: string;
  password?: string;
  app: string;
  gateways: number;
  devices: number;
  region: string;
  subnet: string;
  /** 4 hex digits that start every EUI the simulator makes (several simulations side by side). */
  prefix: string;
  /** Share of OTAA devices; the others are ABP. */
  otaaShare: number;
  /** Gateway i's link (absent: all UDP); those on MQTT get their credentials read. */
  links?: GatewayLink[];
  /** Device i's product type (absent: lorawan): relays and ladtps answer their protocols. */
  productTypes?: ProductType[];
}

/** How a simulated gateway reaches the server: Semtech UDP straight, or through its own gateway agent over MQTT. */
export type GatewayLink = 'udp' | 'mqtt';

export interface Provisioned {
  appID: number;
  gwIDs: string[];
  devices: DeviceSpec[];
  /** The MQTT credentials of the gateways on the MQTT link, by gateway ID. */
  mqtt: Record<string, GatewayMqttInfo>;
  /** What was made and what was already there. */
  created: { gateways: number; devices: number; app: boolean };
}

const hex = (s: string, chars: number) => createHash('sha256').update(s).digest('hex').slice(0, chars);
const index8 = (i: number) => i.toString(16).padStart(8, '0');

export const gatewayEui = (prefix: string, i: number) => `${prefix}a0a0${index8(i)}`;
export const deviceEui = (prefix: string, i: number) => `${prefix}d0d0${index8(i)}`;
/** Device i is OTAA when the running count of OTAA devices steps up at i. */
export const isOtaa = (i: number, share: number) => Math.floor((i + 1) * share) > Math.floor(i * share);

/** Runs `fn` over items with at most `n` at a time. */
export async function pool<T, R>(items: T[], n: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

/**
 * Creates or reuses the application, gateways and devices through the API. EUIs and keys follow
 * from the prefix and index, so a second run finds and reuses what the first one made.
 */
export async function provision(o: ProvisionOptions): Promise<Provisioned> {
  const api = new Api(o);
  await api.signIn();
  const created = { gateways: 0, devices: 0, app: false };
  const gwIDs = Array.from({ length: o.gateways }, (_, i) => gatewayEui(o.prefix, i));
  const onMqtt = gwIDs.filter((_, i) => o.links?.[i] === 'mqtt');
  if (onMqtt.length > 0) {
    // Before anything is made: a server whose broker could not start has no MQTT gateway link.
    const { mqtt: broker } = await api.call(systemApi.webConfig, undefined);
    if (!broker.available)
      throw new Error(
        `the server runs without its MQTT broker (port ${broker.port} was taken when it started): restart it with MQTT_PORT or MQTT_URL, or use --link udp`,
      );
  }

  const apps = await api.call(applicationApi.list, { pageNo: 0, pageSize: 0 });
  let appID = apps.find((a) => a.appName === o.app)?.appID;
  if (appID === undefined) {
    appID = (await api.call(applicationApi.create, { appName: o.app }))!.appID;
    created.app = true;
  }

  await pool(gwIDs, 8, async (gwID) => {
    const found = await api.attempt(gatewayApi.statusInfo, { gwID });
    if (found.code === 0) return;
    await api.call(gatewayApi.create, {
      gwID,
      gwName: `sim-${gwID}`,
      region: o.region,
      subnet: o.subnet,
      gwType: 'generic',
      txPower: 0,
    });
    created.gateways++;
  });

  const mqtt: Record<string, GatewayMqttInfo> = {};
  await pool(onMqtt, 8, async (gwID) => {
    mqtt[gwID] = await api.call(gatewayApi.mqttInfo, { gwID });
  });

  const joinEUI = `${o.prefix}0a0a0a0a0a0a`;
  const devices = await pool(
    Array.from({ length: o.devices }, (_, i) => i),
    8,
    async (i): Promise<DeviceSpec> => {
      const devEUI = deviceEui(o.prefix, i);
      const found = await api.attempt(deviceApi.status, { devEUI });
      if (found.code === 0 && found.data) {
        const d = found.data;
        const productType = d.productType;
        if (d.authType === 'otaa' && d.appKey)
          return { devEUI, joinEUI: d.appEUI, authType: 'otaa', appKey: d.appKey, fCntUp: 0, productType };
        if (d.authType === 'abp' && d.devAddr && d.appSKey && d.nwkSKey)
          return {
            devEUI,
            joinEUI: d.appEUI,
            authType: 'abp',
            session: { devAddr: d.devAddr, appSKey: d.appSKey, nwkSKey: d.nwkSKey },
            // The server refuses a counter it has seen: continue after the stored one.
            fCntUp: d.fCntUp > 0 ? d.fCntUp + 1 : 0,
            productType,
          };
        throw new Error(`device ${devEUI} exists but its keys are not readable; delete it or use another --prefix`);
      }
      const otaa = isOtaa(i, o.otaaShare);
      const base = {
        appID,
        devEUI,
        devName: `sim-${devEUI.slice(-6)}`,
        appEUI: joinEUI,
        region: o.region,
        subnet: o.subnet,
        class: 'A' as const,
        macVersion: '1.0.3' as const,
        productType: o.productTypes?.[i] ?? 'lorawan',
      };
      created.devices++;
      if (otaa) {
        const appKey = hex(`${devEUI}/appKey`, 32);
        await api.call(deviceApi.create, { ...base, authType: 'otaa', appKey });
        return { devEUI, joinEUI, authType: 'otaa', appKey, fCntUp: 0, productType: base.productType };
      }
      // A type-0 DevAddr (first bit 0) derived from the DevEUI, so reruns reuse it.
      const session = {
        devAddr: `0${hex(`${devEUI}/devAddr`, 7)}`,
        nwkSKey: hex(`${devEUI}/nwkSKey`, 32),
        appSKey: hex(`${devEUI}/appSKey`, 32),
      };
      await api.call(deviceApi.create, { ...base, authType: 'abp', ...session });
      return { devEUI, joinEUI, authType: 'abp', session, fCntUp: 0, productType: base.productType };
    },
  );
  return { appID, gwIDs, devices, mqtt, created };
}
