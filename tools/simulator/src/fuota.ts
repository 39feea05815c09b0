import { createHash } from 'node:crypto';
import { MAX_FRAGMENT_INDEX, TS004_PACKAGE, type Ts004Command, ts004 } from '@lns/lorawan/applayer/ts004';
import { FecDecoder } from '@lns/lorawan/applayer/ts004-fec';

/**
 * The device side of LoRaWAN TS004 (fragmented data block transport), written from
 * docs/protocols/fuota.md: fragmentation sessions set up by unicast requests on FPort 201, their
 * fragments and status requests taken from the group's multicast frames, the image rebuilt with
 * TS004's decoder and checked against the setup's descriptor.
 */

export interface FragmentationOptions {
  /** Share of DataFragments dropped as if never heard, 0..1 (the CLI's --loss). */
  loss?: number;
  /** Random numbers in [0, 1): the loss draws and the status answer delay. */
  rand?: () => number;
  /** Multiplies the status answer delay: 1 (the default) is TS004's seconds; tests use less. */
  delayScale?: number;
}

export interface RebuiltImage {
  fragIndex: number;
  /** The image without its padding. */
  bytes: Buffer;
  /** SHA-256 of `bytes`, hex. */
  sha256: string;
  /** Its first 4 bytes equal the setup's descriptor. */
  descriptorMatches: boolean;
}

interface FragSession {
  mcGroupBitMask: number;
  nbFrag: number;
  fragSize: number;
  padding: number;
  blockAckDelay: number;
  descriptor: string;
  decoder: FecDecoder;
  /** Fragment counters taken (duplicates and dropped ones excluded). */
  received: Set<number>;
  image?: RebuiltImage;
}

export type FragmentationEvent =
  /** A DataFragment taken (fed to the decoder). */
  | { kind: 'fragment'; fragIndex: number; n: number }
  /** A DataFragment dropped by the simulated loss. */
  | { kind: 'lost'; fragIndex: number; n: number }
  /** A DataFragment for no session of this group, or of the wrong size. */
  | { kind: 'ignored'; fragIndex: number; n: number }
  | { kind: 'rebuilt'; image: RebuiltImage }
  /** A FragSessionStatusReq to answer: call `statusAnswer(fragIndex)` after `delayMs`. */
  | { kind: 'status'; fragIndex: number; delayMs: number };

export class FragmentationClient {
  /** Sessions by FragIndex (0..3). */
  readonly sessions = new Map<number, FragSession>();
  /** The last image rebuilt; kept after its session is deleted (the device has it). */
  lastImage: RebuiltImage | undefined;
  /** Share of fragments this device drops (a test may make one device hear worse than the others). */
  loss: number;
  private readonly rand: () => number;
  private readonly delayScale: number;

  constructor(o: FragmentationOptions = {}) {
    this.loss = o.loss ?? 0;
    this.rand = o.rand ?? Math.random;
    this.delayScale = o.delayScale ?? 1;
  }

  /** Answers to the requests of one unicast FPort 201 downlink (empty when nothing needs an answer). */
  handle(payload: Buffer): Ts004Command[] {
    let reqs: Ts004Command[];
    try {
      reqs = ts004.decode(payload, 'down');
    } catch {
      return []; // a device drops an application-layer message it cannot parse
    }
    const answers: Ts004Command[] = [];
    for (const r of reqs) {
      const a = this.answer(r);
      if (a) answers.push(a);
    }
    return answers;
  }

  private answer(r: Ts004Command): Ts004Command | undefined {
    switch (r.type) {
      case 'PackageVersionReq':
        return {
          type: 'PackageVersionAns',
          packageIdentifier: TS004_PACKAGE.identifier,
          packageVersion: TS004_PACKAGE.version,
        };
      case 'FragSessionSetupReq':
        return this.setup(r);
      case 'FragSessionDeleteReq': {
        const known = this.sessions.delete(r.fragIndex);
        return { type: 'FragSessionDeleteAns', fragIndex: r.fragIndex, sessionDoesNotExist: !known };
      }
      default:
        return undefined; // fragments and status requests come in multicast frames
    }
  }

  private setup(r: Extract<Ts004Command, { type: 'FragSessionSetupReq' }>): Ts004Command {
    // fragAlgo 0 (the parity matrix) is the one encoding; a geometry that holds no image is refused alike.
    const encodingUnsupported = r.fragAlgo !== 0 || r.nbFrag === 0 || r.fragSize === 0 || r.padding >= r.fragSize;
    // The decoder keeps at most 2^14 − 1 fragments (the 14-bit counter).
    const notEnoughMemory = r.nbFrag > MAX_FRAGMENT_INDEX;
    const ans = {
      type: 'FragSessionSetupAns',
      fragIndex: r.fragIndex,
      encodingUnsupported,
      notEnoughMemory,
      fragSessionIndexNotSupported: false,
      wrongDescriptor: false,
    } as const;
    if (encodingUnsupported || notEnoughMemory) return ans;
    const old = this.sessions.get(r.fragIndex);
    // The same request sent again (its answer was not heard) keeps what was received.
    const same =
      old &&
      old.mcGroupBitMask === r.mcGroupBitMask &&
      old.nbFrag === r.nbFrag &&
      old.fragSize === r.fragSize &&
      old.padding === r.padding &&
      old.descriptor === r.descriptor;
    if (!same) {
      this.sessions.set(r.fragIndex, {
        mcGroupBitMask: r.mcGroupBitMask,
        nbFrag: r.nbFrag,
        fragSize: r.fragSize,
        padding: r.padding,
        blockAckDelay: r.blockAckDelay,
        descriptor: r.descriptor.toLowerCase(),
        decoder: new FecDecoder(r.nbFrag, r.fragSize),
        received: new Set(),
      });
    } else old.blockAckDelay = r.blockAckDelay;
    return ans;
  }

  /** The FPort 201 payload of a multicast frame taken from group `mcGroupId`. */
  receive(payload: Buffer, mcGroupId: number): FragmentationEvent[] {
    let cmds: Ts004Command[];
    try {
      cmds = ts004.decode(payload, 'down');
    } catch {
      return [];
    }
    const events: FragmentationEvent[] = [];
    for (const c of cmds) {
      if (c.type !== 'DataFragment' && c.type !== 'FragSessionStatusReq') continue;
      // A session takes the frames of the groups in its McGroupBitMask.
      const s = this.sessions.get(c.fragIndex);
      const mine = s !== undefined && ((s.mcGroupBitMask >> mcGroupId) & 1) === 1;
      if (c.type === 'DataFragment') {
        const { fragIndex, n } = c;
        if (!mine || c.data.length !== s.fragSize || n === 0) events.push({ kind: 'ignored', fragIndex, n });
        else if (this.loss > 0 && this.rand() < this.loss) events.push({ kind: 'lost', fragIndex, n });
        else events.push(...this.take(s, fragIndex, n, c.data));
      } else if (mine) {
        // Participants = 0: only devices still missing fragments answer.
        if (!c.participants && s.decoder.complete) continue;
        events.push({ kind: 'status', fragIndex: c.fragIndex, delayMs: this.statusDelayMs(s.blockAckDelay) });
      }
    }
    return events;
  }

  private take(s: FragSession, fragIndex: number, n: number, data: Uint8Array): FragmentationEvent[] {
    s.received.add(n);
    const events: FragmentationEvent[] = [{ kind: 'fragment', fragIndex, n }];
    if (s.image || !s.decoder.push(n, data)) return events;
    const bytes = Buffer.from(s.decoder.result(s.padding));
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    s.image = { fragIndex, bytes, sha256, descriptorMatches: sha256.slice(0, 8) === s.descriptor };
    this.lastImage = s.image;
    events.push({ kind: 'rebuilt', image: s.image });
    return events;
  }

  /** TS004: a random delay in [2^(BlockAckDelay+4), 2^(BlockAckDelay+5)] seconds, times `delayScale`. */
  private statusDelayMs(blockAckDelay: number): number {
    const base = 2 ** (blockAckDelay + 4);
    return Math.round((base + this.rand() * base) * 1000 * this.delayScale);
  }

  /**
   * FragSessionStatusAns for session `fragIndex` as it stands now, and the fragments still needed
   * (uncapped); undefined when the session is gone.
   */
  statusAnswer(fragIndex: number): { answer: Ts004Command; missing: number } | undefined {
    const s = this.sessions.get(fragIndex);
    if (!s) return undefined;
    const missing = s.decoder.missing;
    return {
      answer: {
        type: 'FragSessionStatusAns',
        nbFragReceived: Math.min(s.received.size, MAX_FRAGMENT_INDEX),
        fragIndex,
        missingFrag: Math.min(missing, 255),
        notEnoughMatrixMemory: false,
      },
      missing,
    };
  }
}

/** The lines a device prints (docs/protocols/fuota.md, "What the simulator prints"). */
export const rebuiltLine = (devEUI: string, img: RebuiltImage): string =>
  `fuota ${devEUI} rebuilt ${img.bytes.length} bytes sha256 ${img.sha256}${img.descriptorMatches ? '' : ' descriptor mismatch'}`;

export const incompleteLine = (devEUI: string, missing: number): string =>
  `fuota ${devEUI} incomplete: ${missing} fragments missing`;
