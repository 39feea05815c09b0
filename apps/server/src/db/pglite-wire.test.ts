import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWire } from './pglite-wire.mjs';

/** A frontend message: type byte, then its length (itself included) and body. */
const message = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const cstr = (s: string) => Buffer.from(`${s}\0`);
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const startup = () => {
  const body = Buffer.concat([
    int32(196608),
    cstr('user'),
    cstr('postgres'),
    cstr('database'),
    cstr('postgres'),
    cstr(''),
  ]);
  return Buffer.concat([int32(body.length + 4), body]);
};

/** The wire protocol server of the PGlite worker, spoken to as node-postgres and byte by byte. */
describe('PGlite over the wire protocol', { timeout: 60_000 }, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wire-'));
  const socketPath = path.join(dir, '.s.PGSQL.5432');
  let db: PGlite;
  let server: { stop(): Promise<void> };
  const client = async () => {
    const c = new pg.Client({ host: dir, port: 5432, user: 'postgres', database: 'postgres' });
    await c.connect();
    return c;
  };

  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec('CREATE TABLE items (id int PRIMARY KEY)');
    server = await serveWire(db, { path: socketPath, maxConnections: 2 });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await db?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers named statements, errors and the statements after an error in one session', async () => {
    const c = await client();
    const q = { name: 'by-id', text: 'SELECT $1::int + 1 AS n', values: [41] };
    expect((await c.query(q)).rows).toEqual([{ n: 42 }]);
    expect((await c.query({ ...q, values: [1] })).rows).toEqual([{ n: 2 }]);
    await expect(c.query('SELEC 1')).rejects.toMatchObject({ code: '42601' });
    expect((await c.query({ ...q, values: [9] })).rows).toEqual([{ n: 10 }]);
    await c.end();
  });

  it('rolls back what a client left open when it went away', async () => {
    const gone = await client();
    gone.on('error', () => {}); // its own end, below
    await gone.query('BEGIN');
    await gone.query('INSERT INTO items VALUES (1)');
    gone.connection.stream.destroy();
    const next = await client();
    expect((await next.query('SELECT count(*)::int AS n FROM items')).rows).toEqual([{ n: 0 }]);
    await next.query('INSERT INTO items VALUES (2)'); // not inside the other one's transaction
    expect((await next.query('SELECT id FROM items')).rows).toEqual([{ id: 2 }]);
    await next.end();
  });

  it('runs no statement of another connection inside an open transaction', async () => {
    const [a, b] = [await client(), await client()];
    await a.query('BEGIN');
    await a.query('INSERT INTO items VALUES (10)');
    let bDone = false;
    const bInsert = b.query('INSERT INTO items VALUES (11)').then(() => {
      bDone = true;
    });
    // The transaction goes on while the other connection waits for the session.
    expect((await a.query('SELECT count(*)::int AS n FROM items WHERE id >= 10')).rows).toEqual([{ n: 1 }]);
    expect(bDone).toBe(false);
    await a.query('ROLLBACK');
    await bInsert;
    expect((await b.query('SELECT id FROM items WHERE id >= 10')).rows).toEqual([{ id: 11 }]);
    await b.query('DELETE FROM items WHERE id >= 10');
    await Promise.all([a.end(), b.end()]);
  });

  it('gives the session back clean when a connection goes away in the middle of a query', async () => {
    const s = net.connect(socketPath);
    const received: Buffer[] = [];
    s.on('data', (d) => received.push(d));
    await new Promise((r) => s.once('connect', r));
    s.write(startup());
    const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
    for (let i = 0; i < 500 && !Buffer.concat(received).includes(ready); i++)
      await new Promise((r) => setTimeout(r, 10));
    const next = await client();
    // A Parse that fails, and no Sync: the session skips every message until one comes.
    s.write(message('P', Buffer.concat([cstr(''), cstr('SELEC 1'), Buffer.from([0, 0])])));
    const answer = next.query('SELECT 5 AS five'); // waits: the session is the other connection's
    await new Promise((r) => setTimeout(r, 20));
    s.destroy();
    expect((await answer).rows).toEqual([{ five: 5 }]);
    await next.end();
  });

  it('declines TLS, and reads messages however the bytes are cut', async () => {
    const s = net.connect(socketPath);
    const received: Buffer[] = [];
    s.on('data', (d) => received.push(d));
    const until = async (ok: (all: Buffer) => boolean) => {
      for (let i = 0; i < 500 && !ok(Buffer.concat(received)); i++) await new Promise((r) => setTimeout(r, 10));
      return Buffer.concat(received);
    };
    await new Promise((r) => s.once('connect', r));
    s.write(Buffer.concat([int32(8), int32(80877103)]));
    expect((await until((b) => b.length > 0)).toString()).toBe('N');
    received.length = 0;
    // The startup message and two queries, cut at places that split lengths and bodies.
    const bytes = Buffer.concat([startup(), message('Q', cstr('SELECT 7 AS seven')), message('Q', cstr('SELECT 8'))]);
    for (const [from, to] of [
      [0, 3],
      [3, 30],
      [30, bytes.length - 20],
      [bytes.length - 20, bytes.length - 19],
      [bytes.length - 19, bytes.length],
    ]) {
      s.write(bytes.subarray(from, to));
      await new Promise((r) => setTimeout(r, 5));
    }
    // ReadyForQuery ('Z', length 5, idle) after the startup and after each query.
    const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]);
    const all = await until((b) => b.toString('latin1').split(ready.toString('latin1')).length - 1 === 3);
    const text = all.toString('latin1');
    expect(text.split(ready.toString('latin1')).length - 1).toBe(3);
    expect(text).toContain('seven');
    expect(text.indexOf('7')).toBeLessThan(text.lastIndexOf('8'));
    s.end(message('X', Buffer.alloc(0)));
  });

  it('reads a message far larger than one read, coming in many pieces, with the next one behind it', async () => {
    const c = await client();
    const s = net.connect(socketPath);
    const received: Buffer[] = [];
    s.on('data', (d) => received.push(d));
    await new Promise((r) => s.once('connect', r));
    const big = 'x'.repeat(600_000);
    const bytes = Buffer.concat([
      startup(),
      message('Q', cstr(`SELECT length('${big}') AS n`)),
      message('Q', cstr('SELECT 42 AS after')),
    ]);
    // Pieces of 7,000 bytes, each written on its own turn: the server sees many reads of one message.
    for (let at = 0; at < bytes.length; at += 7_000) {
      s.write(bytes.subarray(at, at + 7_000));
      await new Promise((r) => setImmediate(r));
    }
    const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]).toString('latin1');
    let text = '';
    for (let i = 0; i < 500 && text.split(ready).length - 1 < 3; i++) {
      await new Promise((r) => setTimeout(r, 10));
      text = Buffer.concat(received).toString('latin1');
    }
    expect(text).toContain('600000');
    expect(text.indexOf('600000')).toBeLessThan(text.indexOf('42'));
    // The other connection is still served after it.
    expect((await c.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    s.end(message('X', Buffer.alloc(0)));
    await c.end();
  });

  it('refuses a connection beyond its limit', async () => {
    const [a, b] = [await client(), await client()];
    const third = new pg.Client({ host: dir, port: 5432, user: 'postgres', database: 'postgres' });
    third.on('error', () => {});
    await expect(third.connect()).rejects.toThrow();
    await Promise.all([a.end(), b.end()]);
  });
});
