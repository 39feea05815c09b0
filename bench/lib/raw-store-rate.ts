/**
 * The database's own ceiling for storing uplinks, measured after an end-to-end run on the same
 * database: what one stored uplink wrote there (the device's UPDATE and its history rows, counted
 * per table from the run) repeated inside the database, 500 uplinks per statement, `parallel`
 * statements at a time, with no UDP, de-dup, crypto or parameter encoding on the way. The gap
 * between this and the end-to-end rate is what the server's own work costs.
 */
import type { Db } from '../../apps/server/src/db/client';
import { rowsOf } from '../../apps/server/src/db/rows';

const HISTORY = ['device_frames', 'device_messages', 'gateway_frames', 'device_signal'];

export interface RawStoreRate {
  /** History rows one uplink of the run wrote, per table. */
  perUplink: Record<string, number>;
  /** Uplinks stored by this measurement (their rows are in the tables now). */
  uplinks: number;
  uplinksPerSecond: number;
  /** p50 of one statement (ms). */
  statementMs: number;
}

// Bench-only SQL: every value inlined below is a number or a DevEUI read from the database.
const rows = async (db: Db, q: string) => rowsOf(await db.execute(q));

export async function rawStoreRate(
  db: Db,
  opts: {
    /** Uplinks whose rows the tables hold. */
    uplinksOfRun: number;
    seconds: number;
    batch?: number;
    parallel?: number;
  },
): Promise<RawStoreRate> {
  const batch = opts.batch ?? 500;
  const euis = (await rows(db, 'SELECT dev_eui FROM devices ORDER BY dev_eui')).map((r) => String(r.dev_eui));
  const perUplink: Record<string, number> = {};
  const copies: ((start: number) => string)[] = [];
  for (const table of HISTORY) {
    const [run] = await rows(db, `SELECT count(*) AS n, min(id) AS first FROM ${table}`);
    const count = Number(run!.n);
    perUplink[table] = count / opts.uplinksOfRun;
    const n = Math.round(batch * perUplink[table]!);
    if (n === 0) continue;
    const cols = (
      await rows(
        db,
        `SELECT column_name AS c FROM information_schema.columns
         WHERE table_name = '${table}' AND column_name <> 'id' ORDER BY ordinal_position`,
      )
    )
      .map((r) => String(r.c))
      .join(', ');
    // The run's rows copied as new ones, from a moving window of ids (so not always the same pages).
    const window = Math.max(1, count - n + 1);
    const first = Number(run!.first);
    copies.push(
      (start) => `, copy_${table} AS (INSERT INTO ${table} (${cols})
        SELECT ${cols} FROM ${table} WHERE id >= ${first + (start % window)} ORDER BY id LIMIT ${n})`,
    );
  }
  const times: number[] = [];
  const parallel = opts.parallel ?? 1;
  const t0 = performance.now();
  const end = t0 + opts.seconds * 1000;
  let done = 0;
  let next = 0;
  // `parallel` statements in flight, each on its own 500 devices (no row waits for another's lock).
  const loop = async () => {
    while (performance.now() < end) {
      const i = next++;
      // Always a whole batch (wrapping round the devices), as the copied history rows assume.
      const devs = Array.from({ length: Math.min(batch, euis.length) }, (_, k) => euis[(i * batch + k) % euis.length]!);
      const t = performance.now();
      // As the accepting statement updates devices: the counters, last seen and signal columns
      // (so the device_list_keys trigger writes, and updates are HOT or not, alike).
      await db.execute(`WITH upd AS (UPDATE devices SET f_cnt_up = f_cnt_up + 1, last_seen = ${Date.now()},
          rssi = -80, snr = 7.5, freq = 868100000, dr = 5, last_gw_id = last_gw_id, f_cnt_down = f_cnt_down
          WHERE dev_eui IN (${devs.map((e) => `'${e}'`).join(', ')}) RETURNING dev_eui)
        ${copies.map((c) => c(i * batch)).join(' ')}
        SELECT count(*) AS n FROM upd`);
      times.push(performance.now() - t);
      done += devs.length;
    }
  };
  await Promise.all(Array.from({ length: parallel }, loop));
  const wall = performance.now() - t0;
  times.sort((a, b) => a - b);
  return {
    perUplink,
    uplinks: done,
    uplinksPerSecond: Math.round(done / (wall / 1000)),
    statementMs: times[Math.floor(times.length / 2)]!,
  };
}
