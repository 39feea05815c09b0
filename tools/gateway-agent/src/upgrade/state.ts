/**
 * What upgrades installed, `{ "deb": "v1", "agent": "v2", … }` in `<stateDir>/upgrades.json`:
 * reported as `upgrade:<kind>` in every Report, and how a repeated upgrade is known as not needed.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UPGRADE_KINDS, type UpgradeKind } from '@lns/contract/upgrades';

export const STATE_FILE = 'upgrades.json';
/** The Report's `versions` entries are at most this long. */
const VERSION_MAX = 128;

export type Installed = Partial<Record<UpgradeKind, string>>;

export const stateFileOf = (stateDir: string) => join(stateDir, STATE_FILE);

/** The file's entries of known kinds; a missing or broken file is nothing installed. */
export function readInstalled(file: string): Installed {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
  const out: Installed = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const kind of UPGRADE_KINDS) {
    const v = (raw as Record<string, unknown>)[kind];
    if (typeof v === 'string' && v) out[kind] = v;
  }
  return out;
}

/** Sets (or, with null, removes) one kind's version; written whole and renamed, so never half a file. */
export function writeInstalled(file: string, kind: UpgradeKind, version: string | null): void {
  const next = readInstalled(file);
  if (version === null) delete next[kind];
  else next[kind] = version;
  mkdirSync(join(file, '..'), { recursive: true });
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(next, null, 2)}\n`);
  renameSync(tmp, file);
}

/** `{ name: "upgrade:<kind>", version }` for the Report. */
export function upgradeVersions(file: string): { name: string; version: string }[] {
  return Object.entries(readInstalled(file)).map(([kind, version]) => ({
    name: `upgrade:${kind}`,
    version: version.slice(0, VERSION_MAX),
  }));
}
