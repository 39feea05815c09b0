import { ENDPOINTS } from '@lns/contract/api/index';
import { C, CODES } from '@lns/contract/codes';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import enCommon from '../locales/en-US/common.json';
import zhCommon from '../locales/zh-CN/common.json';

const LOCALES = { 'en-US': enCommon, 'zh-CN': zhCommon } as Record<
  string,
  { codes: Record<string, string>; fields: Record<string, string> }
>;
const CJK = /[\u4e00-\u9fff]/;

/** Every property name any endpoint's path, query or body accepts: the fields a refusal may name. */
function requestFields(): string[] {
  const names = new Set<string>(['body', 'path', 'querystring', 'params', 'file']);
  const walk = (s: unknown) => {
    if (!s || typeof s !== 'object') return;
    const o = s as Record<string, unknown>;
    for (const [k, v] of Object.entries((o.properties as Record<string, unknown>) ?? {})) {
      names.add(k);
      walk(v);
    }
    for (const k of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties']) {
      const v = o[k];
      if (Array.isArray(v)) v.forEach(walk);
      else walk(v);
    }
  };
  for (const e of ENDPOINTS)
    for (const s of [e.params, e.query, e.body])
      if (s) walk(z.toJSONSchema(s, { io: 'input', unrepresentable: 'any' }));
  return [...names].sort();
}

describe('refusal texts', () => {
  it.each(Object.keys(LOCALES))('%s has a text for every response code', (lng) => {
    const { codes } = LOCALES[lng]!;
    const all = new Set([...Object.keys(CODES), ...Object.values(C).map(String)]);
    const missing = [...all].filter((code) => !codes[code]?.trim());
    expect(missing).toEqual([]);
    if (lng === 'zh-CN') expect(Object.entries(codes).filter(([, text]) => !CJK.test(text))).toEqual([]);
  });

  it.each(Object.keys(LOCALES))('%s has a label for every field a request can carry', (lng) => {
    const { fields } = LOCALES[lng]!;
    expect(requestFields().filter((name) => !fields[name]?.trim())).toEqual([]);
  });
});
