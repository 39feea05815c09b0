import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';

/**
 * Finds text that sends a reader outside the repository: documents that are not in it, their
 * sections, tracker numbers. The repository explains itself; product rules live in docs/.
 */

export interface OutsideReference {
  file: string;
  line: number;
  rule: string;
  text: string;
}

/** A line naming one of these public standards may cite its sections (RFC 4493 §4, RP002 §2.2). */
const PUBLIC_STANDARD = /\b(RFC\s*\d+|RP00\d|TS00\d|LoRaWAN|Backend Interfaces|datasheet|ISO|IEEE)\b/i;

/** Checked on every line, code included. */
const ANYWHERE: { rule: string; pattern: RegExp; unlessStandard?: boolean }[] = [
  {
    rule: 'names a document outside the repository',
    pattern: /console-core|gateways-platform|\bDESIGN\.md\b|\/work\/|shared\/spec/i,
  },
  { rule: 'names a tracker number', pattern: /\b(issues?|PR|pull request|ticket)\s*#?\d+/i },
  { rule: 'names a tracker number', pattern: /(^|[\s([,])#\d{1,5}\b/ },
  { rule: 'cites a section of an outside document', pattern: /\bsections?\s+\d/i, unlessStandard: true },
  { rule: 'cites a section of an outside document', pattern: /§/, unlessStandard: true },
];

/** Checked in comments and prose only: `spec` as a code name (`spec.topic`, `*.spec.ts`) is fine. */
const SPEC_WORD = /(?<![\w./-])spec(s|'s|ifications?)?\b/i;

const PROSE_FILES = new Set(['.md', '.json', '.html']);
const HASH_COMMENT_FILES = new Set(['.sh', '.yml', '.yaml']);

/** The part of a line a reader takes as prose: a comment, or the whole line of a document. */
export function proseOf(line: string, ext: string): string {
  if (PROSE_FILES.has(ext)) return line;
  if (ext === '.sql') return line.includes('--') ? line.slice(line.indexOf('--')) : '';
  if (HASH_COMMENT_FILES.has(ext)) return line.includes('#') ? line.slice(line.indexOf('#')) : '';
  const trimmed = line.trimStart();
  if (trimmed.startsWith('*') || trimmed.startsWith('//') || trimmed.startsWith('/*')) return line;
  const starts = [line.indexOf('//'), line.indexOf('/*')].filter((i) => i >= 0);
  return starts.length > 0 ? line.slice(Math.min(...starts)) : '';
}

/** Every outside reference in one file's text. */
export function findInText(file: string, text: string): OutsideReference[] {
  const ext = extname(file);
  const hits: OutsideReference[] = [];
  for (const [i, line] of text.split('\n').entries()) {
    const standard = PUBLIC_STANDARD.test(line);
    const rule =
      ANYWHERE.find((r) => r.pattern.test(line) && !(r.unlessStandard && standard))?.rule ??
      (!standard && SPEC_WORD.test(proseOf(line, ext)) ? 'refers to a specification outside the repository' : null);
    if (rule) hits.push({ file, line: i + 1, rule, text: line.trim() });
  }
  return hits;
}

const SCANNED_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.mjs',
  '.cjs',
  '.js',
  '.md',
  '.sql',
  '.html',
  '.json',
  '.sh',
  '.yml',
  '.yaml',
]);
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', 'test-results', 'playwright-report']);
const SKIPPED_FILES = new Set(['package-lock.json']);

/** Every scanned file below `dir`, skipping dependencies and build output. */
export function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* filesUnder(path);
    } else if (SCANNED_EXTENSIONS.has(extname(entry.name)) && !SKIPPED_FILES.has(entry.name)) {
      yield path;
    }
  }
}

/** Scans `roots` (folders or files, relative to `repo`); `except` holds repo-relative paths to skip. */
export function findInRepository(repo: string, roots: string[], except: string[] = []): OutsideReference[] {
  const hits: OutsideReference[] = [];
  for (const root of roots) {
    const start = join(repo, root);
    const files = statSync(start).isDirectory() ? [...filesUnder(start)] : [start];
    for (const path of files) {
      const file = relative(repo, path);
      if (!except.includes(file)) hits.push(...findInText(file, readFileSync(path, 'utf8')));
    }
  }
  return hits;
}
