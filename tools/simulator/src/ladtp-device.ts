/**
 * A simulated rhf3m485 (ladtp) RS485 data forward unit, written from docs/protocols/rhf3m485.md:
 * it answers configuration and status requests on FPort 211, sends heartbeats every `period`
 * minutes, and carries frames read off its bus up — cut into DataParts when a frame does not fit
 * one uplink and sub-packets are on. Frames the server sends down are written onto the bus.
 */

import { PART_OVERHEAD, Reassembler, splitFrame } from '@lns/lorawan/relay/reassembly';
import {
  CONFIG_BYTES,
  decodeDataBody,
  decodeRhf3m485,
  encodeDataBody,
  encodeRhf3m485,
  type LadtpConfig,
  type LadtpStatus,
  RHF3M485_BAUDRATES,
  RHF3M485_PORT,
  RHF3M485_VERSION,
  type Rhf3m485Message,
} from '@lns/lorawan/relay/rhf3m485';

const R = { OK: 0, VERSION: 1, UNKNOWN: 2, RANGE: 3 } as const;

/** The unit as it leaves the factory. */
export const LADTP_FACTORY_CONFIG: LadtpConfig = {
  period: 2,
  baudrate: 9600,
  parity: 0,
  databits: 8,
  timeout: 6,
  isConfirmed: false,
  isReply: false,
  isSendTimeStap: false,
  isSubPacket: false,
};

export class LadtpDevice {
  readonly port = RHF3M485_PORT;
  config: LadtpConfig = { ...LADTP_FACTORY_CONFIG };
  rs485Errors = 0;
  /** Frames the server wrote onto the bus (hex), in order. */
  readonly written: string[] = [];
  private frameId = 0;
  private readonly parts = new Reassembler();
  private readonly bootAt = Date.now();

  status(): LadtpStatus {
    return {
      voltage: 12050,
      temperature: 215,
      rs485Errors: this.rs485Errors,
      uptime: Math.floor((Date.now() - this.bootAt) / 1000),
    };
  }
  heartbeat(): Buffer {
    return encodeRhf3m485({ type: 'Heartbeat', ...this.status() });
  }

  /**
   * A frame read off the bus: the uplink payloads that carry it (one DataUp, or DataParts of
   * maxPayload − 5 bytes each); none when it does not fit and sub-packets are off (counted as an error).
   */
  busFrame(bytes: Buffer, maxPayload: number, now = Date.now()): Buffer[] {
    const data = bytes.toString('hex');
    const timestamp = this.config.isSendTimeStap ? Math.floor(now / 1000) : null;
    const whole = encodeRhf3m485({ type: 'DataUp', timestamp, data });
    if (whole.length <= maxPayload) return [whole];
    if (!this.config.isSubPacket || maxPayload <= PART_OVERHEAD) {
      this.rs485Errors++;
      return [];
    }
    const id = this.frameId;
    this.frameId = (this.frameId + 1) % 256;
    return splitFrame(encodeDataBody({ timestamp, data }), maxPayload, id).map((p) =>
      encodeRhf3m485({ type: 'DataPartUp', ...p }),
    );
  }

  /** The uplink payloads answering one downlink on FPort 211 (an answer, or the bus's reply with isReply). */
  handle(payload: Buffer, maxPayload: number, now = Date.now()): Buffer[] {
    if (payload.length < 2) return [];
    const [version, type] = [payload[0]!, payload[1]!];
    const token = payload[2] ?? 0;
    const isRequest = type >= 0x01 && type <= 0x03;
    if (version !== RHF3M485_VERSION) return isRequest ? [this.raw(type, token, R.VERSION)] : [];
    let m: Rhf3m485Message;
    try {
      m = decodeRhf3m485(payload, 'down');
    } catch {
      // A configuration block that does not decode (a baud rate index past the list) is out of range.
      if (type === 0x01 && payload.length === 3 + CONFIG_BYTES)
        return [encodeRhf3m485({ type: 'ConfigSetAns', token, result: R.RANGE, config: this.config })];
      return isRequest ? [] : [this.raw(type, token, R.UNKNOWN)];
    }
    switch (m.type) {
      case 'ConfigSetReq': {
        const ok = this.inRange(m.config, payload[3 + CONFIG_BYTES - 1]!);
        if (ok) this.config = { ...m.config };
        return [
          encodeRhf3m485({ type: 'ConfigSetAns', token: m.token, result: ok ? R.OK : R.RANGE, config: this.config }),
        ];
      }
      case 'ConfigGetReq':
        return [encodeRhf3m485({ type: 'ConfigGetAns', token: m.token, result: R.OK, config: this.config })];
      case 'StatusReq':
        return [encodeRhf3m485({ type: 'StatusAns', token: m.token, result: R.OK, status: this.status() })];
      case 'DataDown':
        return this.write(m.data, maxPayload, now);
      case 'DataPartDown': {
        const out = this.parts.add('server', m, now);
        return out.kind === 'complete' ? this.write(decodeDataBody(out.body).data, maxPayload, now) : [];
      }
      default:
        return [];
    }
  }

  /** A request it does not speak: type | 0x80, the token, the result. */
  private raw(type: number, token: number, result: number): Buffer {
    return Buffer.from([RHF3M485_VERSION, type | 0x80, token, result]);
  }

  /** The block's rules; `flags` is the raw flags byte (bits 7–4 must be 0). */
  private inRange(c: LadtpConfig, flags: number): boolean {
    return (
      c.period >= 1 &&
      c.period <= 0xffff &&
      (RHF3M485_BAUDRATES as readonly number[]).includes(c.baudrate) &&
      c.parity <= 2 &&
      (c.databits === 7 || c.databits === 8) &&
      c.timeout >= 1 &&
      (flags & 0xf0) === 0
    );
  }

  /** A frame written onto the bus; with isReply the bus's answer (here: the frame echoed) goes up. */
  private write(data: string, maxPayload: number, now: number): Buffer[] {
    this.written.push(data);
    return this.config.isReply ? this.busFrame(Buffer.from(data, 'hex'), maxPayload, now) : [];
  }
}
