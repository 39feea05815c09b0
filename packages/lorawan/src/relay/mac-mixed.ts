import { fail } from '../errors';
import { decodeMacCommandsLenient, type MacCommand, type MacDirection } from '../mac';
import { RELAY_MAC_DEFS, type RelayMacCommand, relayMac } from './mac';

const RELAY_BY_CID: Record<MacDirection, Map<number, (b: Uint8Array, o: number, left: number) => number>> = {
  up: new Map(),
  down: new Map(),
};
for (const def of Object.values(RELAY_MAC_DEFS)) {
  const size = def.size;
  RELAY_BY_CID[def.dir].set(def.cid, typeof size === 'number' ? () => size : size);
}

/**
 * Decodes FOpts or an FPort 0 payload of a relay, where LoRaWAN 1.0.4 commands and the TS011 relay
 * commands (0x40..0x46) come in any order. Unknown CID → UNKNOWN_CID; truncated → TOO_SHORT.
 * The standard table in ../mac stays untouched: a relay command is read where it stops.
 */
export function decodeMacWithRelay(b: Uint8Array, dir: MacDirection): (MacCommand | RelayMacCommand)[] {
  const out: (MacCommand | RelayMacCommand)[] = [];
  let rest = b;
  while (rest.length > 0) {
    const std = decodeMacCommandsLenient(rest, dir);
    out.push(...std.commands);
    rest = std.rest;
    if (rest.length === 0) break;
    const size = RELAY_BY_CID[dir].get(rest[0]!);
    if (!size) fail('UNKNOWN_CID', `unknown ${dir}link MAC command CID 0x${rest[0]!.toString(16).padStart(2, '0')}`);
    const len = 1 + size!(rest, 1, rest.length - 1);
    out.push(...relayMac.decode(rest.subarray(0, Math.min(len, rest.length)), dir));
    rest = rest.subarray(len);
  }
  return out;
}
