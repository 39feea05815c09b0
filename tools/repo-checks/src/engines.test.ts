import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../..', import.meta.url));
const read = (file: string) => JSON.parse(readFileSync(`${REPO}${file}`, 'utf8'));

/** Installed packages whose declared Node.js range excludes the oldest Node.js our own `engines` accepts. */
function packagesRefusing(oldestNode: string, lock: { packages: Record<string, { engines?: { node?: string } }> }) {
  return Object.entries(lock.packages)
    .filter(([path, pkg]) => path && typeof pkg.engines?.node === 'string')
    .filter(([, pkg]) => !semver.satisfies(oldestNode, pkg.engines!.node!, { includePrerelease: true }))
    .map(([path, pkg]) => `${path} wants node ${pkg.engines!.node}`);
}

describe('engines', () => {
  it('finds a package that wants a newer Node.js than ours', () => {
    const lock = {
      packages: {
        '': {},
        'node_modules/a': { engines: { node: '>=22' } },
        'node_modules/b': { engines: { node: '>=18' } },
      },
    };
    expect(packagesRefusing('20.19.0', lock)).toEqual(['node_modules/a wants node >=22']);
  });

  it('every installed package runs on the oldest Node.js the root package.json accepts', () => {
    const oldest = semver.minVersion(read('package.json').engines.node)!.version;
    expect(packagesRefusing(oldest, read('package-lock.json'))).toEqual([]);
  });
});
