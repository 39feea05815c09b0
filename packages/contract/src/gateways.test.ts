import { describe, expect, it } from 'vitest';
import { issues } from '../test/issues';
import { C } from './codes';
import {
  GATEWAY_BATCH_MAX,
  gatewayBatchUpdateBody,
  gatewayCreateBody,
  gatewayListQuery,
  gatewayMqttBody,
  gwIDsBody,
  headerMap,
  isPico,
  locationOf,
  MQTT_KEEPALIVE,
  PICO,
  PICO_CHANNEL,
  PICO_DEFAULTS,
  PICO_DR,
  PICO_HEARTBEAT,
  PUSH_URLS_MAX,
  picoExtendedAttr,
  pushUrls,
  randomGwId,
  STAT_INTERVAL,
  TIME_ZONES,
  TX_POWER,
  tagsIdList,
} from './gateways';
import { HEADERS_MAX, NAME_MAX, REMARKS_MAX } from './limits';
import { V } from './validation';

const GW = '0102030405060708';
const gw = { gwID: GW, gwName: 'roof', region: 'eu868', subnet: 'eu868-std', gwType: 'generic', txPower: 14 };

describe('gateway create body', () => {
  it('fills the defaults and normalises the ids', () => {
    expect(
      gatewayCreateBody.parse({ ...gw, gwID: '01-02-03-04-05-06-07-08', region: ' EU868 ', gwType: 'Generic' }),
    ).toEqual({
      ...gw,
      pushUrls: [],
      headers: {},
      enableClassB: false,
      enableClassC: false,
      enableBridgeLogToFile: false,
      mqttKeepAlive: MQTT_KEEPALIVE.default,
      statInterval: STAT_INTERVAL.default,
      remarks: '',
      ntpServer: '',
      tagsId: [],
    });
  });

  it.each([
    ['txPower', TX_POWER],
    ['mqttKeepAlive', MQTT_KEEPALIVE],
    ['statInterval', STAT_INTERVAL],
  ] as const)('keeps %s within its bounds, integers only', (field, { min, max }) => {
    expect(gatewayCreateBody.parse({ ...gw, [field]: min })[field]).toBe(min);
    expect(gatewayCreateBody.parse({ ...gw, [field]: max })[field]).toBe(max);
    expect(issues(gatewayCreateBody, { ...gw, [field]: min - 1 })).toMatchObject([{ path: field, code: 'too_small' }]);
    expect(issues(gatewayCreateBody, { ...gw, [field]: max + 1 })).toMatchObject([{ path: field, code: 'too_big' }]);
    expect(issues(gatewayCreateBody, { ...gw, [field]: min + 0.5 })).toMatchObject([{ path: field }]);
    expect(issues(gatewayCreateBody, { ...gw, [field]: String(min) })).toMatchObject([{ path: field }]);
  });

  it('keeps names, remarks and the NTP server within their limits', () => {
    expect(gatewayCreateBody.parse({ ...gw, gwName: ` ${'n'.repeat(NAME_MAX)} ` }).gwName).toHaveLength(NAME_MAX);
    expect(issues(gatewayCreateBody, { ...gw, gwName: 'n'.repeat(NAME_MAX + 1) })).toMatchObject([{ path: 'gwName' }]);
    expect(issues(gatewayCreateBody, { ...gw, gwName: ' ' })).toEqual([
      { path: 'gwName', code: 'too_small', message: 'gateway name cannot be empty' },
    ]);
    expect(gatewayCreateBody.parse({ ...gw, remarks: 'r'.repeat(REMARKS_MAX) }).remarks).toHaveLength(REMARKS_MAX);
    expect(issues(gatewayCreateBody, { ...gw, remarks: 'r'.repeat(REMARKS_MAX + 1) })).toMatchObject([
      { path: 'remarks', code: 'too_big' },
    ]);
    expect(gatewayCreateBody.parse({ ...gw, ntpServer: ' pool.ntp.org:123 ' }).ntpServer).toBe('pool.ntp.org:123');
    expect(issues(gatewayCreateBody, { ...gw, ntpServer: 'ntp/evil' })).toEqual([
      { path: 'ntpServer', code: 'invalid_format', message: 'a host name' },
    ]);
    expect(issues(gatewayCreateBody, { ...gw, ntpServer: 'n'.repeat(129) })).toMatchObject([{ path: 'ntpServer' }]);
  });

  it('takes switches as JSON booleans only', () => {
    expect(issues(gatewayCreateBody, { ...gw, enableClassB: 1 })).toMatchObject([{ path: 'enableClassB' }]);
    expect(issues(gatewayCreateBody, { ...gw, enableClassC: 'true' })).toMatchObject([{ path: 'enableClassC' }]);
  });

  it('refuses a missing or malformed gateway id', () => {
    expect(issues(gatewayCreateBody, { ...gw, gwID: '01020304' })).toEqual([
      { path: 'gwID', code: 'custom', message: 'must be 16 hex digits' },
    ]);
    expect(issues(gatewayCreateBody, { ...gw, gwID: undefined })).toMatchObject([
      { path: 'gwID', code: 'invalid_type' },
    ]);
  });
});

describe('gateway location', () => {
  it('reads coordinates as numbers or number text; empty and null are absent', () => {
    const b = gatewayCreateBody.parse({
      ...gw,
      mapType: 'google',
      latitudeForGoogleMap: '-90',
      longitudeForGoogleMap: 180,
      latitudeForGaodeMap: ' ',
      longitudeForGaodeMap: null,
      altitude: '100000',
    });
    expect(b).toMatchObject({ latitudeForGoogleMap: -90, longitudeForGoogleMap: 180, altitude: 100_000 });
    expect(b.latitudeForGaodeMap).toBeUndefined();
    expect(b.longitudeForGaodeMap).toBeUndefined();
    expect(locationOf(b)).toEqual({ mapType: 'google', latitude: -90, longitude: 180 });
    expect(gatewayCreateBody.parse({ ...gw, altitude: '' }).altitude).toBeUndefined();
  });

  it.each([
    ['latitudeForGaodeMap', 90],
    ['longitudeForGaodeMap', 180],
    ['latitudeForGoogleMap', 90],
    ['longitudeForGoogleMap', 180],
    ['altitude', 100_000],
  ])('keeps %s within ±%i and refuses text that is not a number', (field, max) => {
    expect(gatewayCreateBody.safeParse({ ...gw, [field]: -max }).success).toBe(true);
    expect(issues(gatewayCreateBody, { ...gw, [field]: max + 0.001 })).toMatchObject([
      { path: field, code: 'too_big' },
    ]);
    expect(issues(gatewayCreateBody, { ...gw, [field]: String(-max - 1) })).toMatchObject([
      { path: field, code: 'too_small' },
    ]);
    expect(issues(gatewayCreateBody, { ...gw, [field]: 'north' })).toMatchObject([{ path: field }]);
    expect(issues(gatewayCreateBody, { ...gw, [field]: 'Infinity' })).toMatchObject([{ path: field }]);
  });

  it('a map type needs the coordinate pair of that map', () => {
    expect(issues(gatewayCreateBody, { ...gw, mapType: 'gaode', latitudeForGaodeMap: 30 })).toEqual([
      { path: 'longitudeForGaodeMap', code: 'custom', message: V.locationPair },
    ]);
    expect(
      issues(gatewayCreateBody, { ...gw, mapType: 'google', latitudeForGaodeMap: 1, longitudeForGaodeMap: 2 }),
    ).toEqual([
      { path: 'longitudeForGoogleMap', code: 'custom', message: V.locationPair },
      { path: 'latitudeForGoogleMap', code: 'custom', message: V.locationPair },
    ]);
    expect(issues(gatewayCreateBody, { ...gw, mapType: 'osm' })).toMatchObject([{ path: 'mapType' }]);
    expect(locationOf({ latitudeForGaodeMap: 1, longitudeForGaodeMap: 2 })).toBeNull();
  });
});

describe('gateway push settings', () => {
  it('push URLs: empty entries dropped, trimmed, http(s), PUSH_URLS_MAX of up to 256 characters', () => {
    expect(pushUrls.parse(['', ' https://a.example ', '  '])).toEqual(['https://a.example']);
    const urls = Array.from({ length: PUSH_URLS_MAX }, (_, i) => `http://h${i}.example`);
    expect(pushUrls.parse(urls)).toEqual(urls);
    expect(issues(pushUrls, [...urls, 'http://x.example'])).toMatchObject([{ path: '', code: 'too_big' }]);
    const long = `http://a.example/${'p'.repeat(256 - 17)}`;
    expect(pushUrls.parse([long])).toEqual([long]);
    expect(issues(pushUrls, [`${long}p`])).toMatchObject([{ path: '0', code: 'too_big' }]);
    expect(issues(pushUrls, ['ftp://a.example'])).toEqual([{ path: '0', code: 'custom', message: V.httpUrl }]);
    expect(issues(pushUrls, 'http://a.example')[0]).toMatchObject({ code: 'invalid_type' });
  });

  it('headers: pairs with an empty key dropped, token names, values up to 256, HEADERS_MAX pairs', () => {
    expect(headerMap.parse({ '': 'x', ' ': 'y', 'X-A': '' })).toEqual({ 'X-A': '' });
    const full = Object.fromEntries(Array.from({ length: HEADERS_MAX }, (_, i) => [`X-${i}`, 'v']));
    expect(headerMap.parse(full)).toEqual(full);
    expect(issues(headerMap, { ...full, 'X-more': 'v' })).toEqual([
      { path: '', code: 'custom', message: `at most ${HEADERS_MAX} headers` },
    ]);
    expect(issues(headerMap, { 'Bad Name': 'v' })).toEqual([
      { path: 'Bad Name', code: 'invalid_key', message: V.headerName },
    ]);
    expect(headerMap.parse({ 'X-A': 'v'.repeat(256) })['X-A']).toHaveLength(256);
    expect(issues(headerMap, { 'X-A': 'v'.repeat(257) })).toMatchObject([{ path: 'X-A', code: 'too_big' }]);
    expect(issues(headerMap, [{ key: 'X-A', value: 'v' }])).toMatchObject([{ code: 'invalid_type' }]);
  });

  it('tag ids: at most 50, duplicates removed', () => {
    expect(tagsIdList.parse([3, 1, 3, 2, 1])).toEqual([3, 1, 2]);
    const ids = Array.from({ length: 50 }, (_, i) => i + 1);
    expect(tagsIdList.parse(ids)).toEqual(ids);
    expect(issues(tagsIdList, [...ids, 51])).toMatchObject([{ path: '', code: 'too_big' }]);
    expect(issues(tagsIdList, [0])).toMatchObject([{ path: '0', code: 'too_small' }]);
  });
});

describe('pico gateways', () => {
  it('fill every missing part of the extended attributes with the defaults', () => {
    expect(picoExtendedAttr.parse({})).toEqual(PICO_DEFAULTS);
    expect(picoExtendedAttr.parse({ publicChannel: { ch: 0, dr: 0 } }).publicChannel).toEqual({ ch: 0, dr: 0 });
  });

  it('keep channels, data rates and the heartbeat within their bounds', () => {
    const ok = { publicChannel: { ch: PICO_CHANNEL.max, dr: PICO_DR.max }, heartBeatPeriod: PICO_HEARTBEAT.max };
    expect(picoExtendedAttr.safeParse(ok).success).toBe(true);
    expect(issues(picoExtendedAttr, { dataChannel: { ch: PICO_CHANNEL.max + 1, dr: 0 } })).toMatchObject([
      { path: 'dataChannel.ch', code: 'too_big' },
    ]);
    expect(issues(picoExtendedAttr, { dataChannel: { ch: 0, dr: PICO_DR.max + 1 } })).toMatchObject([
      { path: 'dataChannel.dr', code: 'too_big' },
    ]);
    expect(issues(picoExtendedAttr, { heartBeatPeriod: PICO_HEARTBEAT.min - 1 })).toMatchObject([
      { path: 'heartBeatPeriod', code: 'too_small' },
    ]);
  });

  it('take server addresses as host, host:port or URL, and a time zone from the list', () => {
    const a = picoExtendedAttr.parse({ upgradeServer: ' http://[::1]:8080/fw ', proxyServer: 'proxy.example:3128' });
    expect(a).toMatchObject({ upgradeServer: 'http://[::1]:8080/fw', proxyServer: 'proxy.example:3128' });
    expect(issues(picoExtendedAttr, { proxyServer: 'a b' })).toEqual([
      { path: 'proxyServer', code: 'invalid_format', message: 'a host name, host:port or URL' },
    ]);
    expect(issues(picoExtendedAttr, { upgradeServer: 'h'.repeat(129) })).toMatchObject([{ path: 'upgradeServer' }]);
    expect(picoExtendedAttr.parse({ timeZone: 'UTC-12:00' }).timeZone).toBe('UTC-12:00');
    expect(picoExtendedAttr.parse({ timeZone: 'UTC+14:00' }).timeZone).toBe('UTC+14:00');
    for (const timeZone of ['UTC+14:30', 'UTC+8', 'Asia/Shanghai']) {
      expect(issues(picoExtendedAttr, { timeZone })).toEqual([
        { path: 'timeZone', code: 'custom', message: 'a UTC offset like UTC+08:00' },
      ]);
    }
  });

  it('offer half-hour offsets from UTC-12:00 to UTC+14:00', () => {
    expect(TIME_ZONES[0]).toBe('UTC-12:00');
    expect(TIME_ZONES.at(-1)).toBe('UTC+14:00');
    expect(TIME_ZONES).toHaveLength(53);
    expect(TIME_ZONES).toContain('UTC+05:30');
    expect(TIME_ZONES).toContain(PICO_DEFAULTS.timeZone);
  });

  it('is pico only with the pico region, subnet and type together', () => {
    expect(isPico(PICO)).toBe(true);
    expect(isPico({ ...PICO, subnet: 'other' })).toBe(false);
    expect(isPico({ region: PICO.region, subnet: PICO.subnet })).toBe(false);
  });
});

describe('batches and other gateway bodies', () => {
  it('select 1 to GATEWAY_BATCH_MAX gateways', () => {
    const ids = Array.from({ length: GATEWAY_BATCH_MAX }, () => GW);
    expect(gwIDsBody.parse({ gwIDs: ids }).gwIDs).toHaveLength(GATEWAY_BATCH_MAX);
    expect(issues(gwIDsBody, { gwIDs: [...ids, GW] })).toMatchObject([{ path: 'gwIDs', code: 'too_big' }]);
    expect(issues(gwIDsBody, { gwIDs: [] })).toEqual([
      { path: 'gwIDs', code: 'too_small', message: 'gwIDs cannot be empty' },
    ]);
    expect(issues(gatewayBatchUpdateBody, { gwIDs: [], remarks: 'x' })).toMatchObject([
      { path: 'gwIDs', message: 'gwIDs cannot be empty' },
    ]);
  });

  it('batch update changes only what it carries; bridgeLog is 1 or 2', () => {
    // Nothing is filled in: a remark alone stays a remark alone.
    expect(gatewayBatchUpdateBody.parse({ gwIDs: [GW], remarks: ' r ' })).toEqual({ gwIDs: [GW], remarks: 'r' });
    expect(gatewayBatchUpdateBody.parse({ gwIDs: [GW], txPower: 0, enableClassB: false })).toEqual({
      gwIDs: [GW],
      txPower: 0,
      enableClassB: false,
    });
    // A body that changes nothing is refused, with the empty-parameter code.
    const nothing = gatewayBatchUpdateBody.safeParse({ gwIDs: [GW] });
    expect(nothing.error?.issues).toMatchObject([
      { path: [], message: 'set at least one field to change', params: { code: C.PARAM_EMPTY } },
    ]);
    expect(gatewayBatchUpdateBody.parse({ gwIDs: [GW], bridgeLog: 2, gwType: 'RHF2S001' })).toMatchObject({
      bridgeLog: 2,
      gwType: 'rhf2s001',
    });
    expect(issues(gatewayBatchUpdateBody, { gwIDs: [GW], bridgeLog: 0 })).toMatchObject([{ path: 'bridgeLog' }]);
    expect(issues(gatewayBatchUpdateBody, { gwIDs: [GW], txPower: TX_POWER.max + 1 })).toMatchObject([
      { path: 'txPower', code: 'too_big' },
    ]);
  });

  it('the MQTT keep-alive body needs a value within bounds', () => {
    expect(gatewayMqttBody.parse({ gwID: GW, mqttKeepAlive: MQTT_KEEPALIVE.min }).mqttKeepAlive).toBe(
      MQTT_KEEPALIVE.min,
    );
    expect(issues(gatewayMqttBody, { gwID: GW })).toMatchObject([{ path: 'mqttKeepAlive', code: 'invalid_type' }]);
  });

  it('random ids are valid gateway ids', () => {
    const id = randomGwId();
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(gwIDsBody.parse({ gwIDs: [id] }).gwIDs).toEqual([id]);
  });
});

describe('gateway list query', () => {
  it('reads filters from the query string, lowercasing regions and types', () => {
    expect(
      gatewayListQuery.parse({ regions: 'EU868, us915', gwTypes: ['RHF2S001'], tagsId: '1,2', keyword: ' roof ' }),
    ).toMatchObject({ regions: ['eu868', 'us915'], gwTypes: ['rhf2s001'], tagsId: [1, 2], keyword: 'roof' });
  });

  it('reads online as 1/0/true/false; empty is no filter', () => {
    for (const [v, out] of [
      ['1', true],
      ['true', true],
      ['0', false],
      ['false', false],
      ['', undefined],
    ] as const) {
      expect(gatewayListQuery.parse({ online: v }).online).toBe(out);
    }
    expect(issues(gatewayListQuery, { online: 'yes' })).toMatchObject([{ path: 'online', code: 'invalid_value' }]);
  });

  it('refuses a bad item of a list filter and a keyword past 64 characters', () => {
    expect(issues(gatewayListQuery, { tagsId: '1,x' })).toMatchObject([{ path: 'tagsId.1' }]);
    expect(issues(gatewayListQuery, { regions: `eu868,${'r'.repeat(17)}` })).toMatchObject([{ path: 'regions.1' }]);
    expect(issues(gatewayListQuery, { gwTypes: 't'.repeat(21) })).toMatchObject([
      { path: 'gwTypes.0', code: 'too_big' },
    ]);
    expect(issues(gatewayListQuery, { keyword: 'k'.repeat(65) })).toMatchObject([{ path: 'keyword', code: 'too_big' }]);
  });
});
