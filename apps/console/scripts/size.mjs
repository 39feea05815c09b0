// Size report: gzip size of every built chunk, and the JavaScript the login page needs.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
if (!fs.existsSync(dist)) {
  console.error('no build: run `npm run build -w apps/console` first');
  process.exit(1);
}
const assets = path.join(dist, 'assets');
const gz = (f) => zlib.gzipSync(fs.readFileSync(f), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const rows = fs
  .readdirSync(assets)
  .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
  .map((f) => ({ file: f, raw: fs.statSync(path.join(assets, f)).size, gzip: gz(path.join(assets, f)) }))
  .sort((a, b) => b.gzip - a.gzip);
console.log('chunk'.padEnd(48), 'raw'.padStart(10), 'gzip'.padStart(10));
for (const r of rows) console.log(r.file.padEnd(48), kb(r.raw).padStart(10), kb(r.gzip).padStart(10));

// Entry + its static imports (modulepreload links) = what loads before any route.
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const initialGzip = initial.reduce((n, f) => n + gz(path.join(assets, f)), 0);
console.log(`initial JavaScript (entry + preloaded): ${kb(initialGzip)} gzip in ${initial.length} files`);

// The login page: entry closure + the login route chunk and its static imports + the locale
// chunks it reads (common, layout, errors, login; the larger of the two languages).
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (fs.existsSync(manifestFile)) {
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const files = new Set();
  const walk = (key) => {
    const m = manifest[key];
    if (!m || files.has(m.file)) return;
    files.add(m.file);
    for (const k of m.imports ?? []) walk(k);
  };
  for (const [key, m] of Object.entries(manifest)) if (m.isEntry) walk(key);
  walk('src/features/auth/LoginPage.tsx');
  let locales = 0;
  for (const ns of ['common', 'layout', 'errors', 'login']) {
    const sizes = ['zh-CN', 'en-US'].map((l) => {
      const m = manifest[`src/locales/${l}/${ns}.json`];
      return m ? gz(path.join(dist, m.file)) : 0;
    });
    locales += Math.max(...sizes);
  }
  const js = [...files].filter((f) => f.endsWith('.js')).reduce((n, f) => n + gz(path.join(dist, f)), 0);
  console.log(
    `login page usable: ${kb(js + locales)} gzip (${files.size} chunks ${kb(js)} + locale chunks ${kb(locales)}; budget 230 KB)`,
  );
}
