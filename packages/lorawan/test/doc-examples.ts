import { readFileSync } from 'node:fs';

export interface DocExample {
  name: string;
  dir: 'up' | 'down';
  hex: string;
  fields: Record<string, unknown>;
}

/**
 * The worked examples of a page in docs/protocols: fenced `example` blocks of three lines —
 * `<message> <up|down>`, the FRMPayload in hex, the decoded fields as JSON. Tests speak the
 * protocol from the page, not from our server code.
 */
export function docExamples(page: string): DocExample[] {
  const text = readFileSync(new URL(`../../../docs/protocols/${page}`, import.meta.url), 'utf8');
  const out: DocExample[] = [];
  for (const m of text.matchAll(/```example\n(\w+) (up|down)\n([0-9a-f ]+)\n(\{.*\})\n```/g)) {
    out.push({ name: m[1]!, dir: m[2] as 'up' | 'down', hex: m[3]!.replace(/ /g, ''), fields: JSON.parse(m[4]!) });
  }
  return out;
}
