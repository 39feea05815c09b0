import { buildDataFrame, openDataFrame } from '@lns/lorawan/frames';
import { buildJoinRequest, openJoinAccept } from '@lns/lorawan/join';
import { deriveSessionKeys10 } from '@lns/lorawan/keys';
import { decodeMacCommandsLenient, encodeMacCommands, type MacCommand } from '@lns/lorawan/mac';
import type { ChannelMask } from './channels';
import type { ClockClient } from './clock';
import type { FragmentationClient } from './fuota';
import type { MulticastClient } from './multicast';
import type { DeviceProtocol } from './protocols';
import type { Point } from './radio';

export interface Session {
  devAddr: string;
  nwkSKey: string;
  appSKey: string;
}

export interface DeviceSpec {
  devEUI: string;
  joinEUI: string;
  authType: 'otaa' | 'abp';
  appKey?: string;
  /** ABP: the session from the API; OTAA: set by the join. */
  session?: Session;
  /** Next uplink FCnt (ABP devices continue where the server is). */
  fCntUp: number;
  /** lorawan, or a relay (rhf3mr01) / ladtp (rhf3m485) answering its protocol. */
  productType?: string;
}

export type DownlinkResult =
  | { kind: 'join-accept'; devAddr: string }
  | {
      kind: 'data';
      fCnt: number;
      fPort: number | null;
      payload: string;
      confirmed: boolean;
      /** The server acknowledged our last confirmed uplink. */
      ack: boolean;
      macCommands: string[];
      /** The enabled uplink channels, when the downlink's MAC commands changed them. */
      channels?: number[];
    };

/** A class A end device (LoRaWAN 1.0.x): joins, sends encrypted uplinks, opens downlinks. */
export class SimDevice {
  session: Session | undefined;
  fCntUp: number;
  /** Last downlink FCnt (to rebuild the 32-bit counter). */
  fCntDown: number | null = null;
  /** A confirmed downlink waits for the ACK bit of the next uplink. */
  pendingAck = false;
  /** The last uplink was confirmed and no ACK came yet. */
  awaitingAck = false;
  joining: { devNonce: number; since: number } | undefined;
  joinAttempts = 0;
  uplinks = 0;
  /** Spreading factor and TXPower index (0 = full power): set at start, then by the network's ADR. */
  sf: number;
  txPower = 0;
  /** TS005 device side, when the simulation takes part in multicast. */
  multicast: MulticastClient | undefined;
  /** TS004 device side (FUOTA over the multicast sessions) and TS003 clock, with `multicast`. */
  fuota: FragmentationClient | undefined;
  clock: ClockClient | undefined;
  /** The management protocol of a relay or ladtp (protocols.ts). */
  protocol: DeviceProtocol | undefined;
  /** Its uplink channels (LinkADRReq ChMask, NewChannelReq); none: any channel of the plan, masks accepted. */
  channels: ChannelMask | undefined;
  /**
   * Taken offline by the simulation: `silent` sends nothing and hears nothing (switched off, out
   * of range), `deaf` still sends but misses every downlink.
   */
  offline: 'silent' | 'deaf' | undefined;
  /** MAC answers (LinkADRAns) for the FOpts of the next uplink. */
  private macOut: MacCommand[] = [];
  private readonly usedNonces = new Set<number>();

  constructor(
    readonly spec: DeviceSpec,
    readonly pos: Point,
    sf: number,
    /** The region's spreading factor of a data rate (undefined: not a LoRa 125 kHz rate). */
    private readonly sfOfDr: (dr: number) => number | undefined = () => undefined,
  ) {
    this.session = spec.session;
    this.fCntUp = spec.fCntUp;
    this.sf = sf;
  }

  get devEUI() {
    return this.spec.devEUI;
  }
  get joined() {
    return this.session !== undefined;
  }
  /** The last firmware image this device rebuilt through FUOTA (padding stripped). */
  get rebuiltImage(): Buffer | undefined {
    return this.fuota?.lastImage?.bytes;
  }

  joinRequest(): Buffer {
    let devNonce = Math.floor(Math.random() * 0x10000);
    while (this.usedNonces.has(devNonce)) devNonce = (devNonce + 1) & 0xffff;
    this.usedNonces.add(devNonce);
    this.joining = { devNonce, since: Date.now() };
    this.joinAttempts++;
    return buildJoinRequest({
      appKey: this.spec.appKey!,
      joinEUI: this.spec.joinEUI,
      devEUI: this.spec.devEUI,
      devNonce,
    });
  }

  /** Builds the next data uplink; carries the ACK bit when a confirmed downlink is pending. */
  dataUplink(fPort: number, payload: Buffer, confirmed: boolean): { phy: Buffer; fCnt: number; ack: boolean } {
    const s = this.session!;
    const fCnt = this.fCntUp;
    const ack = this.pendingAck;
    const phy = buildDataFrame({
      mType: confirmed ? 'ConfirmedDataUp' : 'UnconfirmedDataUp',
      devAddr: s.devAddr,
      fCnt,
      fCtrl: { ack, adr: true },
      fOpts: encodeMacCommands(this.macOut),
      fPort,
      payload,
      nwkSKey: s.nwkSKey,
      appSKey: s.appSKey,
    });
    this.fCntUp = (fCnt + 1) >>> 0;
    this.pendingAck = false;
    this.macOut = [];
    this.awaitingAck = confirmed;
    this.uplinks++;
    return { phy, fCnt, ack };
  }

  /** Whether a join-accept answers this device's pending join (without taking it). */
  ownsJoinAccept(phy: Buffer): boolean {
    if (!this.joining || !this.spec.appKey) return false;
    try {
      openJoinAccept(phy, this.spec.appKey);
      return true;
    } catch {
      return false;
    }
  }

  /** A join-accept for this device's pending join (null when it is someone else's). */
  tryJoinAccept(phy: Buffer): DownlinkResult | null {
    if (!this.joining || !this.spec.appKey) return null;
    let ja: ReturnType<typeof openJoinAccept>;
    try {
      ja = openJoinAccept(phy, this.spec.appKey);
    } catch {
      return null;
    }
    const keys = deriveSessionKeys10(this.spec.appKey, ja.joinNonce, ja.netID, this.joining.devNonce);
    this.session = { devAddr: ja.devAddr, ...keys };
    this.joining = undefined;
    this.fCntUp = 0;
    this.fCntDown = null;
    this.pendingAck = false;
    this.awaitingAck = false;
    this.txPower = 0;
    this.macOut = [];
    this.channels?.reset();
    return { kind: 'join-accept', devAddr: ja.devAddr };
  }

  /** A data downlink for this device's session (null when the MIC does not match). */
  tryData(phy: Buffer): DownlinkResult | null {
    const s = this.session;
    if (!s) return null;
    let opened: ReturnType<typeof openDataFrame>;
    try {
      opened = openDataFrame(phy, { nwkSKey: s.nwkSKey, appSKey: s.appSKey, lastFCnt: this.fCntDown });
    } catch {
      return null;
    }
    const f = opened.frame;
    if (!opened.micValid || f.devAddr !== s.devAddr) return null;
    this.fCntDown = opened.fCnt;
    const confirmed = f.mType === 'ConfirmedDataDown';
    if (confirmed) this.pendingAck = true;
    if (f.fCtrl.ack) this.awaitingAck = false;
    const macBytes = f.fPort === 0 && opened.payload ? opened.payload : f.fOpts;
    const commands = macBytes.length ? decodeMacCommandsLenient(macBytes, 'down').commands : [];
    const before = this.channels?.indexes.join();
    this.applyNewChannels(commands);
    this.applyLinkAdr(commands);
    const after = this.channels?.indexes;
    const macCommands = commands.map((c) => c.type);
    return {
      kind: 'data',
      fCnt: opened.fCnt,
      fPort: f.fPort,
      payload: f.fPort && f.fPort > 0 && opened.payload ? opened.payload.toString('hex') : '',
      confirmed,
      ack: f.fCtrl.ack,
      macCommands,
      ...(after && after.join() !== before ? { channels: after } : {}),
    };
  }

  /** NewChannelReq (dynamic plans): each answered with a NewChannelAns. */
  private applyNewChannels(commands: MacCommand[]): void {
    for (const c of commands) {
      if (c.type !== 'NewChannelReq') continue;
      const ans = this.channels?.applyNewChannel(c) ?? { dataRateRangeOk: true, channelFrequencyOk: true };
      this.macOut.push({ type: 'NewChannelAns', ...ans });
    }
  }

  /**
   * LinkADRReq block (LoRaWAN 1.0.4 §5.3): the channel masks of every command in order, the last
   * command's data rate and power (15 = keep); all of it or, when one part is refused, none of it.
   * Each command of the block is answered with the same LinkADRAns.
   */
  private applyLinkAdr(commands: MacCommand[]): void {
    const reqs = commands.filter((c) => c.type === 'LinkADRReq');
    const last = reqs.at(-1);
    if (last?.type !== 'LinkADRReq') return;
    const sf = last.dataRate === 15 ? this.sf : this.sfOfDr(last.dataRate);
    const channelMaskAck = this.channels?.applyLinkAdr(reqs, false) ?? true;
    const ok = { dataRateAck: sf !== undefined, powerAck: true, channelMaskAck };
    if (ok.dataRateAck && ok.channelMaskAck) {
      this.sf = sf!;
      if (last.txPower !== 15) this.txPower = last.txPower;
      this.channels?.applyLinkAdr(reqs);
    }
    for (const _ of reqs) this.macOut.push({ type: 'LinkADRAns', ...ok });
  }
}
