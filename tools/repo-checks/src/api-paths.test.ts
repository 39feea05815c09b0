import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { filesUnder } from './outside-references';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const ROOTS = ['apps', 'packages', 'tools', 'bench', 'scripts'];
/** A quoted string or template that starts an API path. */
const API_PATH = /['"`]\/api\//;

/** Sources that must name endpoints through the contract; tests may spell the wire path they check. */
const mustUseContract = (file: string) =>
  /\.(ts|tsx|mjs|cjs|js)$/.test(file) &&
  !/\.(test|spec)\.tsx?$/.test(file) &&
  !file.includes('/test/') &&
  !file.startsWith('packages/contract/');

function apiPathsIn(text: string): number[] {
  return text.split('\n').flatMap((line, i) => (API_PATH.test(line) ? [i + 1] : []));
}

describe('API paths', () => {
  it('recognises a path spelled in code', () => {
    expect(apiPathsIn("const a = 1;\nhttp.get('/api/device/list');\nfetch(`/api/x/` + id);")).toEqual([2, 3]);
    expect(apiPathsIn('route(app, deviceApi.list, handler);')).toEqual([]);
  });

  it('are declared only in packages/contract: every other source calls endpoints by name', () => {
    const hits: string[] = [];
    for (const root of ROOTS) {
      for (const path of filesUnder(join(REPO, root))) {
        const file = relative(REPO, path);
        if (!mustUseContract(file)) continue;
        for (const line of apiPathsIn(readFileSync(path, 'utf8'))) hits.push(`${file}:${line}`);
      }
    }
    expect(hits).toEqual([]);
  });
});
