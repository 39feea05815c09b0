import { checkInt, fail } from './errors';

export interface LoraAirtimeParams {
  /** PHYPayload length in bytes. */
  payloadBytes: number;
  sf: number;
  /** Bandwidth in kHz (125, 250, 500). */
  bw: number;
  /** Coding rate 4/(4+cr), 1..4. Default 1 (4/5). */
  cr?: number;
  /** Programmed preamble symbols. Default 8. */
  preamble?: number;
  /** Default true (LoRaWAN uses the explicit header). */
  explicitHeader?: boolean;
  /** Default true (uplinks carry a CRC; LoRaWAN downlinks do not). */
  crc?: boolean;
  /** Low data rate optimisation. Default: on when the symbol lasts ≥ 16 ms (SF11/SF12 at 125 kHz). */
  lowDataRateOptimize?: boolean;
}

/** LoRa time on air in milliseconds (Semtech SX127x datasheet formula). */
export function loraTimeOnAir(p: LoraAirtimeParams): number {
  checkInt('payloadBytes', p.payloadBytes, 0, 255);
  checkInt('sf', p.sf, 5, 12);
  if (!(p.bw > 0)) fail('BAD_FIELD', `bandwidth must be positive, got ${p.bw}`);
  const cr = checkInt('cr', p.cr ?? 1, 1, 4);
  const preamble = p.preamble ?? 8;
  const tSym = 2 ** p.sf / p.bw; // ms (bw in kHz)
  const de = (p.lowDataRateOptimize ?? tSym >= 16) ? 1 : 0;
  const h = (p.explicitHeader ?? true) ? 0 : 1;
  const crc = (p.crc ?? true) ? 1 : 0;
  const num = 8 * p.payloadBytes - 4 * p.sf + 28 + 16 * crc - 20 * h;
  const payloadSymbols = 8 + Math.max(Math.ceil(num / (4 * (p.sf - 2 * de))) * (cr + 4), 0);
  return (preamble + 4.25) * tSym + payloadSymbols * tSym;
}

/** FSK time on air in ms: 5-byte preamble, 3-byte sync word, length byte, payload, 2-byte CRC. */
export function fskTimeOnAir(payloadBytes: number, bitrate = 50000): number {
  checkInt('payloadBytes', payloadBytes, 0, 255);
  return ((5 + 3 + 1 + payloadBytes + 2) * 8 * 1000) / bitrate;
}
