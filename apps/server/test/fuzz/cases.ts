/**
 * Builds the input fuzz test's requests from the OpenAPI operations: a valid request per route,
 * then copies of it with one field replaced by a hostile value, and hostile whole bodies.
 */
import {
  BAD_QUERY_VALUES,
  badJsonValues,
  encodeQueryValue,
  getAt,
  nodePaths,
  type Path,
  queryString,
  setAt,
} from './mutations';
import { type Operation, sampleOf } from './openapi';

export interface Case {
  /** "POST /api/x body.name: NUL in a string", for failure reports. */
  id: string;
  method: 'GET' | 'POST';
  url: string;
  payload?: string;
  headers: Record<string, string>;
  /** The field the hostile value was put in; undefined for whole-body cases. */
  field?: string;
}

export interface Valid {
  query: Record<string, unknown>;
  params: Record<string, unknown>;
  body?: unknown;
}

export type ValidOf = (op: Operation) => Valid;

/** A valid request: schema samples, then field samples, then the route's own sample. */
export function validRequestMaker(
  fields: Record<string, unknown>,
  routes: Record<string, () => Record<string, unknown>>,
): ValidOf {
  return (op) => {
    const route = routes[`${op.method} ${op.path}`]?.();
    const pick = (name: string, fallback: () => unknown) =>
      route && name in route ? route[name] : name in fields ? fields[name] : fallback();
    const query: Record<string, unknown> = {};
    for (const p of op.query) {
      const v = pick(p.name, () => (p.required ? sampleOf(p.schema) : undefined));
      if (v !== undefined) query[p.name] = v;
    }
    const params: Record<string, unknown> = {};
    for (const p of op.pathParams) params[p.name] = pick(p.name, () => sampleOf(p.schema));
    let body: unknown;
    if (op.body) {
      const base = sampleOf(op.body) as Record<string, unknown>;
      for (const k of Object.keys(op.body.properties ?? {})) if (k in fields) base[k] = fields[k];
      body = { ...base, ...route };
    }
    return { query, params, body };
  };
}

const JSON_HEADERS = { 'content-type': 'application/json' };

function urlOf(op: Operation, params: Record<string, string>, query: Record<string, string[]>): string {
  let path = op.path;
  for (const [k, raw] of Object.entries(params)) path = path.replace(`{${k}}`, raw);
  const qs = queryString(query);
  return qs ? `${path}?${qs}` : path;
}

const encodedQuery = (q: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(q).map(([k, v]) => [k, Array.isArray(v) ? v.map(encodeQueryValue) : [encodeQueryValue(v)]]),
  );
const encodedParams = (p: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(p).map(([k, v]) => [k, encodeQueryValue(v)]));

/** The valid request itself. */
export function validCase(op: Operation, validOf: ValidOf): Case {
  const v = validOf(op);
  return {
    id: `${op.method} ${op.path} (valid)`,
    method: op.method,
    url: urlOf(op, encodedParams(v.params), encodedQuery(v.query)),
    payload: v.body === undefined ? undefined : JSON.stringify(v.body),
    headers: v.body === undefined ? {} : JSON_HEADERS,
  };
}

/** One hostile value in one field at a time. */
export function fieldCases(op: Operation, validOf: ValidOf): Case[] {
  const out: Case[] = [];
  const name = `${op.method} ${op.path}`;
  const build = (patch: (v: Valid) => { url: string; payload?: string }, id: string, field: string) => {
    const v = validOf(op);
    const r = patch(v);
    out.push({
      id: `${name} ${id}`,
      method: op.method,
      url: r.url,
      payload: r.payload,
      headers: r.payload === undefined ? {} : JSON_HEADERS,
      field,
    });
  };
  const body = (v: Valid) => (v.body === undefined ? undefined : JSON.stringify(v.body));

  for (const p of op.query) {
    for (const bad of BAD_QUERY_VALUES) {
      build(
        (v) => ({
          url: urlOf(op, encodedParams(v.params), { ...encodedQuery(v.query), [p.name]: bad.raw }),
          payload: body(v),
        }),
        `query.${p.name}: ${bad.label}`,
        p.name,
      );
    }
  }
  for (const p of op.pathParams) {
    for (const bad of BAD_QUERY_VALUES) {
      if (bad.raw.length !== 1) continue;
      build(
        (v) => ({
          url: urlOf(op, { ...encodedParams(v.params), [p.name]: bad.raw[0]! }, encodedQuery(v.query)),
          payload: body(v),
        }),
        `path.${p.name}: ${bad.label}`,
        // A URL that does not decode is refused by the router, before it knows the parameter's name.
        bad.label.includes('surrogate') || bad.label.includes('escape') || bad.label.includes('MB') ? 'path' : p.name,
      );
    }
  }
  if (op.body) {
    const sample = validOf(op).body;
    const paths: Path[] = nodePaths(sample);
    for (const k of Object.keys(op.body.properties ?? {})) {
      if (!paths.some((p) => p.length === 1 && p[0] === k)) paths.push([k]);
    }
    for (const path of paths) {
      for (const bad of badJsonValues(getAt(sample, path))) {
        build(
          (v) => ({
            url: urlOf(op, encodedParams(v.params), encodedQuery(v.query)),
            payload: JSON.stringify(setAt(v.body, path, bad.value)),
          }),
          `body.${path.join('.')}: ${bad.label}`,
          path.join('.'),
        );
      }
    }
  }
  return out;
}

/** Whole bodies that are not what the route reads: wrong JSON types, broken JSON, other content types. */
export function bodyCases(op: Operation, validOf: ValidOf): Case[] {
  if (op.method !== 'POST') return [];
  const v = validOf(op);
  const url = urlOf(op, encodedParams(v.params), encodedQuery(v.query));
  const name = `${op.method} ${op.path}`;
  const bodies: [string, string, string][] = [
    ['JSON array', 'application/json', '[]'],
    ['JSON string', 'application/json', '"x"'],
    ['JSON null', 'application/json', 'null'],
    ['JSON number', 'application/json', '2147483648'],
    ['broken JSON', 'application/json', '{"a":'],
    ['NUL in JSON text', 'application/json', '{"a\\u0000":"\\u0000"}'],
    ['text body', 'text/plain', 'hello'],
    ['multipart without boundary', 'multipart/form-data', 'garbage'],
    ['multipart garbage', 'multipart/form-data; boundary=xyz', '--xyz\r\ngarbage\r\n--xyz--'],
    ['multipart NUL file name', 'multipart/form-data; boundary=xyz', multipartFile('a\u0000.xlsx', 'PK\u0000')],
  ];
  return bodies.map(([label, type, payload]) => ({
    id: `${name} whole body: ${label}`,
    method: op.method,
    url,
    payload,
    headers: { 'content-type': type },
  }));
}

function multipartFile(filename: string, content: string): string {
  return [
    '--xyz',
    `Content-Disposition: form-data; name="file"; filename="${filename}"`,
    'Content-Type: application/octet-stream',
    '',
    content,
    '--xyz--',
    '',
  ].join('\r\n');
}
