// How scripts/cluster.mjs and the benchmarks start a server process in the environment `npm start`
// gives it (scripts/server-env.sh, which glibc and V8 read only when node starts).
import { fileURLToPath } from 'node:url';

const SERVER_ENV = fileURLToPath(new URL('./server-env.sh', import.meta.url));

/** spawn()'s command and arguments running `command args…` after sourcing server-env.sh. */
export function inServerEnv(command, args) {
  return ['sh', ['-c', `. '${SERVER_ENV}' && exec "$0" "$@"`, command, ...args]];
}
