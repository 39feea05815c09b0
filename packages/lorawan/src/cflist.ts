import { readFreq, writeFreq } from './bytes';
import { checkInt, fail } from './errors';

/**
 * Join-accept CFList (16 bytes).
 * - type 0 (dynamic plans, e.g. EU868): up to five extra channel frequencies in Hz (0 = no channel).
 * - type 1 (fixed plans, e.g. US915/AU915/CN470): channel-mask words ChMask0..ChMask6 (16 bits each, bit n = channel 16·i+n).
 */
export type CFList = { type: 0; frequencies: number[] } | { type: 1; chMasks: number[] };

export function decodeCFList(b: Uint8Array): CFList {
  if (b.length !== 16) fail('BAD_CFLIST', `CFList must be 16 bytes, got ${b.length}`);
  const type = b[15]!;
  if (type === 0) {
    const frequencies: number[] = [];
    for (let i = 0; i < 5; i++) frequencies.push(readFreq(b, i * 3));
    return { type: 0, frequencies };
  }
  if (type === 1) {
    const chMasks: number[] = [];
    for (let i = 0; i < 7; i++) chMasks.push(b[i * 2]! | (b[i * 2 + 1]! << 8));
    return { type: 1, chMasks };
  }
  return fail('BAD_CFLIST', `unknown CFListType ${type}`);
}

export function encodeCFList(cf: CFList): Buffer {
  const out = Buffer.alloc(16);
  if (cf.type === 0) {
    if (cf.frequencies.length > 5) fail('BAD_CFLIST', 'CFList type 0 holds at most 5 frequencies');
    cf.frequencies.forEach((f, i) => {
      writeFreq(out, i * 3, f, `CFList frequency ${i}`);
    });
    out[15] = 0;
  } else if (cf.type === 1) {
    if (cf.chMasks.length > 7) fail('BAD_CFLIST', 'CFList type 1 holds at most 7 ChMask words');
    cf.chMasks.forEach((m, i) => {
      checkInt(`ChMask${i}`, m, 0, 0xffff);
      out[i * 2] = m & 0xff;
      out[i * 2 + 1] = m >> 8;
    });
    out[15] = 1;
  } else {
    fail('BAD_CFLIST', `unknown CFList type ${(cf as { type: unknown }).type}`);
  }
  return out;
}

/** Channel mask words (16 channels each) from a list of enabled channel indices. */
export function chMasksFromChannels(channels: readonly number[], words: number): number[] {
  const masks = new Array<number>(words).fill(0);
  for (const ch of channels) {
    checkInt('channel index', ch, 0, words * 16 - 1);
    masks[ch >> 4] = masks[ch >> 4]! | (1 << (ch & 15));
  }
  return masks;
}

/** Enabled channel indices from channel-mask words. */
export function channelsFromChMasks(masks: readonly number[]): number[] {
  const out: number[] = [];
  masks.forEach((m, i) => {
    for (let b = 0; b < 16; b++) if (m & (1 << b)) out.push(i * 16 + b);
  });
  return out;
}
