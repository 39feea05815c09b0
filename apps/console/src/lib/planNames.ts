import { i18n } from './i18n';

/**
 * Region and subnet names in the user's language. The catalogue (packages/lorawan) names plans
 * in English with a fixed shape ("US915 sub-band 2 (903.9–905.3 MHz + ch 65)", "EU868 8
 * channels (…)", "Pico net (…)"); the shape is read back here and said with common:plan.* keys.
 * A name of another shape is shown as it is (a test keeps every catalogue name readable).
 */
const SHAPES: { re: RegExp; key: string }[] = [
  { re: /^(?<region>\S+) sub-band (?<n>\d+) \((?<range>[^)]*)\)$/, key: 'subBand' },
  { re: /^(?<region>\S+) (?<count>\d+) default channels$/, key: 'defaultChannels' },
  { re: /^(?<region>\S+) (?<count>\d+) channels \((?<range>[^)]*)\)$/, key: 'channelsIn' },
  { re: /^(?<region>\S+) (?<count>\d+) channels$/, key: 'channels' },
  { re: /^Pico net \((?<range>[^)]*)\)$/, key: 'pico' },
  { re: /^(?<region>.+) pico$/, key: 'picoRegion' },
];

/** "+ ch 65" inside a frequency range: the channel word is translated. */
const rangeText = (range: string) =>
  range
    .replace(/\bch (\d+)/g, (_m, n: string) => i18n.t('common:plan.ch', { n }))
    .replace(/, /g, i18n.t('common:plan.comma'));

/** The key and values of a catalogue name, or undefined when it has none of the known shapes. */
export function planNameParts(name: string): { key: string; values: Record<string, string | number> } | undefined {
  for (const { re, key } of SHAPES) {
    const g = re.exec(name)?.groups;
    if (!g) continue;
    const values: Record<string, string | number> = { ...g };
    if (g.count) values.count = Number(g.count);
    if (g.range) values.range = rangeText(g.range);
    return { key, values };
  }
  return undefined;
}

/** A region's or subnet's name from the catalogue, in the current language. */
export function planName(name: string): string {
  const parts = planNameParts(name);
  return parts ? i18n.t(`common:plan.${parts.key}`, parts.values) : name;
}
