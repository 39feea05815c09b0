import { requiredSnr } from '@lns/lorawan/adr';
import { decodeMacCommandsLenient, type MacCommand } from '@lns/lorawan/mac';

/** GPS epoch (1980-01-06T00:00:00Z) in Unix ms, and GPS−UTC leap seconds (18 since 2017). */
const GPS_EPOCH_MS = 315_964_800_000;
const LEAP_SECONDS = 18;

/** Uplink MAC commands, decoded as far as they can be framed (an unknown CID ends the list). */
export function decodeUplinkMac(bytes: Uint8Array): MacCommand[] {
  if (bytes.length === 0) return [];
  try {
    return decodeMacCommandsLenient(bytes, 'up').commands;
  } catch {
    return [];
  }
}

export interface MacContext {
  /** Best SNR of the uplink and its spreading factor (null for FSK). */
  snr: number;
  sf: number | null;
  gwCount: number;
  /** When the uplink was received (Unix ms). */
  receivedAt: number;
}

/** What the network answers to the device's MAC commands (LinkCheckReq, DeviceTimeReq). */
export function macAnswers(cmds: readonly MacCommand[], ctx: MacContext): MacCommand[] {
  const out: MacCommand[] = [];
  for (const c of cmds) {
    if (c.type === 'LinkCheckReq') {
      // LinkCheckAns margin: the SNR above the demodulation floor of the uplink's spreading factor.
      const margin = Math.max(0, Math.min(254, Math.round(ctx.snr - requiredSnr(ctx.sf))));
      out.push({ type: 'LinkCheckAns', margin, gwCnt: Math.min(255, ctx.gwCount) });
    } else if (c.type === 'DeviceTimeReq') {
      const gps = ctx.receivedAt - GPS_EPOCH_MS + LEAP_SECONDS * 1000;
      const seconds = Math.floor(gps / 1000) >>> 0;
      const fractional = Math.min(255, Math.round(((gps % 1000) * 256) / 1000));
      out.push({ type: 'DeviceTimeAns', seconds, fractional });
    }
  }
  return out;
}

/** MAC commands as stored in a frame: the type and its fields. */
export const macRecords = (cmds: readonly MacCommand[]): Record<string, unknown>[] => cmds.map((c) => ({ ...c }));
