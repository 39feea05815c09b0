import { ADR_HISTORY, type AdrTarget, adrTarget, linkAdrAccepted, linkAdrBlock } from '@lns/lorawan/adr';
import type { MacCommand } from '@lns/lorawan/mac';
import type { Region, Subnet } from '@lns/lorawan/regions';
import type { DeviceRecord } from '../devices/repository';

export interface AdrUplink {
  dev: DeviceRecord;
  region: Region;
  /** The device's channel plan (see plan.ts). */
  subnet: Subnet | null;
  /** The uplink's data rate. */
  dr: number;
  /** Best SNR over the gateways that heard it (null: not LoRa). */
  snr: number | null;
  /** The uplink's ADR bit. */
  adr: boolean;
  /** ADR_MARGIN: dB, or 'off'. */
  margin: number | 'off';
}

export interface AdrOutcome {
  /** The SNR history to store (emptied when a request goes out or the device stops ADR). */
  history: number[];
  /** The LinkADRReq block to send with the downlink (empty: none). */
  commands: MacCommand[];
  /** The target those commands ask for, kept until the device's LinkADRAns. */
  request: AdrTarget | null;
}

/** No ADR this uplink (the bit is off, or no LoRa data rate): the history starts over. */
export const NO_ADR: AdrOutcome = { history: [], commands: [], request: null };

/**
 * One uplink's step of network-side ADR: the SNR joins the device's history, and once the
 * history is full and the margin allows a change, a LinkADRReq block goes out with the answer.
 * The history restarts after each request, so the next decision is made on uplinks sent with
 * the new settings (and a lost request is repeated 20 uplinks later).
 */
export function adrStep(u: AdrUplink): AdrOutcome {
  if (!u.adr || u.snr === null || u.margin === 'off') return NO_ADR;
  const history = [...u.dev.adrSnr, u.snr].slice(-ADR_HISTORY);
  const target = adrTarget({
    region: u.region,
    subnet: u.subnet,
    dr: u.dr,
    txPower: u.dev.txPower,
    snrHistory: history,
    margin: u.margin,
  });
  if (!target) return { history, commands: [], request: null };
  return { history: [], commands: linkAdrBlock(u.region, u.subnet, target), request: target };
}

/** The device's settings after its LinkADRAns: the requested ones if it accepted every command. */
export function adrAnswered(
  dev: DeviceRecord,
  macIn: readonly MacCommand[],
): { txPower: number; nbTrans: number } | null {
  const accepted = linkAdrAccepted(macIn);
  if (accepted === null || !dev.adrReq) return null;
  return accepted
    ? { txPower: dev.adrReq.txPower, nbTrans: dev.adrReq.nbTrans }
    : { txPower: dev.txPower, nbTrans: dev.nbTrans };
}
