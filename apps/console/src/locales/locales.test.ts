import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object'
    ? Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => keys(v, `${prefix}${k}.`))
    : [prefix.slice(0, -1)];

describe('locales', () => {
  const byNs = new Map<string, Record<string, unknown>>();
  for (const [path, json] of Object.entries(files)) byNs.set(path.slice(2).replace(/\.json$/, ''), json);
  const namespaces = [...new Set([...byNs.keys()].map((p) => p.split('/')[1]))];

  it.each(namespaces)('%s has the same keys in zh-CN and en-US, none empty', (ns) => {
    const zh = byNs.get(`zh-CN/${ns}`);
    const en = byNs.get(`en-US/${ns}`);
    expect(zh, `zh-CN/${ns} missing`).toBeDefined();
    expect(en, `en-US/${ns} missing`).toBeDefined();
    expect(keys(zh).sort()).toEqual(keys(en).sort());
    for (const k of keys(zh)) expect(String(k.split('.').reduce((o: any, p) => o?.[p], zh)).trim()).not.toBe('');
  });

  it('has a title for every route in both languages', async () => {
    const { ROUTES } = await import('../app/routes');
    for (const lang of ['zh-CN', 'en-US']) {
      const layout = byNs.get(`${lang}/layout`) as { route: Record<string, string> };
      for (const r of ROUTES) expect(layout.route[r.title], `${lang} route.${r.title}`).toBeTruthy();
    }
  });
});
