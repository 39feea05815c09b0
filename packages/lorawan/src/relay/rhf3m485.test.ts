import { describe, expect, it } from 'vitest';
import { docExamples } from '../../test/doc-examples';
import { decodeRhf3m485, encodeRhf3m485, RHF3M485_DEFS, type Rhf3m485Message } from './rhf3m485';

const EXAMPLES = docExamples('rhf3m485.md');
const h = (s: string) => Buffer.from(s, 'hex');

describe('rhf3m485 protocol v1, from docs/protocols/rhf3m485.md', () => {
  it('has a worked example for every message type', () => {
    expect(new Set(EXAMPLES.map((e) => e.name))).toEqual(new Set(Object.keys(RHF3M485_DEFS)));
  });

  it.each(EXAMPLES.map((e) => [`${e.name} ${e.hex}`, e] as const))('%s', (_, e) => {
    const msg = { type: e.name, ...e.fields } as Rhf3m485Message;
    expect(encodeRhf3m485(msg).toString('hex')).toBe(e.hex);
    expect(decodeRhf3m485(h(e.hex), e.dir)).toEqual(msg);
  });

  it('refuses values outside the configuration ranges', () => {
    const set = EXAMPLES.find((e) => e.name === 'ConfigSetReq')!.fields as { config: Record<string, unknown> };
    const bad = (patch: Record<string, unknown>) =>
      encodeRhf3m485({
        type: 'ConfigSetReq',
        token: 1,
        config: { ...set.config, ...patch },
      } as unknown as Rhf3m485Message);
    expect(() => bad({ period: 0 })).toThrow(/period/);
    expect(() => bad({ period: 65536 })).toThrow(/period/);
    expect(() => bad({ baudrate: 9601 })).toThrow(/baudrate/);
    expect(() => bad({ parity: 3 })).toThrow(/parity/);
    expect(() => bad({ databits: 9 })).toThrow(/databits/);
    expect(() => decodeRhf3m485(h('0101010200ff0008060b'), 'down')).toThrow(/baud rate index/);
    expect(() => decodeRhf3m485(h('020202'), 'down')).toThrow(/version 2/);
  });
});
