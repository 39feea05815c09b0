/**
 * A simulated rhf3mr01 relay's management side, written from docs/protocols/rhf3mr01.md: it
 * answers the server's requests on FPort 210 (status, slave list, bind/unbind, modes,
 * configuration with its range rules, rejoin list, firmware versions) and reports its status.
 */
import {
  decodeRhf3mr01,
  encodeRhf3mr01,
  type RelayConfigBody,
  type RelayStatusBody,
  RHF3MR01_PORT,
  RHF3MR01_VERSION,
  type Rhf3mr01Message,
  type SlaveEntry,
} from '@lns/lorawan/relay/rhf3mr01';

/** Result codes of docs/protocols/rhf3mr01.md, "Result codes". */
const R = { OK: 0, VERSION: 1, UNKNOWN: 2, RANGE: 3, NO_SLAVE: 5, FULL: 6 } as const;
/** A list page holds at least 1 and at most 18 entries of 13 bytes. */
const ENTRY = 13;
const PAGE_MAX = 18;
const U32 = 0xffffffff;

/** The relay's delays when it leaves the factory (the example of the protocol page). */
export const RELAY_FACTORY_CONFIG: RelayConfigBody = {
  joinDelayMin: 1000,
  joinDelayMax: 60000,
  joinDelaySteps: 6,
  hbDelayMin: 30000,
  hbDelayMax: 3600000,
  hbDelaySteps: 6,
  checkNetDelayMin: 5000,
  checkNetDelayMax: 600000,
  checkNetDelaySteps: 10,
  checkNetDelayNackMax: 3,
  checkNetDelayTimeout: 12,
};

/** The configuration block's rules: 4-byte delays 1..2^32−1, 1-byte values 1..255, each Max above its Min. */
export function configInRange(c: RelayConfigBody): boolean {
  const wide = ['joinDelayMin', 'joinDelayMax', 'hbDelayMin', 'hbDelayMax', 'checkNetDelayMin', 'checkNetDelayMax'];
  for (const [k, v] of Object.entries(c)) {
    const max = wide.includes(k) ? U32 : 255;
    if (!Number.isInteger(v) || v < 1 || v > max) return false;
  }
  return c.joinDelayMax > c.joinDelayMin && c.hbDelayMax > c.hbDelayMin && c.checkNetDelayMax > c.checkNetDelayMin;
}

export class Rhf3mr01Device {
  readonly port = RHF3MR01_PORT;
  config: RelayConfigBody = { ...RELAY_FACTORY_CONFIG };
  workMode = 1;
  backwardMode = 1;
  /** Its slaves by DevEUI (status 1 bound, 2 actively unbound). */
  readonly slaves = new Map<string, SlaveEntry>();
  /** Slaves that joined again through it (entry status 0). */
  rejoins: SlaveEntry[] = [];
  srcFwVersion = 0x01020000;
  constructor(readonly maxSlaves = 16) {}

  status(): RelayStatusBody {
    const bound = [...this.slaves.values()].filter((s) => s.status === 1).length;
    return {
      status: 0,
      workMode: this.workMode,
      backwardMode: this.backwardMode,
      slaveNum: bound,
      battery: 87,
      voltage: 3620,
      temperature: 235,
      wake: 1,
    };
  }

  /** The StatusReport it sends on its own. */
  report(): Buffer {
    return encodeRhf3mr01({ type: 'StatusReport', ...this.status() });
  }

  /** A page of `items` from `start` fitting `maxPayload` bytes (version, type, token, result, total, start, count). */
  private page(items: SlaveEntry[], start: number, maxPayload: number) {
    const fit = Math.max(1, Math.min(PAGE_MAX, Math.floor((maxPayload - 7) / ENTRY)));
    return { total: items.length, start, items: items.slice(start, start + fit) };
  }

  /** The answer to one downlink on FPort 210 (none for what is no request). */
  handle(payload: Buffer, maxPayload: number): Buffer | undefined {
    if (payload.length < 3 || payload[1]! >= 0x40) return undefined;
    const [version, type, token] = [payload[0]!, payload[1]!, payload[2]!];
    const raw = (result: number) => Buffer.from([RHF3MR01_VERSION, type | 0x80, token, result]);
    if (version !== RHF3MR01_VERSION) return raw(R.VERSION);
    let m: Rhf3mr01Message;
    try {
      m = decodeRhf3mr01(payload, 'down');
    } catch {
      return raw(R.UNKNOWN);
    }
    const a = this.answer(m, maxPayload);
    return a ? encodeRhf3mr01(a) : raw(R.UNKNOWN);
  }

  private answer(m: Rhf3mr01Message, maxPayload: number): Rhf3mr01Message | undefined {
    switch (m.type) {
      case 'StatusReq':
        return { type: 'StatusAns', token: m.token, result: R.OK, body: this.status() };
      case 'SlaveListReq':
        return {
          type: 'SlaveListAns',
          token: m.token,
          result: R.OK,
          body: this.page([...this.slaves.values()], m.start, maxPayload),
        };
      case 'BindReq': {
        const bound = [...this.slaves.values()].filter((s) => s.status === 1).length;
        if (!this.slaves.has(m.devEUI) && bound >= this.maxSlaves)
          return { type: 'BindAns', token: m.token, result: R.FULL };
        this.slaves.set(m.devEUI, { devEUI: m.devEUI, devAddr: m.devAddr, status: 1 });
        return { type: 'BindAns', token: m.token, result: R.OK };
      }
      case 'UnbindReq': {
        const s = this.slaves.get(m.devEUI);
        if (!s) return { type: 'UnbindAns', token: m.token, result: R.NO_SLAVE };
        s.status = 2;
        return { type: 'UnbindAns', token: m.token, result: R.OK };
      }
      case 'ModeSetReq':
        if (m.workMode > 2 || m.backwardMode > 2) return { type: 'ModeSetAns', token: m.token, result: R.RANGE };
        this.workMode = m.workMode;
        this.backwardMode = m.backwardMode;
        return { type: 'ModeSetAns', token: m.token, result: R.OK };
      case 'ConfigGetReq':
        return { type: 'ConfigGetAns', token: m.token, result: R.OK, body: { ...this.config } };
      case 'ConfigSetReq':
        // Refused as a whole: the configuration stays as it was.
        if (!configInRange(m.config)) return { type: 'ConfigSetAns', token: m.token, result: R.RANGE };
        this.config = { ...m.config };
        return { type: 'ConfigSetAns', token: m.token, result: R.OK };
      case 'RejoinListReq':
        return {
          type: 'RejoinListAns',
          token: m.token,
          result: R.OK,
          body: this.page(
            this.rejoins.map((r) => ({ ...r, status: 0 })),
            m.start,
            maxPayload,
          ),
        };
      case 'FwVersionReq':
        return {
          type: 'FwVersionAns',
          token: m.token,
          result: R.OK,
          body: { srcFwVersion: this.srcFwVersion, destFwVersion: 0, fwSign: 0 },
        };
      default:
        return undefined;
    }
  }
}
