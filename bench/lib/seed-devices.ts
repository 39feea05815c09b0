/** The OTAA devices the device-list benchmarks seed: spread over four channel plans and their tags. */
export const PLANS: [string, string][] = [
  ['eu868', 'eu868-default'],
  ['us915', 'us915-2'],
  ['cn470', 'cn470-1'],
  ['as923-1', 'as923-1-default'],
];

export const hex = (n: number, d: number) => n.toString(16).padStart(d, '0');
export const eui = (i: number) => `70b3d5${hex(i, 10)}`;

/** Device i: plan and tag round-robin; every tenth in class C when `someClassC`. */
export const seedDevice = (i: number, tagIds: number[], someClassC = false) => {
  const [region, subnet] = PLANS[i % PLANS.length]!;
  return {
    devEUI: eui(i),
    devName: `dev-${String(i).padStart(6, '0')}`,
    appEUI: '70b3d57ed0000001',
    appKey: hex(i, 32),
    region,
    subnet,
    class: someClassC && i % 10 === 0 ? 'C' : 'A',
    tagsId: [tagIds[i % tagIds.length]!],
  };
};
