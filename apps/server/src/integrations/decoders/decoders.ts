import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications } from '../../db/schema/devices';
import { decodeCayenne } from './cayenne';
import { DecoderSandbox, type UplinkInput } from './sandbox';

export interface Decoded {
  object?: unknown;
  decodeError?: string;
}

type DecoderSpec = { type: string; content: string };
type Compiled = { decode: (input: UplinkInput) => Promise<unknown> | unknown; key?: string } | { error: string };

/** One decoder thread per process (it idles without work; the thread does not hold the process open). */
let shared: DecoderSandbox | undefined;
export const decoderSandbox = (): DecoderSandbox => {
  shared ??= new DecoderSandbox();
  return shared;
};

/** Applications whose compiled decoder stays loaded (each script holds a QuickJS runtime). */
const CACHE_SIZE = 200;

/** Compiles a decoder: a JavaScript one in the sandbox under `key`, Cayenne LPP natively. */
export async function compileDecoder(d: DecoderSpec, key: string): Promise<Compiled | null> {
  if (d.type === 'cayenne') return { decode: (input) => decodeCayenne(Buffer.from(input.bytes)) };
  if (d.type !== 'javascript' || !d.content.trim()) return null;
  const sandbox = decoderSandbox();
  const error = await sandbox.compile(key, d.content);
  return error ? { error } : { decode: (input) => sandbox.decode(key, input), key };
}

/** Why a decoder cannot be used (a script that does not compile), or null. */
export async function decoderProblem(d: DecoderSpec): Promise<string | null> {
  const key = `check:${randomBytes(6).toString('hex')}`;
  const c = await compileDecoder(d, key);
  decoderSandbox().drop(key);
  return c && 'error' in c ? c.error : null;
}

/**
 * Runs each application's decoder on its uplinks. Compiled decoders are cached per application
 * and version (the application's updated_at), so an edited script takes effect with the next
 * uplink and is not re-read from the database for every frame.
 */
export class DecoderCache {
  // Promises, so concurrent uplinks of one application share one compilation.
  private readonly cache = new Map<number, { version: number; compiled: Promise<Compiled | null> }>();
  /** Sandbox keys are per cache: two servers in one process (tests) may both have an application 1. */
  private readonly prefix = randomBytes(4).toString('hex');

  constructor(
    private readonly db: Db,
    private readonly onError: (appID: number, message: string) => void = () => {},
  ) {}

  async decode(app: { appID: number; version: number }, input: UplinkInput): Promise<Decoded> {
    const compiled = await this.compiled(app);
    if (!compiled) return {};
    if ('error' in compiled) return this.failed(app.appID, `decoder does not compile: ${compiled.error}`);
    try {
      return { object: await compiled.decode(input) };
    } catch (err) {
      return this.failed(app.appID, (err as Error).message);
    }
  }

  close(): void {
    for (const id of [...this.cache.keys()]) this.drop(id);
  }

  private failed(appID: number, message: string): Decoded {
    this.onError(appID, message);
    return { decodeError: message };
  }

  private compiled(app: { appID: number; version: number }): Promise<Compiled | null> {
    const hit = this.cache.get(app.appID);
    if (hit && hit.version === app.version) {
      this.cache.delete(app.appID); // most recently used last
      this.cache.set(app.appID, hit);
      return hit.compiled;
    }
    this.drop(app.appID);
    const compiled = this.db
      .select({ decoder: applications.decoder })
      .from(applications)
      .where(eq(applications.id, app.appID))
      .then(([row]) =>
        row?.decoder ? compileDecoder(row.decoder, `${this.prefix}:${app.appID}:${app.version}`) : null,
      )
      .catch((err: Error) => ({ error: `decoder not loaded: ${err.message}` }));
    this.cache.set(app.appID, { version: app.version, compiled });
    if (this.cache.size > CACHE_SIZE) this.drop(this.cache.keys().next().value!);
    return compiled;
  }

  private drop(appID: number): void {
    const entry = this.cache.get(appID);
    this.cache.delete(appID);
    void entry?.compiled.then((c) => {
      if (c && 'key' in c && c.key) decoderSandbox().drop(c.key);
    });
  }
}
