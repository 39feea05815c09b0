import type { MacCommand } from './mac';
import type { Region, Subnet } from './regions/types';

/**
 * Adaptive data rate, network side: the algorithm of Semtech's "LoRaWAN — Recommended
 * algorithm for the network server" (also ChirpStack's default): from the best SNR of the last
 * 20 uplinks, the margin above the SNR the data rate needs, minus an installation margin, in
 * 3 dB steps — first faster data rates, then lower TX power; a negative margin raises the power.
 * The data rate is never lowered by the network: the device's own ADRACKReq back-off does that.
 */

/** Uplinks of history the algorithm needs before it acts (fewer: no change). */
export const ADR_HISTORY = 20;

/** SNR (dB) a LoRa receiver needs to demodulate each spreading factor. */
const REQUIRED_SNR: Record<number, number> = { 5: -2.5, 6: -5, 7: -7.5, 8: -10, 9: -12.5, 10: -15, 11: -17.5, 12: -20 };

/** The demodulation floor of a spreading factor (FSK and unknown: the SF7 figure). */
export const requiredSnr = (sf: number | null): number => (sf === null ? -7.5 : (REQUIRED_SNR[sf] ?? -20));

export interface AdrState {
  region: Region;
  /** The device's channel plan (null: the region's default channels). */
  subnet: Subnet | null;
  /** The data rate of the latest uplink. */
  dr: number;
  /** The TXPower index the device uses (0 = maximum). */
  txPower: number;
  /** Best SNR of each recent uplink, oldest first. */
  snrHistory: readonly number[];
  /** Installation margin in dB. */
  margin: number;
}

export interface AdrTarget {
  dataRate: number;
  txPower: number;
  nbTrans: number;
}

/** The fastest data rate every narrow-band uplink channel of the plan allows (US915: DR3, EU868: DR5). */
export function maxAdrDataRate(region: Region, subnet: Subnet | null): number {
  const narrow = (subnet?.uplinkChannels ?? region.defaultChannels).filter((c) => c.minDr === 0);
  return narrow.length ? Math.min(...narrow.map((c) => c.maxDr)) : 0;
}

/**
 * Spends `steps` 3 dB steps of link margin: a positive step raises the data rate while it can,
 * then lowers the power (a higher index); a negative step raises the power. Returns [txPower, dr].
 */
export function spendAdrSteps(
  steps: number,
  txPower: number,
  dr: number,
  maxTx: number,
  maxDr: number,
): [number, number] {
  let [tx, d] = [txPower, dr];
  for (; steps > 0; steps--) {
    if (d < maxDr) d++;
    else if (tx < maxTx) tx++;
  }
  for (; steps < 0; steps++) if (tx > 0) tx--;
  return [tx, d];
}

/** The data rate and TX power to ask for, or null when the device should keep its settings. */
export function adrTarget(s: AdrState): AdrTarget | null {
  if (s.snrHistory.length < ADR_HISTORY) return null;
  const rate = s.region.dataRates[s.dr]?.rate;
  if (rate?.modulation !== 'LORA') return null;
  const maxDr = maxAdrDataRate(s.region, s.subnet);
  const maxTx = s.region.txPowers.length - 1;
  const snrMax = Math.max(...s.snrHistory.slice(-ADR_HISTORY));
  // Truncated toward zero: a margin short of one whole step changes nothing either way.
  const steps = Math.trunc((snrMax - requiredSnr(rate.sf) - s.margin) / 3);
  const [tx, dr] = spendAdrSteps(steps, Math.min(Math.max(0, s.txPower), maxTx), Math.min(s.dr, maxDr), maxTx, maxDr);
  if (dr === s.dr && tx === s.txPower) return null;
  return { dataRate: dr, txPower: tx, nbTrans: 1 };
}

/** Fixed plans whose ChMaskCntl 7 switches every 125 kHz channel off and masks the 500 kHz ones. */
const CNTL7_PLANS = new Set(['us915', 'au915']);

/**
 * The LinkADRReq block that sets `t` and enables exactly the plan's uplink channels: one command
 * for dynamic plans; for US915/AU915 a ChMaskCntl 7 command (all 125 kHz off, the 500 kHz mask)
 * then one per 16-channel bank in use; for other fixed plans one per bank in use (banks not named
 * keep the mask the join-accept's CFList set). The device applies the block as a whole.
 */
export function linkAdrBlock(region: Region, subnet: Subnet | null, t: AdrTarget): MacCommand[] {
  const cmd = (chMaskCntl: number, chMask: number): MacCommand => ({
    type: 'LinkADRReq',
    dataRate: t.dataRate,
    txPower: t.txPower,
    nbTrans: t.nbTrans,
    chMaskCntl,
    chMask,
  });
  const indices = (subnet?.uplinkChannels ?? region.defaultChannels).map((c) => c.index);
  if (region.plan === 'dynamic')
    return [
      cmd(
        0,
        indices.reduce((m, i) => m | (1 << i), 0),
      ),
    ];
  const out: MacCommand[] = [];
  let narrow = indices;
  if (CNTL7_PLANS.has(region.id)) {
    out.push(
      cmd(
        7,
        indices.filter((i) => i >= 64).reduce((m, i) => m | (1 << (i - 64)), 0),
      ),
    );
    narrow = indices.filter((i) => i < 64);
  }
  const banks = new Map<number, number>();
  for (const i of narrow) banks.set(i >> 4, (banks.get(i >> 4) ?? 0) | (1 << (i & 15)));
  for (const [bank, mask] of [...banks].sort((a, b) => a[0] - b[0])) out.push(cmd(bank, mask));
  return out;
}

/** Whether the device accepted every LinkADRReq of the block its LinkADRAns commands answer. */
export function linkAdrAccepted(answers: readonly MacCommand[]): boolean | null {
  const ans = answers.filter((c) => c.type === 'LinkADRAns');
  if (ans.length === 0) return null;
  return ans.every((c) => c.type === 'LinkADRAns' && c.powerAck && c.dataRateAck && c.channelMaskAck);
}
