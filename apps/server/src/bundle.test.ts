import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../scripts/server-build.mjs';

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'lns-bundle-'));
afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

describe('the server bundle `npm start` runs', () => {
  it('holds every file the server opens beside its own module, and every migration', async () => {
    const main: string = await buildServer(out);
    expect(path.basename(main)).toBe('main.mjs');
    const text = fs
      .readdirSync(out)
      .filter((f) => f.endsWith('.mjs'))
      .map((f) => fs.readFileSync(path.join(out, f), 'utf8'))
      .join('\n');
    const beside = [...text.matchAll(/new URL\(["']\.\/([^"']+)["'], import\.meta\.url\)/g)].map((m) => m[1]!);
    expect(beside).toEqual(expect.arrayContaining(['pglite-worker.mjs', 'migrations', 'sandbox-worker.mjs']));
    for (const file of beside) expect(fs.existsSync(path.join(out, file)), file).toBe(true);
    const migrations = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith('.sql'));
    expect(migrations(path.join(out, 'migrations'))).toEqual(
      migrations(new URL('./db/migrations', import.meta.url).pathname),
    );
    // Only the workspace's own packages are inside; dependencies load from node_modules.
    expect(text).not.toMatch(/node_modules\/fastify\//);
    expect(text).toContain('packages/contract/src/');
  }, 60_000);
});
