import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findInRepository, findInText, proseOf } from './outside-references';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const ROOTS = ['apps', 'packages', 'tools', 'e2e', 'bench', 'scripts', 'docs', 'README.md'];
/** The scanner and this test spell out the patterns they look for. */
const SELF = ['tools/repo-checks/src/outside-references.ts', 'tools/repo-checks/src/self-contained.test.ts'];

const rulesOf = (file: string, text: string) => findInText(file, text).map((h) => `${h.line}: ${h.rule}`);

describe('outside references', () => {
  it('finds names of outside documents, their sections and tracker numbers', () => {
    const text = [
      '/** The guard (console-core.md §2). */',
      '// see gateways-platform.md',
      '// house rules in DESIGN.md',
      '  // Issue 8: the live stream',
      '-- Data plane (issue 7)',
      'const a = 1; // fixed in #42',
      '/** Codes of section 8. */',
      'it("waits (spec §9)", () => {});',
    ].join('\n');
    expect(rulesOf('a.ts', text.replace('-- Data', '// Data'))).toEqual([
      '1: names a document outside the repository',
      '2: names a document outside the repository',
      '3: names a document outside the repository',
      '4: names a tracker number',
      '5: names a tracker number',
      '6: names a tracker number',
      '7: cites a section of an outside document',
      '8: cites a section of an outside document',
    ]);
    expect(rulesOf('m.sql', '-- Gateways (issue 5).')).toEqual(['1: names a tracker number']);
  });

  it('finds "the spec" in comments and documents, not spec as a code name', () => {
    expect(rulesOf('a.ts', '/** Decision (spec silent): 10 URLs. */')).toHaveLength(1);
    expect(rulesOf('a.ts', " * the spec's frame entity")).toHaveLength(1);
    expect(rulesOf('a.tsx', 'x(); // the spec clears cookies')).toHaveLength(1);
    expect(rulesOf('a.md', "Routes: the spec's live pages")).toHaveLength(1);
    expect(rulesOf('a.ts', 'const spec = specs[name]; spec.topic(q);')).toEqual([]);
    expect(rulesOf('a.ts', 'readonly spec: DeviceSpec,')).toEqual([]);
    expect(rulesOf('a.md', 'Journeys: `e2e/tests/console-*.spec.ts`')).toEqual([]);
    expect(rulesOf('a.ts', "['0.0.0.0', 'unspecified'], // most specific first")).toEqual([]);
  });

  it('lets public standards be cited by section, and leaves colours alone', () => {
    expect(rulesOf('a.ts', '/** EU863-870 (RP002-1.0.x §2.2). */')).toEqual([]);
    expect(rulesOf('a.ts', '// RFC 4493 §4 test vectors')).toEqual([]);
    expect(rulesOf('a.ts', '/** MType values as the LoRaWAN specification numbers them. */')).toEqual([]);
    expect(rulesOf('a.ts', "const color = '#666666';")).toEqual([]);
  });

  it('reads comments as prose and code as code', () => {
    expect(proseOf('const spec = 1; // the spec', '.ts')).toBe('// the spec');
    expect(proseOf(' * the spec', '.ts')).toBe(' * the spec');
    expect(proseOf('SELECT 1; -- note', '.sql')).toBe('-- note');
    expect(proseOf('const spec = 1;', '.ts')).toBe('');
  });
});

describe('the repository', () => {
  it('points only inside itself (docs/ holds the product rules)', () => {
    const hits = findInRepository(REPO, ROOTS, SELF);
    expect(hits.map((h) => `${h.file}:${h.line} ${h.rule}: ${h.text}`)).toEqual([]);
  });
});
