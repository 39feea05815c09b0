/**
 * Cayenne LPP (myDevices Low Power Payload): [channel, type, value...] repeated. Output keys
 * follow The Things Stack's LPP formatter (`temperature_3: 27.2`), so dashboards written for it
 * read ours unchanged.
 */

type Field = { name: string; size: number; read: (b: Buffer, o: number) => unknown };

const i16 = (b: Buffer, o: number, div: number) => b.readInt16BE(o) / div;
const i24 = (b: Buffer, o: number, div: number) => b.readIntBE(o, 3) / div;
const xyz = (div: number) => (b: Buffer, o: number) => ({
  x: i16(b, o, div),
  y: i16(b, o + 2, div),
  z: i16(b, o + 4, div),
});

const TYPES: Record<number, Field> = {
  0: { name: 'digital_in', size: 1, read: (b, o) => b[o]! },
  1: { name: 'digital_out', size: 1, read: (b, o) => b[o]! },
  2: { name: 'analog_in', size: 2, read: (b, o) => i16(b, o, 100) },
  3: { name: 'analog_out', size: 2, read: (b, o) => i16(b, o, 100) },
  101: { name: 'luminosity', size: 2, read: (b, o) => b.readUInt16BE(o) },
  102: { name: 'presence', size: 1, read: (b, o) => b[o]! },
  103: { name: 'temperature', size: 2, read: (b, o) => i16(b, o, 10) },
  104: { name: 'relative_humidity', size: 1, read: (b, o) => b[o]! / 2 },
  113: { name: 'accelerometer', size: 6, read: xyz(1000) },
  115: { name: 'barometric_pressure', size: 2, read: (b, o) => b.readUInt16BE(o) / 10 },
  134: { name: 'gyrometer', size: 6, read: xyz(100) },
  136: {
    name: 'gps',
    size: 9,
    read: (b, o) => ({ latitude: i24(b, o, 10_000), longitude: i24(b, o + 3, 10_000), altitude: i24(b, o + 6, 100) }),
  },
};

export function decodeCayenne(bytes: Buffer): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let o = 0;
  while (o < bytes.length) {
    if (o + 2 > bytes.length) throw new Error(`Cayenne LPP: truncated header at byte ${o}`);
    const channel = bytes[o]!;
    const type = bytes[o + 1]!;
    const f = TYPES[type];
    if (!f) throw new Error(`Cayenne LPP: unknown type ${type} at byte ${o + 1}`);
    if (o + 2 + f.size > bytes.length) throw new Error(`Cayenne LPP: ${f.name} on channel ${channel} is truncated`);
    out[`${f.name}_${channel}`] = f.read(bytes, o + 2);
    o += 2 + f.size;
  }
  return out;
}
