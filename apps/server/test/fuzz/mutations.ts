/**
 * Hostile values the input fuzz test puts into one field at a time, and the helpers that place
 * them into a valid request.
 */

const MB_STRING = 'a'.repeat(1024 * 1024);

/**
 * Values for a JSON body field. Every field gets the hostile scalars; the wrong container is
 * chosen from the field's valid value (an array for a scalar, an object for an array, hostile
 * text inside an array or object).
 */
export function badJsonValues(valid: unknown): { label: string; value: unknown }[] {
  const out: { label: string; value: unknown }[] = [
    { label: 'NUL in a string', value: 'ab\u0000cd' },
    { label: 'lone high surrogate', value: '\ud800' },
    { label: 'lone low surrogate', value: 'x\udc00y' },
    { label: '2^31', value: 2 ** 31 },
    { label: '2^53+1', value: 2 ** 53 + 1 },
    { label: '-1', value: -1 },
    { label: '1e308', value: 1e308 },
    { label: 'empty string', value: '' },
    { label: '1 MB string', value: MB_STRING },
    { label: 'null', value: null },
  ];
  if (Array.isArray(valid)) {
    out.push({ label: 'object for an array', value: { 0: valid[0] ?? 'x' } });
    out.push({ label: 'NUL inside an array', value: ['\u0000'] });
  } else if (valid && typeof valid === 'object') {
    out.push({ label: 'array for an object', value: [valid] });
    out.push({ label: 'NUL inside an object', value: { a: '\u0000', '\u0000': 'b' } });
  } else {
    out.push({ label: 'array for a scalar', value: [valid] });
  }
  return out;
}

/** Values for a query or path field, as raw (already percent-encoded) URL text. */
export const BAD_QUERY_VALUES: { label: string; raw: string[] }[] = [
  { label: 'NUL in a string', raw: ['ab%00cd'] },
  // A lone surrogate cannot be UTF-8: these are its CESU-8 bytes and a broken escape.
  { label: 'lone surrogate bytes', raw: ['%ED%A0%80'] },
  { label: 'broken escape', raw: ['%E0%A4%A'] },
  { label: '2^31', raw: ['2147483648'] },
  { label: '2^53+1', raw: ['9007199254740993'] },
  { label: '-1', raw: ['-1'] },
  { label: '1e308', raw: ['1e308'] },
  { label: 'empty string', raw: [''] },
  { label: '1 MB string', raw: [MB_STRING] },
  { label: 'repeated key (array for a scalar)', raw: ['1', '2'] },
];

export type Path = (string | number)[];

/** Every node below the root of a JSON value: object members and the first item of arrays. */
export function nodePaths(value: unknown, prefix: Path = []): Path[] {
  const out: Path[] = [];
  if (Array.isArray(value)) {
    if (value.length > 0) {
      out.push([...prefix, 0]);
      out.push(...nodePaths(value[0], [...prefix, 0]));
    }
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push([...prefix, k]);
      out.push(...nodePaths(v, [...prefix, k]));
    }
  }
  return out;
}

export function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined),
    value,
  );
}

/** A copy of `value` with `path` set to `replacement`. */
export function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head as string] = setAt(copy[head as string], rest, replacement);
  return copy;
}

/** Percent-encode one valid query value (samples are plain text, never lone surrogates). */
export const encodeQueryValue = (v: unknown): string => encodeURIComponent(String(v));

export function queryString(fields: Record<string, string[]>): string {
  return Object.entries(fields)
    .flatMap(([k, raws]) => raws.map((r) => `${encodeURIComponent(k)}=${r}`))
    .join('&');
}
