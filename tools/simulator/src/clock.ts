import { TS003_PACKAGE, type Ts003Command, ts003, unixMsToGps } from '@lns/lorawan/applayer/ts003';

/**
 * The device side of LoRaWAN TS003 (application-layer clock synchronization) as
 * docs/protocols/fuota.md uses it: one AppTimeReq on FPort 202 once the device runs a multicast
 * session, and the AppTimeAns correction added to its clock.
 */
export class ClockClient {
  /** Seconds the device's clock is off GPS time; each AppTimeAns correction is added to it. */
  offsetS: number;
  /** An AppTimeReq went out (the simulator asks once). */
  asked = false;
  private token = 0;
  /** The token of the request still waiting for its answer. */
  private pending: number | undefined;

  constructor(offsetS = 0) {
    this.offsetS = offsetS;
  }

  /** The device's time: GPS seconds (mod 2^32) by its clock, to the nearest second. */
  deviceTime(nowMs = Date.now()): number {
    return Math.round(unixMsToGps(nowMs) + this.offsetS) >>> 0;
  }

  /** An AppTimeReq asking for an answer even when the clock is right. */
  request(nowMs = Date.now()): Ts003Command {
    this.asked = true;
    this.token = (this.token + 1) & 0x0f;
    this.pending = this.token;
    return { type: 'AppTimeReq', deviceTime: this.deviceTime(nowMs), tokenReq: this.token, ansRequired: true };
  }

  /**
   * One FPort 202 downlink: the answers it needs (PackageVersionAns) and the corrections applied
   * (an AppTimeAns whose token is not the pending request's is dropped).
   */
  handle(payload: Buffer): { answers: Ts003Command[]; corrections: number[] } {
    const out = { answers: [] as Ts003Command[], corrections: [] as number[] };
    let cmds: Ts003Command[];
    try {
      cmds = ts003.decode(payload, 'down');
    } catch {
      return out;
    }
    for (const c of cmds) {
      if (c.type === 'PackageVersionReq') {
        out.answers.push({
          type: 'PackageVersionAns',
          packageIdentifier: TS003_PACKAGE.identifier,
          packageVersion: TS003_PACKAGE.version,
        });
      } else if (c.type === 'AppTimeAns' && c.tokenAns === this.pending) {
        // Applied once: a copy of the answer (sent again) would correct twice.
        this.pending = undefined;
        this.offsetS += c.timeCorrection;
        out.corrections.push(c.timeCorrection);
      }
    }
    return out;
  }
}

export const clockLine = (devEUI: string, correctionS: number): string =>
  `clock ${devEUI} corrected by ${correctionS} s`;
