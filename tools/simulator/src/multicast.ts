import {
  decryptMcKey,
  mcAppSKey,
  mcKEKey,
  mcNwkSKey,
  mcRootKeyFromGenAppKey,
  type Ts005Command,
  ts005,
} from '@lns/lorawan/applayer/ts005';
import { gpsTimeMs, nextPingSlot } from '@lns/lorawan/classb';
import { openDataFrame } from '@lns/lorawan/frames';
import { getDataRate, type Region } from '@lns/lorawan/regions';

/**
 * The device side of LoRaWAN TS005 (remote multicast setup), written from
 * docs/protocols/ts005-remote-multicast.md: groups set up by the network, the class C or B
 * session each runs, and the multicast frames received during it (once, whichever gateway sent it).
 */
export const TS005_PORT = 200;

interface Group {
  mcAddr: string;
  appSKey: string;
  nwkSKey: string;
  minFCnt: number;
  maxFCnt: number;
  lastFCnt: number | null;
  session?: { cls: 'B' | 'C'; startMs: number; endMs: number; freqHz: number; dr: number; periodicity: number };
}

export type MulticastReception =
  | { kind: 'frame'; groupId: number; mcAddr: string; fCnt: number; fPort: number | null; payload: string }
  | { kind: 'duplicate' | 'outside-session' | 'bad-fcnt'; groupId: number; fCnt: number };

/** What the gateway was told: when and on which channel the frame goes out. */
export interface TxInfo {
  freqMHz: number;
  datr: string;
  imme?: boolean;
  tmms?: number;
}

/** GPS seconds (mod 2^32) back to epoch ms, taking the 32-bit window nearest to now. */
function gpsSecondsToUnixMs(gpsS: number, nowMs: number): number {
  const nowGps = Math.floor(gpsTimeMs(nowMs) / 1000);
  const wrap = 2 ** 32;
  let full = nowGps - (nowGps % wrap) + gpsS;
  if (full - nowGps > wrap / 2) full -= wrap;
  return nowMs + (full - nowGps) * 1000;
}

export class MulticastClient {
  readonly groups = new Map<number, Group>();
  private readonly kek: string;

  constructor(
    genAppKey: string,
    private readonly region: Region,
  ) {
    this.kek = mcKEKey(mcRootKeyFromGenAppKey(genAppKey));
  }

  /** Answers to the TS005 requests of one FPort 200 downlink (empty when nothing needs an answer). */
  handle(payload: Buffer, nowMs = Date.now()): Ts005Command[] {
    let reqs: Ts005Command[];
    try {
      reqs = ts005.decode(payload, 'down');
    } catch {
      return [];
    }
    const answers: Ts005Command[] = [];
    for (const r of reqs) {
      const a = this.answer(r, nowMs);
      if (a) answers.push(a);
    }
    return answers;
  }

  private answer(r: Ts005Command, nowMs: number): Ts005Command | undefined {
    switch (r.type) {
      case 'PackageVersionReq':
        return { type: 'PackageVersionAns', packageIdentifier: 2, packageVersion: 1 };
      case 'McGroupStatusReq': {
        const items = [...this.groups].filter(([id]) => (r.reqGroupMask >> id) & 1);
        return {
          type: 'McGroupStatusAns',
          ansGroupMask: items.reduce((m, [id]) => m | (1 << id), 0),
          nbTotalGroups: this.groups.size,
          items: items.map(([id, g]) => ({ mcGroupId: id, mcAddr: g.mcAddr })),
        };
      }
      case 'McGroupSetupReq': {
        const mcKey = decryptMcKey(this.kek, r.mcKeyEncrypted);
        this.groups.set(r.mcGroupId, {
          mcAddr: r.mcAddr,
          appSKey: mcAppSKey(mcKey, r.mcAddr),
          nwkSKey: mcNwkSKey(mcKey, r.mcAddr),
          minFCnt: r.minMcFCount,
          maxFCnt: r.maxMcFCount,
          lastFCnt: null,
        });
        return { type: 'McGroupSetupAns', mcGroupId: r.mcGroupId, idError: false };
      }
      case 'McGroupDeleteReq': {
        const known = this.groups.delete(r.mcGroupId);
        return { type: 'McGroupDeleteAns', mcGroupId: r.mcGroupId, mcGroupUndefined: !known };
      }
      case 'McClassCSessionReq':
      case 'McClassBSessionReq': {
        const g = this.groups.get(r.mcGroupId);
        const drError = !this.supportsDr(r.dr);
        const freqError = !this.supportsFreq(r.dlFrequency);
        const type = r.type === 'McClassCSessionReq' ? 'McClassCSessionAns' : 'McClassBSessionAns';
        const bad = !g || drError || freqError;
        const startMs = gpsSecondsToUnixMs(r.sessionTime, nowMs);
        if (!bad) {
          g.session = {
            cls: type === 'McClassCSessionAns' ? 'C' : 'B',
            startMs,
            endMs: startMs + 2 ** r.sessionTimeOut * 1000,
            freqHz: r.dlFrequency,
            dr: r.dr,
            periodicity: r.type === 'McClassBSessionReq' ? r.periodicity : 0,
          };
        }
        return {
          type,
          mcGroupId: r.mcGroupId,
          drError,
          freqError,
          mcGroupUndefined: !g,
          timeToStart: bad ? null : Math.max(0, Math.round((startMs - nowMs) / 1000)),
        };
      }
      default:
        return undefined;
    }
  }

  private supportsDr(dr: number): boolean {
    try {
      return getDataRate(this.region, dr) !== null;
    } catch {
      return false;
    }
  }

  /** A downlink frequency the region uses (RX2 or an RX1 channel). */
  private supportsFreq(hz: number): boolean {
    if (hz === this.region.rx2.frequency) return true;
    return this.region.defaultChannels.some((c) => this.region.rx1Frequency(c.frequency) === hz);
  }

  /**
   * A frame heard on `tx`: a group's frame during its session (class C: any time in it on its
   * channel; class B: only at one of McAddr's ping slots), checked and decrypted; a FCnt already
   * taken (the same frame from another gateway) or out of the group's range is reported as such.
   */
  receive(phy: Buffer, tx: TxInfo, nowMs = Date.now()): MulticastReception | undefined {
    const devAddr = phy.length >= 5 ? Buffer.from(phy.subarray(1, 5)).reverse().toString('hex') : '';
    for (const [groupId, g] of this.groups) {
      if (g.mcAddr !== devAddr) continue;
      let opened: ReturnType<typeof openDataFrame>;
      try {
        opened = openDataFrame(phy, { nwkSKey: g.nwkSKey, appSKey: g.appSKey, lastFCnt: g.lastFCnt ?? g.minFCnt });
      } catch {
        return undefined;
      }
      if (!opened.micValid) continue;
      const fCnt = opened.fCnt;
      const s = g.session;
      const atMs = tx.tmms !== undefined ? tx.tmms : gpsTimeMs(nowMs);
      const inSession =
        s !== undefined &&
        Math.round(tx.freqMHz * 1e6) === s.freqHz &&
        atMs >= gpsTimeMs(s.startMs) &&
        atMs < gpsTimeMs(s.endMs) &&
        (s.cls === 'C' ? tx.imme === true || tx.tmms === undefined : this.onPingSlot(g.mcAddr, s.periodicity, tx.tmms));
      if (!inSession) return { kind: 'outside-session', groupId, fCnt };
      if (fCnt < g.minFCnt || fCnt > g.maxFCnt) return { kind: 'bad-fcnt', groupId, fCnt };
      if (g.lastFCnt !== null && fCnt <= g.lastFCnt) return { kind: 'duplicate', groupId, fCnt };
      g.lastFCnt = fCnt;
      return {
        kind: 'frame',
        groupId,
        mcAddr: g.mcAddr,
        fCnt,
        fPort: opened.frame.fPort,
        payload: opened.payload?.toString('hex') ?? '',
      };
    }
    return undefined;
  }

  private onPingSlot(mcAddr: string, periodicity: number, tmms: number | undefined): boolean {
    if (tmms === undefined) return false;
    return nextPingSlot({ nowGpsMs: tmms, devAddr: mcAddr, periodicity }) === tmms;
  }
}
