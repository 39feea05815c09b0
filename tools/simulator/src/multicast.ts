import {
  decryptMcKey,
  mcAppSKey,
  mcKEKey,
  mcNwkSKey,
  mcRootKeyFromGenAppKey,
  TS005_PACKAGE,
  type Ts005Command,
  ts005,
} from '@lns/lorawan/applayer/ts005';
import { gpsTimeMs, nextPingSlot } from '@lns/lorawan/classb';
import { defaultPingSlotSetting, pingSlotChannelAt } from '@lns/lorawan/classb-channels';
import { type OpenedDataFrame, openDataFrame } from '@lns/lorawan/frames';
import { type Channel, dataRateOfDatr, getDataRate, type Region } from '@lns/lorawan/regions';

/**
 * The device side of LoRaWAN TS005 (remote multicast setup), written from
 * docs/protocols/ts005-remote-multicast.md: groups set up by the network, the class C or B
 * session each runs, and the multicast frames received during it (once, whichever gateway sent it).
 */

interface Session {
  cls: 'B' | 'C';
  /** GPS ms: from SessionTime for 2^SessionTimeOut s. */
  startGpsMs: number;
  endGpsMs: number;
  /** Class B: 0 = the region's default ping-slot channel, hopping by McAddr where the region hops. */
  freqHz: number;
  dr: number;
  periodicity: number;
}

interface Group {
  mcAddr: string;
  appSKey: string;
  nwkSKey: string;
  minFCnt: number;
  maxFCnt: number;
  lastFCnt: number | null;
  session?: Session;
}

export type MulticastReception =
  | { kind: 'frame'; groupId: number; mcAddr: string; fCnt: number; fPort: number | null; payload: string }
  /** The same FCnt again: the copy another gateway sent. */
  | { kind: 'duplicate'; groupId: number; mcAddr: string; fCnt: number }
  /** Not on the session's channel, data rate or time (or no session): the radio was not listening. */
  | { kind: 'outside-session'; groupId: number; mcAddr: string; fCnt: number }
  /** Outside [minMcFCount, maxMcFCount] or older than the last frame taken. */
  | { kind: 'bad-fcnt'; groupId: number; mcAddr: string; fCnt: number };

/** What the gateway was told: when and on which channel the frame goes out. */
export interface TxInfo {
  freqMHz: number;
  datr: string | number;
  imme?: boolean;
  tmms?: number;
}

/** TS005 SessionTime (GPS seconds mod 2^32) to full GPS ms, taking the 32-bit window nearest to now. */
function sessionStartGpsMs(sessionTime: number, nowGpsMs: number): number {
  const nowS = Math.floor(nowGpsMs / 1000);
  const wrap = 2 ** 32;
  let full = nowS - (nowS % wrap) + sessionTime;
  if (full - nowS > wrap / 2) full -= wrap;
  else if (nowS - full > wrap / 2) full += wrap;
  return full * 1000;
}

const hexAddr = (phy: Buffer): string =>
  phy.length >= 5 ? Buffer.from(phy.subarray(1, 5)).reverse().toString('hex') : '';

export class MulticastClient {
  readonly groups = new Map<number, Group>();
  private readonly kek: string;
  private readonly downlinkFreqs: Set<number>;
  /** A class B session may also take 0 (the default, hopping) or the region's ping-slot frequency. */
  private readonly pingSlotFreqs: Set<number>;

  /**
   * `channels`: the uplink channels the device knows (its RX1 downlink channels follow from
   * them); the region's defaults when not given.
   */
  constructor(
    genAppKey: string,
    private readonly region: Region,
    channels: readonly Channel[] = region.defaultChannels,
  ) {
    this.kek = mcKEKey(mcRootKeyFromGenAppKey(genAppKey));
    this.downlinkFreqs = new Set([region.rx2.frequency, ...channels.map((c) => region.rx1Frequency(c.frequency))]);
    this.pingSlotFreqs = new Set([...this.downlinkFreqs, 0, defaultPingSlotSetting(region).freqHz]);
  }

  /** Answers to the TS005 requests of one FPort 200 downlink (empty when nothing needs an answer). */
  handle(payload: Buffer, nowMs = Date.now()): Ts005Command[] {
    let reqs: Ts005Command[];
    try {
      reqs = ts005.decode(payload, 'down');
    } catch {
      return []; // a device drops an application-layer message it cannot parse
    }
    const answers: Ts005Command[] = [];
    for (const r of reqs) {
      const a = this.answer(r, gpsTimeMs(nowMs));
      if (a) answers.push(a);
    }
    return answers;
  }

  /** Whether a frame to this DevAddr is for one of this device's groups. */
  hasGroupAddr(devAddr: string): boolean {
    for (const g of this.groups.values()) if (g.mcAddr === devAddr) return true;
    return false;
  }

  private answer(r: Ts005Command, nowGpsMs: number): Ts005Command | undefined {
    switch (r.type) {
      case 'PackageVersionReq':
        return {
          type: 'PackageVersionAns',
          packageIdentifier: TS005_PACKAGE.identifier,
          packageVersion: TS005_PACKAGE.version,
        };
      case 'McGroupStatusReq': {
        const items = [...this.groups].filter(([id]) => (r.reqGroupMask >> id) & 1).sort(([a], [b]) => a - b);
        return {
          type: 'McGroupStatusAns',
          ansGroupMask: items.reduce((m, [id]) => m | (1 << id), 0),
          nbTotalGroups: this.groups.size,
          items: items.map(([id, g]) => ({ mcGroupId: id, mcAddr: g.mcAddr })),
        };
      }
      case 'McGroupSetupReq': {
        // A new setup replaces the group: new keys, counters from minMcFCount, no session until asked.
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
        const classB = r.type === 'McClassBSessionReq';
        const freqError = !(classB ? this.pingSlotFreqs : this.downlinkFreqs).has(r.dlFrequency);
        const type = classB ? 'McClassBSessionAns' : 'McClassCSessionAns';
        const startGpsMs = sessionStartGpsMs(r.sessionTime, nowGpsMs);
        const ok = g !== undefined && !drError && !freqError;
        if (ok) {
          g.session = {
            cls: classB ? 'B' : 'C',
            startGpsMs,
            endGpsMs: startGpsMs + 2 ** r.sessionTimeOut * 1000,
            freqHz: r.dlFrequency,
            dr: r.dr,
            periodicity: classB ? r.periodicity : 0,
          };
        }
        return {
          type,
          mcGroupId: r.mcGroupId,
          drError,
          freqError,
          mcGroupUndefined: g === undefined,
          timeToStart: ok ? Math.max(0, Math.round((startGpsMs - nowGpsMs) / 1000)) : null,
        };
      }
      default:
        return undefined;
    }
  }

  /** A data rate the device can receive in its region (US915's uplink-only DR0-4 are not). */
  private supportsDr(dr: number): boolean {
    try {
      return getDataRate(this.region, dr).downlink;
    } catch {
      return false;
    }
  }

  /**
   * A frame heard on `tx`: a group's frame during its session (class C: any time in it on its
   * channel and data rate; class B: only at one of McAddr's ping slots), checked and decrypted.
   * A FCnt already taken (the same frame from another gateway), older, or outside the group's
   * range is reported as such. Undefined: not a frame of this device's groups.
   */
  receive(phy: Buffer, tx: TxInfo, nowMs = Date.now()): MulticastReception | undefined {
    const mcAddr = hexAddr(phy);
    for (const [groupId, g] of this.groups) {
      if (g.mcAddr !== mcAddr) continue;
      const opened = open(phy, g);
      if (!opened) continue;
      const fCnt = opened.fCnt;
      const base = { groupId, mcAddr, fCnt };
      if (!this.listening(g.session, mcAddr, tx, nowMs)) return { kind: 'outside-session', ...base };
      const older = g.lastFCnt !== null && fCnt < g.lastFCnt;
      if (fCnt < g.minFCnt || fCnt > g.maxFCnt || older) return { kind: 'bad-fcnt', ...base };
      if (fCnt === g.lastFCnt) return { kind: 'duplicate', ...base };
      g.lastFCnt = fCnt;
      return {
        kind: 'frame',
        ...base,
        fPort: opened.frame.fPort,
        payload: opened.payload?.toString('hex') ?? '',
      };
    }
    return undefined;
  }

  /**
   * Whether the radio listens for the group on `tx`, within the session's time: class C all the
   * time on the session's channel and DR; class B only at McAddr's ping slots, on the channel of
   * the slot's beacon period (the session's frequency, or the region's default that hops in US915,
   * AU915 and CN470).
   */
  private listening(s: Session | undefined, mcAddr: string, tx: TxInfo, nowMs: number): boolean {
    if (!s || !this.sameDr(tx.datr, s.dr)) return false;
    const at = tx.tmms ?? gpsTimeMs(nowMs);
    if (at < s.startGpsMs || at >= s.endGpsMs) return false;
    const freqHz = Math.round(tx.freqMHz * 1e6);
    if (s.cls === 'C') return freqHz === s.freqHz;
    if (tx.tmms === undefined) return false;
    if (nextPingSlot({ nowGpsMs: tx.tmms, devAddr: mcAddr, periodicity: s.periodicity }) !== tx.tmms) return false;
    return freqHz === pingSlotChannelAt(this.region, mcAddr, tx.tmms, { freqHz: s.freqHz, dr: s.dr }).freqHz;
  }

  private sameDr(datr: string | number, dr: number): boolean {
    try {
      return dataRateOfDatr(this.region, datr, 'down') === dr;
    } catch {
      return false;
    }
  }
}

/**
 * The frame under the group's keys. Its 16-bit FCnt is read forward from the last one taken (or
 * from minMcFCount); when that does not check out, as the counter just below, so an old frame is
 * told apart from someone else's.
 */
function open(phy: Buffer, g: Group): OpenedDataFrame | undefined {
  const keys = { nwkSKey: g.nwkSKey, appSKey: g.appSKey };
  try {
    const ahead = openDataFrame(phy, { ...keys, lastFCnt: g.lastFCnt ?? g.minFCnt });
    if (ahead.micValid) return ahead;
    if (ahead.fCnt < 0x10000) return undefined;
    const behind = openDataFrame(phy, { ...keys, fCnt: ahead.fCnt - 0x10000 });
    return behind.micValid ? behind : undefined;
  } catch {
    return undefined;
  }
}
