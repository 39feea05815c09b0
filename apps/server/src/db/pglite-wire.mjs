// The PostgreSQL wire protocol on a Unix socket, answered by PGlite (in the worker thread of
// db/pglite-worker.mjs). Every complete message a read brings goes into PGlite in one call and
// its answers leave in one write: a named statement's Bind/Execute/Sync is one entry into the
// WASM, not three, and one socket write, not one per answer chunk.
import net from 'node:net';

/** Requests sent before a StartupMessage, told apart by the code in place of a protocol version. */
const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const TERMINATE = 0x58; // 'X'

/**
 * Answers the protocol on `path` with `db` (one session: connections take turns, batch by batch;
 * the main thread's pool holds one). `maxConnections` more are refused.
 * @param {import('@electric-sql/pglite').PGlite} db
 * @param {{ path: string, maxConnections: number }} opts
 */
export async function serveWire(db, { path, maxConnections }) {
  /** One batch at a time on the single session, in the order the reads came. */
  let turn = Promise.resolve();
  const sockets = new Set();

  const server = net.createServer((socket) => {
    if (sockets.size >= maxConnections) return void socket.end('Too many connections\n', () => socket.destroy());
    sockets.add(socket);
    let pending = Buffer.alloc(0);
    let started = false;
    let closed = false;

    /** The complete messages at the start of `pending` (all of them, or only the startup one). */
    function takeComplete() {
      let end = 0;
      if (!started) {
        if (pending.length < 8) return undefined;
        end = pending.readInt32BE(0);
        return pending.length >= end ? end : undefined;
      }
      while (end + 5 <= pending.length) {
        const size = 1 + pending.readInt32BE(end + 1);
        if (end + size > pending.length) break;
        end += size;
      }
      return end || undefined;
    }

    /** Runs what `pending` holds complete, on the session's turn. */
    async function drain() {
      for (let end = takeComplete(); end !== undefined && !closed; end = takeComplete()) {
        const batch = pending.subarray(0, end);
        pending = pending.subarray(end);
        if (!started) {
          const code = batch.readInt32BE(4);
          if (code === SSL_REQUEST || code === GSS_REQUEST) {
            socket.write('N');
            continue;
          }
          if (code === CANCEL_REQUEST) return void socket.end();
          started = true;
        } else if (batch[0] === TERMINATE) return void socket.end();
        const out = [];
        await db.runExclusive(() =>
          // Answer chunks are views into PGlite's buffer: copied before the next one overwrites them.
          db.execProtocolRawStream(new Uint8Array(batch), { onRawData: (chunk) => out.push(Buffer.from(chunk)) }),
        );
        if (!closed && out.length) socket.write(out.length === 1 ? out[0] : Buffer.concat(out));
      }
    }

    socket.setNoDelay(true);
    socket.on('data', (data) => {
      pending = pending.length ? Buffer.concat([pending, data]) : data;
      turn = turn.then(drain).catch((err) => socket.destroy(err));
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      closed = true;
      sockets.delete(socket);
      // A client gone mid-transaction leaves the session to the next one clean.
      turn = turn.then(async () => {
        if (!db.closed && db.isInTransaction()) await db.exec('ROLLBACK');
      });
    });
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => resolve(undefined));
  });
  return {
    async stop() {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
      await turn.catch(() => {});
    },
  };
}
