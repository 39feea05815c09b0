// The PostgreSQL wire protocol on a Unix socket, answered by PGlite (in the worker thread of
// db/pglite-worker.mjs). Every complete message a read brings goes into PGlite in one call and
// its answers leave in one write: a named statement's Bind/Execute/Sync is one entry into the
// WASM, not three, and one socket write, not one per answer chunk.
//
// PGlite has one session; several connections share it. A connection keeps the session from its
// first batch until the session is idle again (ReadyForQuery 'I'): a transaction, or an extended
// query whose Sync has not come yet, never has another connection's statements run inside it.
// Between those points the connections take turns, batch by batch, in the order their bytes came.
// Several connections let the main thread send the next statement while PGlite runs this one.
import net from 'node:net';

/** Requests sent before a StartupMessage, told apart by the code in place of a protocol version. */
const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58; // 'X'
/** Frontend messages after which the backend answers ReadyForQuery: Sync ('S') and Query ('Q'). */
const SYNC = 0x53;
const QUERY = 0x51;
const IDLE = 0x49; // 'I', ReadyForQuery's status outside a transaction
const SYNC_MESSAGE = new Uint8Array([SYNC, 0, 0, 0, 4]);

/**
 * Answers the protocol on `path` with `db`. `maxConnections` more are refused.
 * @param {import('@electric-sql/pglite').PGlite} db
 * @param {{ path: string, maxConnections: number }} opts
 */
export async function serveWire(db, { path, maxConnections }) {
  /**
   * `pending`: bytes not served yet, joined; `more`: the reads after them, joined only once they
   * complete a message (scan's `want`), so a batch's large message is copied once, not at every
   * 64 KB read (that copying was 8 % of this thread under 4,000 uplinks/s).
   * @typedef {{ socket: net.Socket, pending: Buffer, more: Buffer[], moreBytes: number, started: boolean, closed: boolean, queued: boolean }} Conn
   */
  /** @type {Set<Conn>} */
  const conns = new Set();
  /** Connections with complete messages waiting, in the order their bytes came. @type {Conn[]} */
  const queue = [];
  /** The connection the session belongs to until it is idle again. @type {Conn | undefined} */
  let holder;
  /** The turn loop while it runs (one at a time). @type {Promise<void> | undefined} */
  let running;
  let stopping = false;

  /**
   * `end`: the length of the complete messages at the start of `conn.pending` (all of them, or only
   * the startup one); `last`: the type of the last (the startup's answer ends with ReadyForQuery, as
   * a Query's); `want`: the length `pending` must reach for one more to be complete (0 before the
   * startup message: any read).
   * @returns {{ end: number, last: number, want: number }}
   */
  function scan(conn) {
    const { pending } = conn;
    if (!conn.started) {
      const end = pending.length < 8 ? 0 : pending.readInt32BE(0);
      return end && pending.length >= end ? { end, last: QUERY, want: 0 } : { end: 0, last: 0, want: 0 };
    }
    let end = 0;
    let last = 0;
    while (end + 5 <= pending.length) {
      const size = 1 + pending.readInt32BE(end + 1);
      if (end + size > pending.length) return { end, last: end ? pending[last] : 0, want: end + size };
      last = end;
      end += size;
    }
    return { end, last: end ? pending[last] : 0, want: end + 5 };
  }

  function enqueue(conn) {
    if (conn.queued || conn.closed || !scan(conn).end) return;
    conn.queued = true;
    queue.push(conn);
    kick();
  }

  function kick() {
    // A failure of PGlite itself (the batch's connection is already closed by then) must not end the
    // worker; the next bytes start the loop again.
    running ??= turns()
      .catch(() => {})
      .finally(() => {
        running = undefined;
      });
  }

  /** Serves queued batches until only connections waiting for the holder are left. */
  async function turns() {
    for (;;) {
      if (holder?.closed) {
        await reset();
        holder = undefined;
      }
      const i = holder ? queue.indexOf(holder) : 0;
      if (i < 0 || queue.length === 0) return;
      const [conn] = queue.splice(i, 1);
      conn.queued = false;
      try {
        await serve(conn);
      } catch (err) {
        conn.socket.destroy(err);
        conn.closed = true;
        if (holder === conn) holder = undefined;
        await reset();
      }
      enqueue(conn); // bytes that came while it was served
    }
  }

  /** Runs one connection's complete messages and decides whether it keeps the session. */
  async function serve(conn) {
    const { end, last: lastType } = scan(conn);
    if (!end || conn.closed) return;
    const batch = conn.pending.subarray(0, end);
    conn.pending = conn.pending.subarray(end);
    if (!conn.started) {
      const code = batch.readInt32BE(4);
      if (code === SSL_REQUEST || code === GSS_REQUEST) return void conn.socket.write('N');
      if (code === CANCEL_REQUEST) return void conn.socket.end();
      conn.started = true;
    } else if (batch[0] === TERMINATE) return void conn.socket.end();
    const endsReady = lastType === SYNC || lastType === QUERY;
    const out = [];
    await db.runExclusive(() =>
      // Answer chunks are views into PGlite's buffer: copied before the next one overwrites them.
      db.execProtocolRawStream(new Uint8Array(batch), { onRawData: (chunk) => out.push(Buffer.from(chunk)) }),
    );
    const answer = out.length === 1 ? out[0] : Buffer.concat(out);
    // After a Sync or a Query the answer's last byte is ReadyForQuery's transaction status.
    holder = endsReady && answer.length > 0 && answer[answer.length - 1] === IDLE ? undefined : conn;
    if (!conn.closed && answer.length) conn.socket.write(answer);
  }

  /** Leaves the session clean after its holder went away: no half-run query, no open transaction. */
  async function reset() {
    if (stopping || db.closed) return;
    await db.runExclusive(() => db.execProtocolRawStream(SYNC_MESSAGE, { onRawData: () => {} }));
    if (db.isInTransaction()) await db.exec('ROLLBACK');
  }

  const server = net.createServer((socket) => {
    if (conns.size >= maxConnections) return void socket.end('Too many connections\n', () => socket.destroy());
    /** @type {Conn} */
    const conn = {
      socket,
      pending: Buffer.alloc(0),
      more: [],
      moreBytes: 0,
      started: false,
      closed: false,
      queued: false,
    };
    conns.add(conn);
    socket.setNoDelay(true);
    socket.on('data', (data) => {
      conn.more.push(data);
      conn.moreBytes += data.length;
      if (conn.pending.length + conn.moreBytes < scan(conn).want) return;
      conn.pending = conn.pending.length || conn.more.length > 1 ? Buffer.concat([conn.pending, ...conn.more]) : data;
      conn.more = [];
      conn.moreBytes = 0;
      enqueue(conn);
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      conn.closed = true;
      conns.delete(conn);
      if (holder !== conn || stopping) return;
      kick(); // resets the session before it serves anyone else
    });
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve(undefined));
  });
  return {
    async stop() {
      stopping = true;
      for (const c of conns) c.socket.destroy();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      await running;
    },
  };
}
