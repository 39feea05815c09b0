import { describe, expect, it } from 'vitest';
import {
  buildPullAck,
  buildPullData,
  buildPullResp,
  buildPushAck,
  buildPushData,
  buildTxAck,
  DATAGRAM_LIMITS,
  parseDatagram,
  type Rxpk,
  SemtechError,
  type Txpk,
} from './packets';

const eui = '0102030405060708';
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
/** A PUSH_DATA header with any body text after it. */
const pushWithBody = (body: string) => Buffer.concat([buildPushData(2, 7, eui, {}).subarray(0, 12), Buffer.from(body)]);
const rxpk = (phy: Buffer): Rxpk => ({
  tmst: 1_000_000,
  freq: 868.1,
  stat: 1,
  modu: 'LORA',
  datr: 'SF7BW125',
  codr: '4/5',
  rssi: -60,
  lsnr: 7.5,
  size: phy.length,
  data: phy.toString('base64'),
});

describe('Semtech UDP datagrams', () => {
  it('reads the header bytes as the packet forwarder writes them', () => {
    const buf = buildPullData(2, 0xabcd, eui);
    expect([...buf.subarray(0, 4)]).toEqual([2, 0xab, 0xcd, 2]);
    expect(buf.subarray(4).toString('hex')).toBe(eui);
    expect(parseDatagram(buf)).toEqual({ kind: 'PULL_DATA', version: 2, token: 0xabcd, gatewayEui: eui });
  });

  it('parses what the gateway side builds: PUSH_DATA with rxpk and stat, TX_ACK with its error', () => {
    const r = rxpk(Buffer.from('40010203', 'hex'));
    const push = parseDatagram(buildPushData(2, 9, eui, { rxpk: [r], stat: { rxnb: 1, time: 'now' } }));
    expect(push).toMatchObject({ kind: 'PUSH_DATA', token: 9, gatewayEui: eui, rxpk: [r], dropped: 0 });
    expect(push.kind === 'PUSH_DATA' && push.stat).toEqual({ rxnb: 1, time: 'now' });
    expect(parseDatagram(buildTxAck(2, 5, eui, 'TOO_LATE'))).toMatchObject({ kind: 'TX_ACK', error: 'TOO_LATE' });
    // A TX_ACK without JSON body means success.
    expect(parseDatagram(buildTxAck(2, 5, eui).subarray(0, 12))).toMatchObject({ error: 'NONE' });
  });

  it('parses what the server side builds: acks, and PULL_RESP with the token only in v2', () => {
    expect(parseDatagram(buildPushAck(1, 3))).toEqual({ kind: 'PUSH_ACK', version: 1, token: 3 });
    expect(parseDatagram(buildPullAck(2, 4))).toEqual({ kind: 'PULL_ACK', version: 2, token: 4 });
    const txpk: Txpk = {
      imme: true,
      freq: 869.525,
      rfch: 0,
      powe: 14,
      modu: 'LORA',
      ipol: true,
      size: 1,
      data: 'AA==',
      datr: 'SF9BW125',
    };
    expect(parseDatagram(buildPullResp(2, 77, txpk))).toEqual({ kind: 'PULL_RESP', version: 2, token: 77, txpk });
    expect(parseDatagram(buildPullResp(1, 77, txpk))).toMatchObject({ version: 1, token: 0 });
  });

  it('refuses short datagrams, other versions and unknown identifiers', () => {
    expect(() => parseDatagram(Buffer.from([2, 0, 0]))).toThrow(SemtechError);
    expect(() => parseDatagram(Buffer.from([3, 0, 0, 2]))).toThrow('unsupported protocol version 3');
    expect(() => parseDatagram(Buffer.from([2, 0, 0, 9]))).toThrow('unknown identifier 9');
    expect(() => parseDatagram(Buffer.from([2, 0, 0, 2, 1, 2]))).toThrow('gateway EUI');
  });
});

describe('Semtech UDP parse bounds', () => {
  it('refuses nesting beyond the limit but not brackets inside strings', () => {
    expect(() => parseDatagram(pushWithBody(`{"stat":${nested(DATAGRAM_LIMITS.maxDepth)}}`))).toThrow(SemtechError);
    const d = parseDatagram(pushWithBody(`{"stat":{"desc":"${'['.repeat(100)}"}}`));
    expect(d.kind === 'PUSH_DATA' && d.stat?.desc).toBe('['.repeat(100));
  });

  it('keeps only the rxpk fields the server uses and refuses oversize payloads', () => {
    const d = parseDatagram(
      buildPushData(2, 1, eui, { rxpk: [{ ...rxpk(Buffer.from('40', 'hex')), junk: 'x'.repeat(1000) } as Rxpk] }),
    );
    expect(d.kind === 'PUSH_DATA' && Object.keys(d.rxpk[0]!)).not.toContain('junk');
    expect(() => parseDatagram(buildPushData(2, 1, eui, { rxpk: [rxpk(Buffer.alloc(256))] }))).toThrow(SemtechError);
  });

  it('returns at most the per-datagram cap of rxpk and counts the rest', () => {
    const all = Array.from({ length: DATAGRAM_LIMITS.maxRxpk + 6 }, (_, i) => rxpk(Buffer.from([0x40, i])));
    const d = parseDatagram(buildPushData(2, 1, eui, { rxpk: all }));
    if (d.kind !== 'PUSH_DATA') throw new Error('not PUSH_DATA');
    expect(d.rxpk).toHaveLength(DATAGRAM_LIMITS.maxRxpk);
    expect(d.dropped).toBe(6);
  });

  it('drops stat strings the database could not store (NUL, unpaired surrogates)', () => {
    const d = parseDatagram(pushWithBody('{"stat":{"a":"x\\u0000y","b":"\\ud800","c":"ok"}}'));
    expect(d.kind === 'PUSH_DATA' && d.stat).toEqual({ c: 'ok' });
  });

  it('cuts stat strings and counts of fields', () => {
    const stat = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, 'y'.repeat(500)]));
    const d = parseDatagram(buildPushData(2, 1, eui, { stat }));
    if (d.kind !== 'PUSH_DATA') throw new Error('not PUSH_DATA');
    expect(Object.keys(d.stat!)).toHaveLength(DATAGRAM_LIMITS.maxStatFields);
    expect(String(d.stat!.f0)).toHaveLength(DATAGRAM_LIMITS.maxStatString);
  });
});
