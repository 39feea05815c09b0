import { afterAll, describe, expect, it } from 'vitest';
import { decodeCayenne } from './cayenne';
import { decoderProblem } from './decoders';
import { DecoderPool } from './pool';
import type { UplinkInput } from './sandbox';

const h = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');
const input = (bytes: number[], fPort = 2): UplinkInput => ({
  bytes,
  fPort,
  fCnt: 7,
  devEUI: '0102030405060708',
  recvTime: '2026-11-22T08:00:00.000Z',
});

describe('Cayenne LPP', () => {
  // Examples from the Cayenne LPP documentation (myDevices, "Cayenne Low Power Payload", section
  // "Examples"): two temperature sensors, a negative temperature, an accelerometer and a GPS fix.
  it.each([
    ['03 67 01 10 05 67 00 FF', { temperature_3: 27.2, temperature_5: 25.5 }],
    ['01 67 FF D7', { temperature_1: -4.1 }],
    ['06 71 04 D2 FB 2E 00 00', { accelerometer_6: { x: 1.234, y: -1.234, z: 0 } }],
    ['01 88 06 76 5F F2 96 0A 00 03 E8', { gps_1: { latitude: 42.3519, longitude: -87.9094, altitude: 10 } }],
  ])('decodes %s', (hex, want) => {
    expect(decodeCayenne(h(hex))).toEqual(want);
  });

  it('reads humidity, digital, analog, luminosity and pressure', () => {
    expect(decodeCayenne(h('02 68 61 04 00 01 05 02 FF 38 07 65 01 F4 08 73 27 7F'))).toEqual({
      relative_humidity_2: 48.5,
      digital_in_4: 1,
      analog_in_5: -2,
      luminosity_7: 500,
      barometric_pressure_8: 1011.1,
    });
  });

  it('names what is wrong with a malformed payload', () => {
    expect(() => decodeCayenne(h('03 67 01'))).toThrow('temperature on channel 3 is truncated');
    expect(() => decodeCayenne(h('03 FE 00'))).toThrow('unknown type 254');
    expect(() => decodeCayenne(h('03'))).toThrow('truncated header');
  });
});

describe('JavaScript decoders in the sandbox', () => {
  const pool = new DecoderPool({ threads: 2 });
  afterAll(() => pool.close());
  let n = 0;
  const compile = async (content: string) => {
    const problem = await pool.check(content);
    if (problem) throw new Error(`did not compile: ${problem}`);
    const key = `test:${++n}`;
    pool.register(key, content);
    return { decode: (i: UplinkInput) => pool.decode(key, i), key };
  };

  it('runs decodeUplink(input) as The Things Stack and ChirpStack v4 scripts define it', async () => {
    const c = await compile(`
      function decodeUplink(input) {
        return { data: { temp: ((input.bytes[0] << 8) | input.bytes[1]) / 10, port: input.fPort, fCnt: input.fCnt,
          dev: input.devEUI, at: input.recvTime }, warnings: [] };
      }`);
    expect(await c.decode(input([0x01, 0x10]))).toEqual({
      temp: 27.2,
      port: 2,
      fCnt: 7,
      dev: '0102030405060708',
      at: '2026-11-22T08:00:00.000Z',
    });
  });

  it("runs ChirpStack v3's Decode(fPort, bytes, variables)", async () => {
    const c = await compile('function Decode(fPort, bytes) { return { port: fPort, first: bytes[0] }; }');
    expect(await c.decode(input([9], 5))).toEqual({ port: 5, first: 9 });
  });

  it('turns errors the script reports or throws into an error message', async () => {
    const reported = await compile('function decodeUplink() { return { errors: ["unknown frame"] }; }');
    await expect(reported.decode(input([1]))).rejects.toThrow('unknown frame');
    const thrown = await compile('function decodeUplink(i) { return { data: i.bytes.nope.x } }');
    await expect(thrown.decode(input([1]))).rejects.toThrow(/TypeError/);
  });

  it('refuses scripts that do not compile or define no entry point', async () => {
    const problem = (content: string, type = 'javascript') => decoderProblem(pool, { type, content });
    expect(await problem('function decodeUplink( {')).toMatch(/SyntaxError/);
    expect(await problem('var x = 1;')).toMatch(/neither decodeUplink/);
    expect(await problem('function decodeUplink() {}')).toBeNull();
    expect(await problem('', 'cayenne')).toBeNull();
    // A load-time loop is stopped too.
    expect(await problem('for (;;) {}')).toMatch(/timed out/);
    // A registered script that does not compile answers each uplink with the reason.
    pool.register('broken', 'function decodeUplink( {');
    await expect(pool.decode('broken', input([1]))).rejects.toThrow(/decoder does not compile: SyntaxError/);
  });

  it('gives a script no way out of the sandbox, and bounds its time, memory and output', async () => {
    const probe = await compile(`function decodeUplink() {
      return { data: [typeof require, typeof process, typeof fetch, typeof setTimeout, typeof globalThis.Buffer] };
    }`);
    expect(await probe.decode(input([]))).toEqual(['undefined', 'undefined', 'undefined', 'undefined', 'undefined']);
    const loop = await compile('function decodeUplink() { for (;;) {} }');
    await expect(loop.decode(input([]))).rejects.toThrow('timed out after 100 ms');
    const hog = await compile('function decodeUplink() { var a = []; for (;;) a.push({ x: a.length }); }');
    await expect(hog.decode(input([]))).rejects.toThrow(/timed out|memory/);
    const big = await compile('function decodeUplink() { return { data: "x".repeat(100000) }; }');
    await expect(big.decode(input([]))).rejects.toThrow(/over 16384 bytes/);
    // After a runaway call the script is compiled afresh and works again.
    const flaky = await compile('function decodeUplink(i) { if (i.bytes[0] === 1) for (;;) {} return { data: 2 }; }');
    await expect(flaky.decode(input([1]))).rejects.toThrow(/timed out/);
    expect(await flaky.decode(input([2]))).toBe(2);
  });

  it('refuses output nested too deep or with too many entries, small as its JSON may be', async () => {
    const nest = (depth: number) =>
      compile(`function decodeUplink() { var a = []; var x = a;
        for (var i = 1; i < ${depth}; i++) { var n = []; x.push(n); x = n; } return { data: a }; }`);
    // About 16 KB of JSON: under the size limit, far over the depth limit.
    await expect((await nest(8000)).decode(input([]))).rejects.toThrow(/nested deeper than 32 levels/);
    await expect((await nest(33)).decode(input([]))).rejects.toThrow(/nested deeper than 32 levels/);
    expect(JSON.stringify(await (await nest(32)).decode(input([])))).toBe(`${'['.repeat(32)}${']'.repeat(32)}`);
    // 3000 elements are about 6 KB of JSON.
    const wide = await compile(
      'function decodeUplink() { var a = []; for (var i = 0; i < 3000; i++) a.push(0); return { data: { a: a } }; }',
    );
    await expect(wide.decode(input([]))).rejects.toThrow(/over 2048 keys and elements/);
    // Brackets inside strings are text, not nesting.
    const text = await compile(`function decodeUplink() { return { data: { s: "${'['.repeat(100)}" } }; }`);
    expect(await text.decode(input([]))).toEqual({ s: '['.repeat(100) });
  });

  it('stops a deeply recursing script with an error and keeps its thread', async () => {
    const deep = await compile(
      'function f(n) { return f(n + 1) + 1; } function decodeUplink() { return { data: f(0) }; }',
    );
    const good = await compile('function decodeUplink(i) { return { data: i.bytes.length }; }');
    await expect(deep.decode(input([]))).rejects.toThrow(/stack overflow/);
    expect(await deep.decode(input([1])).catch((e: Error) => e.message)).toMatch(/stack overflow/);
    expect(await good.decode(input([1, 2]))).toBe(2);
  });
});
