import pg from 'pg';

/**
 * node-postgres clients that run the statements this server repeats as named (server-side
 * prepared) statements. An unnamed statement is parsed and planned on every call: for the
 * tag-filtered device list that planning was 55 % of the database's CPU per call. A named one is
 * parsed once per connection, and after five calls PostgreSQL keeps a generic plan when it
 * estimates it to cost no more than the custom ones.
 *
 * Which statements: those whose text was seen twice (the texts differ by shape, not by value),
 * up to MAX_TEXT characters (a batch insert's text grows with its rows and is rarely repeated).
 * Each connection keeps at most `perConnection` of them: the least recently used is deallocated.
 */
export const MAX_TEXT = 8_192;
/** Statements kept per connection; past it, the least recently used is deallocated. */
export const PREPARED_PER_CONNECTION = 100;
const SEEN_LIMIT = 4_096;
/**
 * A LIKE pattern must be known when the statement is planned for its prefix to use an index: a
 * generic plan of a search walks an order's index and filters instead (1.4–1.5× slower at 100,000
 * devices), so searches (LIKE, ILIKE) stay unnamed.
 */
const LIKE = / i?like /i;

/** Texts seen once, shared by every client of the process (cleared when it fills). */
const seenOnce = new Set<string>();
/**
 * Statement names are never reused in the process: PGlite's connections share its one session, so
 * a new connection still finds the statements of the one before it; and a DEALLOCATE that failed
 * (in an aborted transaction) leaves its name taken.
 */
let serial = 0;

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

function repeated(text: string): boolean {
  if (text.length > MAX_TEXT || LIKE.test(text)) return false;
  if (seenOnce.has(text)) return true;
  if (seenOnce.size >= SEEN_LIMIT) seenOnce.clear();
  seenOnce.add(text);
  return false;
}

/** A pg.Client class for `new pg.Pool({ Client })` that names repeated statements. */
export function preparingClient(perConnection: number): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    /** Text → statement name on this connection, least recently used first. */
    private readonly named = new Map<string, string>();

    /** The statements this connection prepared and keeps. */
    preparedNames(): string[] {
      return [...this.named.values()];
    }

    // pg.Client.query is overloaded; every form passes through.
    override query(config: any, values?: any, callback?: any): any {
      const c = config as QueryConfig | string | null;
      if (c && typeof c === 'object' && typeof c.text === 'string' && c.name === undefined && !c.submit) {
        const name = this.nameOf(c.text);
        if (name) config = { ...c, name };
      }
      return super.query(config, values, callback);
    }

    private nameOf(text: string): string | undefined {
      const known = this.named.get(text);
      if (known) {
        this.named.delete(text);
        this.named.set(text, known);
        return known;
      }
      if (!repeated(text)) return undefined;
      if (this.named.size >= perConnection) this.evictOldest();
      const name = `lns_${++serial}`;
      this.named.set(text, name);
      return name;
    }

    private evictOldest() {
      const [text, name] = this.named.entries().next().value as [string, string];
      this.named.delete(text);
      const parsed = (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection
        .parsedStatements;
      if (parsed[name] === undefined) return;
      delete parsed[name];
      // Queued before the statement that evicted it; a failure only leaves this one statement behind.
      super.query(`DEALLOCATE ${name}`).catch(() => {});
    }
  };
}

/**
 * For a database whose connections share one session (PGlite): a connection the pool drops (after
 * a failed query) leaves its statements in that session, so they are deallocated through another.
 * Names are never reused, so a late DEALLOCATE cannot hit a live statement.
 */
export function deallocateWhenRemoved(pool: pg.Pool) {
  pool.on('remove', (client) => {
    const names = (client as { preparedNames?: () => string[] }).preparedNames?.() ?? [];
    if (pool.ending) return;
    for (const name of names) pool.query(`DEALLOCATE ${name}`).catch(() => {});
  });
}
