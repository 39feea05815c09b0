/**
 * npm run license -- keygen --out <dir>
 * npm run license -- issue --key private.pem --licensee X --nw-id 000013 --devices N --gateways N --expires 2027-12-31
 * npm run license -- show <license> [--public-key <file or base64>]
 * (or npx tsx tools/license/src/cli.ts …). See tools/license/README.md.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { decodeLicense, publicKeyFrom } from '@lns/contract/license-codec';
import { issueLicense, newKeyPair, privateKeyFromPem } from './issue';

const USAGE = `usage:
  license keygen --out <dir>              writes private.pem and public.pem (refuses to overwrite)
  license issue --key <private.pem> --licensee <name> --nw-id <6 hex> --devices <n> --gateways <n> --expires <YYYY-MM-DD>
  license show <license> [--public-key <public.pem or base64>]`;

class UsageError extends Error {}

const count = (name: string, v: string | undefined): number => {
  if (v === undefined || !/^\d+$/.test(v)) throw new UsageError(`--${name} wants a whole number`);
  return Number(v);
};
const need = (name: string, v: string | undefined): string => {
  if (!v) throw new UsageError(`--${name} is required`);
  return v;
};
/**
 * A path the user typed, relative to where they ran the command: `npm run` starts us in the
 * repository root (INIT_CWD is their directory), and a private key must not land in the checkout.
 */
const userPath = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

function keygen(out: string): void {
  const priv = path.join(out, 'private.pem');
  const pub = path.join(out, 'public.pem');
  for (const f of [priv, pub]) if (existsSync(f)) throw new UsageError(`${f} exists: not overwritten`);
  mkdirSync(out, { recursive: true });
  const k = newKeyPair();
  writeFileSync(priv, k.privatePem, { mode: 0o600 });
  writeFileSync(pub, k.publicPem);
  console.log(`wrote ${priv} (keep it secret) and ${pub}`);
  console.log(`LICENSE_PUBLIC_KEY=${k.publicRaw}`);
}

function show(license: string, publicKey: string | undefined): number {
  const [, body = ''] = license.replace(/\s+/g, '').split('.');
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new UsageError('not a license');
  }
  console.log(JSON.stringify(payload, null, 2));
  if (!publicKey) return 0;
  const text = existsSync(publicKey) ? readFileSync(publicKey, 'utf8') : publicKey;
  const d = decodeLicense(license, publicKeyFrom(text));
  console.log(d.ok ? 'signature: good' : `signature: refused (${d.problem})`);
  return d.ok ? 0 : 1;
}

type Args = ReturnType<typeof parse>;
const parse = (argv: string[]) =>
  parseArgs({
    args: argv,
    options: {
      out: { type: 'string' },
      key: { type: 'string' },
      licensee: { type: 'string' },
      'nw-id': { type: 'string' },
      devices: { type: 'string' },
      gateways: { type: 'string' },
      expires: { type: 'string' },
      'public-key': { type: 'string' },
      help: { type: 'boolean' },
    },
    allowPositionals: true,
  });

export function main(argv: string[]): number {
  let args: Args;
  try {
    args = parse(argv);
  } catch (e) {
    console.error(`license: ${(e as Error).message}`);
    return 2;
  }
  const { values: v, positionals } = args;
  const [command, ...rest] = positionals;
  if (v.help || !command) {
    console.log(USAGE);
    return v.help ? 0 : 2;
  }
  try {
    if (command === 'keygen') {
      // No default directory: where the private key goes is a decision, not an accident.
      keygen(userPath(need('out', v.out)));
      return 0;
    }
    if (command === 'issue') {
      const key = privateKeyFromPem(readFileSync(userPath(need('key', v.key)), 'utf8'));
      const license = issueLicense(
        {
          licensee: need('licensee', v.licensee),
          nwId: need('nw-id', v['nw-id']),
          devices: count('devices', v.devices),
          gateways: count('gateways', v.gateways),
          expires: need('expires', v.expires),
        },
        key,
      );
      console.log(license);
      return 0;
    }
    if (command === 'show') {
      if (!rest[0]) throw new UsageError('show wants the license text');
      const pub = v['public-key'];
      return show(rest[0], pub && existsSync(userPath(pub)) ? userPath(pub) : pub);
    }
    throw new UsageError(`unknown command: ${command}`);
  } catch (e) {
    console.error(`license: ${(e as Error).message}`);
    if (e instanceof UsageError) console.error(USAGE);
    return 2;
  }
}

// Run as a program (not when a test imports main).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
