import type { McRoute } from '@lns/contract/multicast';
import { describe, expect, it } from 'vitest';
import { routeGraph } from './routeGraph';

const WORDS = { gateway: 'Gateway', member: 'Member gateway', device: 'Device' };
const route = (devices: number, gateways: number): McRoute => ({
  devices: Array.from({ length: devices }, (_, d) => ({
    devEUI: d.toString(16).padStart(16, '0'),
    devName: `dev-${d}`,
    gateways: Array.from({ length: gateways }, (_, g) => ({ gwID: `gw${g}`, snr: (d % 20) - 10, frames: 3 })),
  })),
  gateways: Array.from({ length: gateways }, (_, g) => ({
    gwID: `gw${g}`,
    gwName: `gateway ${g}`,
    online: true,
    member: g < gateways / 2,
    deviceNums: devices,
  })),
});
type Node = { id: string; category: number; label: { show: boolean } };
type Link = { label: { show: boolean } };
const seriesOf = (o: ReturnType<typeof routeGraph>) => (o as { series: { data: Node[]; links: Link[] }[] }).series[0]!;

describe('route chart', () => {
  it('at 500 devices × 20 gateways labels only the gateways', () => {
    const s = seriesOf(routeGraph(route(500, 20), WORDS));
    expect(s.data).toHaveLength(520);
    expect(s.links).toHaveLength(10_000);
    expect(s.data.filter((n) => n.id.startsWith('g:')).every((n) => n.label.show)).toBe(true);
    expect(s.data.filter((n) => n.id.startsWith('d:')).some((n) => n.label.show)).toBe(false);
    expect(s.links.some((l) => l.label.show)).toBe(false);
    expect(s.data.filter((n) => n.category === 0)).toHaveLength(10);
  });

  it('a small group shows device names and the SNR of each link', () => {
    const s = seriesOf(routeGraph(route(3, 2), WORDS));
    expect(s.data.every((n) => n.label.show)).toBe(true);
    expect(s.links.every((l) => l.label.show)).toBe(true);
  });

  it('in a phone-width card names only the gateways once there are more than 10 devices', () => {
    const wide = seriesOf(routeGraph(route(12, 4), WORDS));
    const narrow = seriesOf(routeGraph(route(12, 4), WORDS, true));
    expect(wide.data.every((n) => n.label.show)).toBe(true);
    expect(narrow.data.filter((n) => n.id.startsWith('g:')).every((n) => n.label.show)).toBe(true);
    expect(narrow.data.filter((n) => n.id.startsWith('d:')).some((n) => n.label.show)).toBe(false);
    expect(seriesOf(routeGraph(route(10, 4), WORDS, true)).data.every((n) => n.label.show)).toBe(true);
  });
});
