import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { docExamples } from '../../test/doc-examples';
import { decodeRhf3mr01, encodeRhf3mr01, RHF3MR01_DEFS, type Rhf3mr01Message } from './rhf3mr01';

const EXAMPLES = docExamples('rhf3mr01.md');
const h = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');

describe('rhf3mr01 protocol v1, from docs/protocols/rhf3mr01.md', () => {
  it('has a worked example for every message type', () => {
    expect(new Set(EXAMPLES.map((e) => e.name))).toEqual(new Set(Object.keys(RHF3MR01_DEFS)));
  });

  it.each(EXAMPLES.map((e) => [`${e.name} ${e.hex}`, e] as const))('%s', (_, e) => {
    const msg = { type: e.name, ...e.fields } as Rhf3mr01Message;
    expect(encodeRhf3mr01(msg).toString('hex')).toBe(e.hex);
    expect(decodeRhf3mr01(h(e.hex), e.dir)).toEqual(msg);
  });

  it('refuses another version, trailing bytes, truncation and broken configurations', () => {
    expect(() => decodeRhf3mr01(h('020107'), 'down')).toThrow(/version 2/);
    expect(() => decodeRhf3mr01(h('0101070101'), 'down')).toThrow(/UNKNOWN_CID|TOO_LONG/);
    expect(() => decodeRhf3mr01(h('01820900020002'), 'up')).toThrow(/TOO_SHORT/);
    const cfg = EXAMPLES.find((e) => e.name === 'ConfigSetReq')!.fields as { config: Record<string, number> };
    const bad = { type: 'ConfigSetReq', token: 1, config: { ...cfg.config, hbDelayMax: cfg.config.hbDelayMin } };
    expect(() => encodeRhf3mr01(bad as Rhf3mr01Message)).toThrow(/hbDelayMax must exceed/);
    const zero = { type: 'ConfigSetReq', token: 1, config: { ...cfg.config, joinDelaySteps: 0 } };
    expect(() => encodeRhf3mr01(zero as Rhf3mr01Message)).toThrow(/joinDelaySteps/);
    expect(() => encodeRhf3mr01({ type: 'StatusAns', token: 1, result: 0, body: null })).toThrow(/body/);
  });

  it('round-trips list pages and status reports', () => {
    const hex = (n: number) => fc.uint8Array({ minLength: n, maxLength: n }).map((u) => Buffer.from(u).toString('hex'));
    const entry = fc.record({ devEUI: hex(8), devAddr: hex(4), status: fc.integer({ min: 0, max: 255 }) });
    const list = fc.record({
      type: fc.constant('SlaveListAns' as const),
      token: fc.integer({ min: 0, max: 255 }),
      result: fc.constant(0),
      body: fc.record({ total: fc.nat(255), start: fc.nat(255), items: fc.array(entry, { maxLength: 18 }) }),
    });
    const report = fc.record({
      type: fc.constant('StatusReport' as const),
      status: fc.nat(255),
      workMode: fc.nat(2),
      backwardMode: fc.nat(2),
      slaveNum: fc.nat(255),
      battery: fc.nat(255),
      voltage: fc.nat(0xffff),
      temperature: fc.integer({ min: -32768, max: 32767 }),
      wake: fc.nat(1),
    });
    fc.assert(
      fc.property(fc.oneof(list, report), (m) => {
        expect(decodeRhf3mr01(encodeRhf3mr01(m), 'up')).toEqual(m);
      }),
    );
  });
});
