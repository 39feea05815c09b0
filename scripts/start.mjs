// `npm start`: build the console and the server bundle when needed, then run the server in this process.
import { ensureConsoleBuilt } from './console-build.mjs';
import { ensureServerBuilt } from './server-build.mjs';

ensureConsoleBuilt();
let bundle;
try {
  bundle = await ensureServerBuilt();
} catch (err) {
  console.error(`error: the server build failed: ${err.message}`);
  process.exit(1);
}
await import(bundle);
