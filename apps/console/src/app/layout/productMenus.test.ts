import { afterEach, describe, expect, it } from 'vitest';
import { deviceProduct, noteDeviceProduct } from '../../lib/deviceProducts';
import { routeOf } from '../routes';
import { menusAt } from './useMenus';

const ACCESS = ['user', 'rhf3m485', 'rhf3mr01'];
const params = new URLSearchParams('appID=1&appName=a&devEUI=0102030405060708&devName=d');
const sideAt = (path: string, product?: string) =>
  menusAt(routeOf(path), ACCESS, params, product).side.map((e) => e.path);
const relay = (p: string[]) => p.filter((x) => x.includes('/relay/'));
const ladtp = (p: string[]) => p.filter((x) => x.includes('/ladtp/'));

describe('device side menu by product type', () => {
  afterEach(() => sessionStorage.clear());

  it('offers a relay’s pages for a relay, a ladtp’s for a ladtp, neither for a LoRaWAN device', () => {
    const forRelay = sideAt('/application/device/detail', 'rhf3mr01');
    expect(relay(forRelay)).toEqual([
      '/application/device/relay/status',
      '/application/device/relay/slave',
      '/application/device/relay/config',
      '/application/device/relay/downlink',
      '/application/device/relay/history',
    ]);
    expect(ladtp(forRelay)).toEqual([]);
    const forLadtp = sideAt('/application/device/detail', 'rhf3m485');
    expect(ladtp(forLadtp)).toHaveLength(4);
    expect(relay(forLadtp)).toEqual([]);
    const forLorawan = sideAt('/application/device/history/app', 'lorawan');
    expect([...relay(forLorawan), ...ladtp(forLorawan)]).toEqual([]);
    expect(forLorawan).toContain('/application/device/detail');
  });

  it('a product page implies its type; links carry the device', () => {
    const side = menusAt(routeOf('/application/device/relay/config'), ACCESS, params).side;
    expect(ladtp(side.map((e) => e.path))).toEqual([]);
    expect(side.find((e) => e.active)?.to).toBe(
      '/application/device/relay/config?appID=1&appName=a&devEUI=0102030405060708&devName=d',
    );
  });

  it('still needs the access string, whatever the device', () => {
    expect(
      relay(menusAt(routeOf('/application/device/detail'), ['user'], params, 'rhf3mr01').side.map((e) => e.path)),
    ).toEqual([]);
  });

  it('remembers a device’s type for the session, by lowercase EUI', () => {
    expect(deviceProduct('0102030405060708')).toBeUndefined();
    noteDeviceProduct('01020304050607AB', 'rhf3mr01');
    expect(deviceProduct('01020304050607ab')).toBe('rhf3mr01');
  });
});
