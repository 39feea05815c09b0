import { type AdrTarget, linkAdrBlock } from './adr';
import type { MacCommand } from './mac';
import type { Channel, Region, Subnet } from './regions/types';

/**
 * Moving a device from one channel plan of a region to another without a re-join, in two steps
 * (make-before-break): first the union of both plans, so the device is heard whether the gateways
 * listen on the old plan or already on the new one; after the gateways moved, the next plan only.
 *
 * Fixed plans (US915, AU915, CN470): the channels exist on the device already, LinkADRReq masks
 * (ChMaskCntl) enable them. Dynamic plans: the next plan's channels the current one lacks are
 * created with NewChannelReq in free channel indexes, then the LinkADRReq mask enables them. The
 * RX2 channel is the region's (the same for every plan of a region), so no RXParamSetupReq is
 * needed between two plans of one region.
 */
export type CutoverStep = 'union' | 'next' | 'current';

/** Dynamic plans have at most 16 channels (LinkADRReq ChMask with ChMaskCntl 0). */
const DYNAMIC_CHANNELS = 16;

/**
 * The channels the device has during the cutover: the current plan's channels at their indexes,
 * then each channel of the next plan the current one lacks, in the lowest free index (dynamic plans)
 * or at its own index (fixed plans, where index and frequency go together).
 */
export function cutoverChannels(region: Region, current: Subnet, next: Subnet): { union: Channel[]; next: Channel[] } {
  if (region.plan === 'fixed') {
    const seen = new Set(current.uplinkChannels.map((c) => c.index));
    const union = [...current.uplinkChannels, ...next.uplinkChannels.filter((c) => !seen.has(c.index))];
    return { union: union.sort((a, b) => a.index - b.index), next: next.uplinkChannels };
  }
  const byFreq = new Map(current.uplinkChannels.map((c) => [c.frequency, c]));
  const used = new Set(current.uplinkChannels.map((c) => c.index));
  const union = [...current.uplinkChannels];
  const nextAt: Channel[] = [];
  for (const c of next.uplinkChannels) {
    const have = byFreq.get(c.frequency);
    if (have) {
      nextAt.push(have);
      continue;
    }
    let i = 0;
    while (used.has(i)) i++;
    if (i >= DYNAMIC_CHANNELS) throw new RangeError('the two plans together have more than 16 channels');
    used.add(i);
    const added = { ...c, index: i };
    union.push(added);
    nextAt.push(added);
  }
  return { union, next: nextAt };
}

/** The channels one step asks the device to use. */
export function stepChannels(region: Region, current: Subnet, next: Subnet, step: CutoverStep): Channel[] {
  const ch = cutoverChannels(region, current, next);
  return step === 'union' ? ch.union : step === 'next' ? ch.next : current.uplinkChannels;
}

/**
 * The MAC commands of one step: for dynamic plans the NewChannelReq of the channels the current
 * plan lacks (the union step only; the others only mask), then the LinkADRReq block enabling the
 * step's channels with the device's data rate, power and NbTrans (`t`).
 */
export function cutoverCommands(
  region: Region,
  current: Subnet,
  next: Subnet,
  step: CutoverStep,
  t: AdrTarget,
): MacCommand[] {
  const channels = stepChannels(region, current, next, step);
  const out: MacCommand[] = [];
  if (region.plan === 'dynamic' && step === 'union') {
    const have = new Set(current.uplinkChannels.map((c) => c.index));
    for (const c of channels)
      if (!have.has(c.index))
        out.push({ type: 'NewChannelReq', chIndex: c.index, frequency: c.frequency, minDr: c.minDr, maxDr: c.maxDr });
  }
  const plan: Subnet = { id: `${current.id}>${next.id}`, name: step, uplinkChannels: channels, cfList: null };
  // The data rate must be one the step's channels allow, else the device refuses the whole block.
  const maxDr = Math.max(...channels.map((c) => c.maxDr));
  const target = { ...t, dataRate: Math.min(t.dataRate, maxDr) };
  const block = linkAdrBlock(region, plan, target);
  if (region.plan === 'fixed' && !block.some((c) => c.type === 'LinkADRReq' && c.chMaskCntl === 7)) {
    // Without a ChMaskCntl that clears every bank (CN470), a bank the union used and this step
    // does not is named with an empty mask, else its channels would stay on.
    const named = new Set(block.map((c) => (c.type === 'LinkADRReq' ? c.chMaskCntl : -1)));
    const unionBanks = new Set(cutoverChannels(region, current, next).union.map((c) => c.index >> 4));
    for (const bank of [...unionBanks].sort((a, b) => a - b))
      if (!named.has(bank)) block.push({ type: 'LinkADRReq', ...target, chMaskCntl: bank, chMask: 0 });
  }
  return [...out, ...block];
}

/**
 * Whether the device's answers accept a step: every LinkADRAns with its three bits and every
 * NewChannelAns with both; null when the uplink carries no LinkADRAns (not an answer).
 */
export function cutoverAnswered(answers: readonly MacCommand[]): boolean | null {
  const adr = answers.filter((c) => c.type === 'LinkADRAns');
  if (adr.length === 0) return null;
  return answers.every((c) =>
    c.type === 'LinkADRAns'
      ? c.powerAck && c.dataRateAck && c.channelMaskAck
      : c.type === 'NewChannelAns'
        ? c.dataRateRangeOk && c.channelFrequencyOk
        : true,
  );
}
