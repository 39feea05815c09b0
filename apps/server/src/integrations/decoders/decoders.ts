import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { applications } from '../../db/schema/devices';
import { decodeCayenne } from './cayenne';
import type { DecoderPool } from './pool';
import type { UplinkInput } from './sandbox';

export interface Decoded {
  object?: unknown;
  decodeError?: string;
}

type DecoderSpec = { type: string; content: string };
/** What an application decodes with: Cayenne natively, or a script registered in the pool under `key`. */
type Loaded = { type: 'cayenne' } | { type: 'javascript'; key: string };

/** Why a decoder cannot be used (a script that does not compile), or null. */
export async function decoderProblem(pool: DecoderPool, d: DecoderSpec): Promise<string | null> {
  if (d.type !== 'javascript' || !d.content.trim()) return null;
  return pool.check(d.content);
}

/** Applications whose decoder stays registered here (their sources; compiled ones are the pool's). */
const CACHE_SIZE = 200;

/**
 * Runs each application's decoder on its uplinks. Decoders are looked up per application and
 * version (the application's updated_at), so an edited script takes effect with the next uplink
 * and is not re-read from the database for every frame. A script is known to the pool by
 * application and source: a failure or quarantine belongs to that script of that application
 * only, and ends when the script is edited. A failed lookup is not kept.
 */
export class DecoderCache {
  // Promises, so concurrent uplinks of one application share one lookup.
  private readonly cache = new Map<number, { version: number; loaded: Promise<Loaded | null> }>();
  /** Pool keys are per cache: two servers in one process (tests) may both have an application 1. */
  private readonly prefix = randomBytes(4).toString('hex');

  constructor(
    private readonly db: Db,
    private readonly pool: DecoderPool,
    private readonly onError: (appID: number, message: string) => void = () => {},
  ) {}

  async decode(app: { appID: number; version: number }, input: UplinkInput): Promise<Decoded> {
    let loaded: Loaded | null;
    try {
      loaded = await this.loaded(app);
    } catch (err) {
      if (this.cache.get(app.appID)?.version === app.version) this.cache.delete(app.appID);
      return this.failed(app.appID, `decoder not loaded: ${(err as Error).message}`);
    }
    if (!loaded) return {};
    try {
      if (loaded.type === 'cayenne') return { object: decodeCayenne(Buffer.from(input.bytes)) };
      return { object: await this.pool.decode(loaded.key, input) };
    } catch (err) {
      return this.failed(app.appID, (err as Error).message);
    }
  }

  close(): void {
    for (const id of [...this.cache.keys()]) this.forget(id);
  }

  private failed(appID: number, message: string): Decoded {
    this.onError(appID, message);
    return { decodeError: message };
  }

  private loaded(app: { appID: number; version: number }): Promise<Loaded | null> {
    const hit = this.cache.get(app.appID);
    if (hit && hit.version === app.version) {
      this.cache.delete(app.appID); // most recently used last
      this.cache.set(app.appID, hit);
      return hit.loaded;
    }
    const previous = hit?.loaded;
    const loaded = this.db
      .select({ decoder: applications.decoder })
      .from(applications)
      .where(eq(applications.id, app.appID))
      .then(([row]) => this.register(app.appID, row?.decoder ?? null));
    this.cache.set(app.appID, { version: app.version, loaded });
    // The previous script is dropped unless the new version kept it (an edit of the name only).
    void Promise.all([previous?.catch(() => null), loaded.catch(() => null)]).then(([a, b]) => {
      if (a?.type === 'javascript' && (b?.type !== 'javascript' || b.key !== a.key)) this.pool.drop(a.key);
    });
    if (this.cache.size > CACHE_SIZE) this.forget(this.cache.keys().next().value!);
    return loaded;
  }

  private register(appID: number, d: DecoderSpec | null): Loaded | null {
    if (d?.type === 'cayenne') return { type: 'cayenne' };
    if (d?.type !== 'javascript' || !d.content.trim()) return null;
    const hash = createHash('sha256').update(d.content).digest('hex').slice(0, 16);
    const key = `${this.prefix}:${appID}:${hash}`;
    this.pool.register(key, d.content);
    return { type: 'javascript', key };
  }

  private forget(appID: number): void {
    const entry = this.cache.get(appID);
    this.cache.delete(appID);
    void entry?.loaded
      .then((l) => {
        if (l?.type === 'javascript') this.pool.drop(l.key);
      })
      .catch(() => {});
  }
}
