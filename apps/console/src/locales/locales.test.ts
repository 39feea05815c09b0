import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', { eager: true, import: 'default' });

const keys = (o: unknown, prefix = ''): string[] =>
  o && typeof o === 'object'
    ? Object.entries(o as Record<string, unknown>).flatMap(([k, v]) => keys(v, `${prefix}${k}.`))
    : [prefix.slice(0, -1)];

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Keys with plural suffixes folded to their base: Chinese has only `_other`, English `_one` and `_other`. */
const bases = (ks: string[]) => [...new Set(ks.map((k) => k.replace(PLURAL, '')))].sort();
const valueAt = (o: unknown, key: string) => String(key.split('.').reduce((n: any, p) => n?.[p], o));

describe('locales', () => {
  const byNs = new Map<string, Record<string, unknown>>();
  for (const [path, json] of Object.entries(files)) byNs.set(path.slice(2).replace(/\.json$/, ''), json);
  const namespaces = [...new Set([...byNs.keys()].map((p) => p.split('/')[1]))];

  it.each(namespaces)('%s has the same keys in zh-CN and en-US, none empty', (ns) => {
    const zh = byNs.get(`zh-CN/${ns}`);
    const en = byNs.get(`en-US/${ns}`);
    expect(zh, `zh-CN/${ns} missing`).toBeDefined();
    expect(en, `en-US/${ns} missing`).toBeDefined();
    expect(bases(keys(zh))).toEqual(bases(keys(en)));
    for (const k of keys(zh)) expect(valueAt(zh, k).trim(), `zh-CN ${k}`).not.toBe('');
    for (const k of keys(en)) expect(valueAt(en, k).trim(), `en-US ${k}`).not.toBe('');
  });

  it.each(namespaces)('%s: every plural has _one and _other in en-US and _other in zh-CN', (ns) => {
    const en = keys(byNs.get(`en-US/${ns}`)).filter((k) => PLURAL.test(k));
    const zh = keys(byNs.get(`zh-CN/${ns}`)).filter((k) => PLURAL.test(k));
    for (const base of bases(en)) {
      expect(en, `en-US ${base}`).toEqual(expect.arrayContaining([`${base}_one`, `${base}_other`]));
      expect(zh, `zh-CN ${base}`).toContain(`${base}_other`);
    }
  });

  it.each(namespaces)('%s: a count in English text goes through a plural key', (ns) => {
    const en = byNs.get(`en-US/${ns}`);
    const loose = keys(en).filter((k) => !PLURAL.test(k) && /\(s\)|\{\{count\}\} (\S+ )?\S*s\b/.test(valueAt(en, k)));
    expect(loose).toEqual([]);
  });

  it('calls a device 设备 in Chinese, never 节点', () => {
    for (const [path, json] of byNs) {
      if (!path.startsWith('zh-CN/')) continue;
      for (const k of keys(json)) expect(valueAt(json, k), `${path} ${k}`).not.toContain('节点');
    }
  });

  it('has a title for every route in both languages', async () => {
    const { ROUTES } = await import('../app/routes');
    for (const lang of ['zh-CN', 'en-US']) {
      const layout = byNs.get(`${lang}/layout`) as { route: Record<string, string> };
      for (const r of ROUTES) expect(layout.route[r.title], `${lang} route.${r.title}`).toBeTruthy();
    }
  });
});
