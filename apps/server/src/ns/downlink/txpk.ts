import type { Region } from '@lns/lorawan/regions';
import { getDataRate, maxPayload, rx1DataRate } from '@lns/lorawan/regions';
import type { Txpk } from '@lns/semtech-udp/packets';
import type { Stage } from '../stage';

export type RxWindow = 'rx1' | 'rx2' | 'imme';

const US = 1_000_000;

/** Adds seconds to a concentrator timestamp: microseconds modulo 2^32. */
export const tmstPlus = (tmst: number, seconds: number): number => (tmst + seconds * US) >>> 0;

/** Downlink DR and frequency of a receive window for an uplink at `upDr` on `upFreqHz`. */
export function windowParams(
  region: Region,
  window: RxWindow,
  up: { dr: number; freqHz: number },
  rx1DrOffset = 0,
): { dr: number; freqHz: number } {
  if (window === 'rx1') return { dr: rx1DataRate(region, up.dr, rx1DrOffset), freqHz: region.rx1Frequency(up.freqHz) };
  return { dr: region.rx2.dr, freqHz: region.rx2.frequency };
}

/** Gateway TX power: the gateway's setting when set, else the region's default EIRP. */
export const powerOf = (dp: Pick<Stage, 'gateways'>, gwId: string, region: Region): number =>
  dp.gateways.cached(gwId)?.txPower || region.defaultTxPower;

/** FRMPayload + FOpts bytes allowed at `dr` (dwell time off). */
export const maxAppBytes = (region: Region, dr: number): number => maxPayload(region, dr).n;

/** The packet-forwarder txpk for a PHYPayload in a window. `delay` is RX1's delay in seconds. */
export function buildTxpk(
  region: Region,
  p: { phy: Buffer; window: RxWindow; dr: number; freqHz: number; tmst?: number; delay?: number; powe: number },
): Txpk {
  const rate = getDataRate(region, p.dr).rate;
  const base = {
    freq: p.freqHz / 1e6,
    rfch: 0,
    powe: p.powe,
    ipol: true,
    size: p.phy.length,
    data: p.phy.toString('base64'),
  };
  const timing =
    p.window === 'imme'
      ? { imme: true }
      : { tmst: tmstPlus(p.tmst ?? 0, (p.delay ?? 1) + (p.window === 'rx2' ? 1 : 0)) };
  if (rate.modulation === 'FSK') {
    return { ...timing, ...base, modu: 'FSK', datr: rate.bitrate, fdev: 25000, ipol: false };
  }
  return { ...timing, ...base, modu: 'LORA', datr: `SF${rate.sf}BW${rate.bw}`, codr: '4/5' };
}
