// `npm start`: build the console if it has not been built yet, then run the server in this process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { register } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
const index = `${root}apps/console/dist/index.html`;
if (!process.env.CONSOLE_DIR && !fs.existsSync(index)) {
  console.log('building the console (first start)...');
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/console'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error('error: the console build failed; see above');
    process.exit(1);
  }
}
register();
await import('../apps/server/src/main.ts');
