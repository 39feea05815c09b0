/**
 * A device's uplink channels as LoRaWAN 1.0.4 §5.3 / RP002 have the network change them: the
 * LinkADRReq ChMask (ChMaskCntl) enables channels, NewChannelReq (dynamic plans) defines them.
 * The device picks each uplink's channel among the enabled ones that allow its data rate.
 */
import type { MacCommand } from '@lns/lorawan/mac';
import type { Channel, Region } from '@lns/lorawan/regions';

type LinkAdrReq = Extract<MacCommand, { type: 'LinkADRReq' }>;
type NewChannelReq = Extract<MacCommand, { type: 'NewChannelReq' }>;

/** Fixed plans whose ChMaskCntl 5–7 address the 500 kHz channels 64–71 (US915, AU915). */
const WIDE_PLANS = new Set(['us915', 'au915']);
/** Dynamic plans have 16 channel indexes. */
const DYNAMIC_CHANNELS = 16;

/** `0-15 64-65`: enabled channel indexes as ranges. */
export function channelRanges(indexes: Iterable<number>): string {
  const sorted = [...indexes].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    out.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return out.join(' ') || 'none';
}

export class ChannelMask {
  /** Channels the device knows, by index: the region's grid (fixed plans) or those defined so far. */
  private readonly defined = new Map<number, Channel>();
  private enabled: Set<number>;

  /** `initial`: the channels enabled after a join or reset (the device's plan). */
  constructor(
    readonly region: Region,
    private readonly initial: readonly Channel[],
  ) {
    const known = region.plan === 'fixed' ? region.defaultChannels : [...region.defaultChannels, ...initial];
    for (const c of known) this.defined.set(c.index, c);
    this.enabled = new Set(initial.map((c) => c.index));
  }

  /** Back to the plan's channels (a new OTAA session). */
  reset(): void {
    for (const c of this.initial) this.defined.set(c.index, c);
    this.enabled = new Set(this.initial.map((c) => c.index));
  }

  /** Enabled channel indexes, ascending. */
  get indexes(): number[] {
    return [...this.enabled].sort((a, b) => a - b);
  }

  /** The enabled channels that allow data rate `dr` (all enabled ones when none does). */
  usable(dr: number | undefined): Channel[] {
    const on = this.indexes.map((i) => this.defined.get(i)!);
    const fit = dr === undefined ? on : on.filter((c) => c.minDr <= dr && dr <= c.maxDr);
    return fit.length ? fit : on;
  }

  /**
   * A LinkADRReq block, applied as a whole (commands in order on a copy): the ChMask answer for
   * every command of it. Refused (nothing changes) when a ChMaskCntl is RFU for the region, a
   * mask enables an undefined channel, or no channel would be left.
   */
  applyLinkAdr(block: readonly LinkAdrReq[], commit = true): boolean {
    const next = new Set(this.enabled);
    for (const c of block) if (!this.applyOne(next, c)) return false;
    if (next.size === 0) return false;
    if (commit) this.enabled = next;
    return true;
  }

  private applyOne(set: Set<number>, c: LinkAdrReq): boolean {
    const bits = (mask: number, base: number, count: number) => {
      for (let b = 0; b < count; b++) {
        const i = base + b;
        if ((mask >> b) & 1) {
          if (!this.defined.has(i)) return false;
          set.add(i);
        } else set.delete(i);
      }
      return true;
    };
    const grid = (from: number, to: number, on: boolean) => {
      for (const i of this.defined.keys()) if (i >= from && i < to) on ? set.add(i) : set.delete(i);
    };
    if (this.region.plan === 'dynamic') {
      if (c.chMaskCntl === 0) return bits(c.chMask, 0, DYNAMIC_CHANNELS);
      if (c.chMaskCntl === 6) {
        grid(0, DYNAMIC_CHANNELS, true);
        return true;
      }
      return false;
    }
    if (WIDE_PLANS.has(this.region.id)) {
      if (c.chMaskCntl <= 3) return bits(c.chMask, c.chMaskCntl * 16, 16);
      if (c.chMaskCntl === 4) return bits(c.chMask, 64, 8);
      if (c.chMaskCntl === 5) {
        // RP002: bit k enables the 8 125 kHz channels of sub-band k and the 500 kHz channel 64+k.
        for (let k = 0; k < 8; k++) {
          const on = ((c.chMask >> k) & 1) === 1;
          grid(k * 8, k * 8 + 8, on);
          grid(64 + k, 65 + k, on);
        }
        return true;
      }
      grid(0, 64, c.chMaskCntl === 6);
      return bits(c.chMask, 64, 8);
    }
    // Other fixed plans (CN470): ChMaskCntl n is the bank of channels 16n..16n+15; 6 enables all.
    const banks = Math.floor(Math.max(...this.defined.keys()) / 16) + 1;
    if (c.chMaskCntl < banks) return bits(c.chMask, c.chMaskCntl * 16, 16);
    if (c.chMaskCntl === 6) {
      grid(0, Number.POSITIVE_INFINITY, true);
      return true;
    }
    return false;
  }

  /** NewChannelReq (dynamic plans): defines, changes or (frequency 0) removes a channel. */
  applyNewChannel(c: NewChannelReq): { dataRateRangeOk: boolean; channelFrequencyOk: boolean } {
    const dataRateRangeOk =
      c.minDr <= c.maxDr && this.region.dataRates[c.minDr] != null && this.region.dataRates[c.maxDr] != null;
    // The default channels cannot be changed (LoRaWAN 1.0.4 §5.6).
    const isDefault = this.region.defaultChannels.some((d) => d.index === c.chIndex);
    const channelFrequencyOk =
      this.region.plan === 'dynamic' && c.chIndex < DYNAMIC_CHANNELS && !isDefault && c.frequency >= 0;
    if (dataRateRangeOk && channelFrequencyOk) {
      if (c.frequency === 0) {
        this.defined.delete(c.chIndex);
        this.enabled.delete(c.chIndex);
      } else {
        this.defined.set(c.chIndex, { index: c.chIndex, frequency: c.frequency, minDr: c.minDr, maxDr: c.maxDr });
        this.enabled.add(c.chIndex);
      }
    }
    return { dataRateRangeOk, channelFrequencyOk };
  }
}
