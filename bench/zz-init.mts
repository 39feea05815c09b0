import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPgliteThread } from '../apps/server/src/db/pglite-thread';
import { migrationFiles } from '../apps/server/src/db/migrate';
const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ot-')), 'pg');
let t = performance.now();
const lap = (l: string) => { const n = performance.now(); console.log(l, (n - t).toFixed(0), 'ms'); t = n; };
const th = await startPgliteThread(dir);
lap('initdb (thread ready)');
const body = fs.readFileSync(new URL('../apps/server/src/db/migrations/', import.meta.url).pathname + migrationFiles()[0]!, 'utf8');
for (const f of migrationFiles()) {
  const b = fs.readFileSync(new URL('../apps/server/src/db/migrations/' + f, import.meta.url).pathname, 'utf8');
  await th.pool.query(`BEGIN;\n${b}\n;COMMIT;`);
}
lap(`${migrationFiles().length} migrations, one transaction each`);
await th.close();
void body;
