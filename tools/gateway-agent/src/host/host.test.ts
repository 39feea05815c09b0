import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CpuMeter, parseProcStat } from './cpu';
import { diskUsage, parseMeminfo } from './memory';
import { addresses, defaultRouteInterface, networkTypeOf } from './network';
import { resetSource, temperature } from './sensors';

function sysfs(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'gw-sys-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const ROUTES = `Iface\tDestination\tGateway\tFlags\tRefCnt\tUse\tMetric\tMask
wwan0\t00000000\t0101A8C0\t0003\t0\t0\t700\t00000000
eth0\t00000000\t0101A8C0\t0003\t0\t0\t100\t00000000
eth0\t0001A8C0\t00000000\t0001\t0\t0\t0\t00FFFFFF`;

describe('host figures', () => {
  it('reads CPU ticks and memory from /proc text', () => {
    expect(parseProcStat('cpu  100 0 50 800 50 0 0 0 0 0\ncpu0 1 2 3')).toEqual({ busy: 150, total: 1000 });
    expect(parseMeminfo('MemTotal: 1000 kB\nMemAvailable:   250 kB\n')).toEqual({ MemTotal: 1000, MemAvailable: 250 });
  });

  it('measures CPU usage over a window, within 0..100', async () => {
    const u = await new CpuMeter().usage();
    expect(u).toBeGreaterThanOrEqual(0);
    expect(u).toBeLessThanOrEqual(100);
  });

  it('measures disk usage of a path, or of its nearest existing parent', () => {
    const root = diskUsage('/')!;
    expect(root).toBeGreaterThan(0);
    expect(root).toBeLessThanOrEqual(100);
    expect(diskUsage('/no/such/dir/here')).toBe(root);
  });

  it('finds the default route, its type and addresses', () => {
    expect(defaultRouteInterface(ROUTES)).toBe('eth0');
    expect(['eth0', 'enp3s0', 'br-lan'].map(networkTypeOf)).toEqual(['ethernet', 'ethernet', 'ethernet']);
    expect(['wlan0', 'wlp2s0', 'ra0'].map(networkTypeOf)).toEqual(['wifi', 'wifi', 'wifi']);
    expect(['wwan0', 'ppp0', 'usb0'].map(networkTypeOf)).toEqual(['lte', 'lte', 'lte']);
    const list = [
      { name: 'wwan0', mac: '', addresses: ['100.64.1.2/30'] },
      { name: 'eth0', mac: 'b8:27:eb:00:00:01', addresses: ['fe80::1/64', '192.168.1.20/24'] },
    ];
    expect(addresses(list, ROUTES)).toEqual({
      defaultInterface: 'eth0',
      networkType: 'ethernet',
      routeIP: '192.168.1.20',
      lanIP: '192.168.1.20',
    });
  });

  it('reads the temperature from a CPU thermal zone, else hwmon, else null', () => {
    const soc = sysfs({
      'thermal/thermal_zone0/type': 'battery',
      'thermal/thermal_zone0/temp': '30000',
      'thermal/thermal_zone1/type': 'cpu-thermal',
      'thermal/thermal_zone1/temp': '48312',
    });
    expect(temperature(soc)).toBe(48.3);
    expect(temperature(sysfs({ 'hwmon/hwmon0/temp1_input': '51000' }))).toBe(51);
    expect(temperature(sysfs({}))).toBeNull();
  });

  it('reads the reset source from a watchdog bootstatus', () => {
    expect(resetSource(sysfs({ 'watchdog/watchdog0/bootstatus': '32' }))).toBe('watchdog');
    expect(resetSource(sysfs({ 'watchdog/watchdog0/bootstatus': '16' }))).toBe('hardware');
    expect(resetSource(sysfs({ 'watchdog/watchdog0/bootstatus': '0' }))).toBe('unknown');
    expect(resetSource(sysfs({}))).toBe('unknown');
  });
});
