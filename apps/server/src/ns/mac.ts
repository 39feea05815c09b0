import { requiredSnr } from '@lns/lorawan/adr';
import { gpsTimeMs } from '@lns/lorawan/classb';
import { decodeMacCommandsLenient, type MacCommand } from '@lns/lorawan/mac';

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

/** What the network answers to the device's MAC commands (LinkCheckReq, DeviceTimeReq, PingSlotInfoReq). */
export function macAnswers(cmds: readonly MacCommand[], ctx: MacContext): MacCommand[] {
  const out: MacCommand[] = [];
  for (const c of cmds) {
    if (c.type === 'LinkCheckReq') {
      // LinkCheckAns margin: the SNR above the demodulation floor of the uplink's spreading factor.
      const margin = Math.max(0, Math.min(254, Math.round(ctx.snr - requiredSnr(ctx.sf))));
      out.push({ type: 'LinkCheckAns', margin, gwCnt: Math.min(255, ctx.gwCount) });
    } else if (c.type === 'DeviceTimeReq') {
      const gps = gpsTimeMs(ctx.receivedAt);
      const seconds = Math.floor(gps / 1000) >>> 0;
      const fractional = Math.min(255, Math.round(((gps % 1000) * 256) / 1000));
      out.push({ type: 'DeviceTimeAns', seconds, fractional });
    } else if (c.type === 'PingSlotInfoReq') {
      // Class B: the periodicity is stored with the uplink (uplink.ts); the answer only acknowledges it.
      out.push({ type: 'PingSlotInfoAns' });
    }
  }
  return out;
}

/** MAC commands as stored in a frame: the type and its fields. */
export const macRecords = (cmds: readonly MacCommand[]): Record<string, unknown>[] => cmds.map((c) => ({ ...c }));
