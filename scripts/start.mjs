// `npm start`: build the console when needed, then run the server in this process.
import { register } from 'tsx/esm/api';
import { ensureConsoleBuilt } from './console-build.mjs';

ensureConsoleBuilt();
register();
await import('../apps/server/src/main.ts');
