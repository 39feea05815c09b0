import type { DeviceRow } from '@lns/contract/devices';
import {
  and,
  asc,
  count as countAll,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import { likePrefix } from '../applications/repository';
import type { AuthUser } from '../auth/guard';
import type { Db } from '../db/client';
import { CompiledStatements, Slots } from '../db/compiled';
import { ownedBy } from '../db/ownership';
import { recordset } from '../db/recordset';
import { arrayReader, recordReader, rowsOf } from '../db/rows';
import { settings, users } from '../db/schema/core';
import {
  applications,
  deviceCounts,
  deviceListKeys,
  deviceSignal,
  devices,
  deviceTagCounts,
  deviceTagLinks,
  deviceTags,
} from '../db/schema/devices';
import { LISTED_KEYS, type ListedRecord, toRow } from './row';

export type DeviceRecord = typeof devices.$inferSelect;
export type NewDevice = typeof devices.$inferInsert;
/** The device holding a DevAddr + NwkSKey session, and its owner. */
export type SessionHolder = { devEui: string; ownerId: number };
/** Drizzle's transaction handle shares the query API of Db. */
type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** The data plane's lookup: one device by its DevEUI (lowercase plain hex), regardless of owner. */
export async function deviceByEui(db: Db, devEUI: string): Promise<DeviceRecord | undefined> {
  return (await db.select().from(devices).where(eq(devices.devEui, devEUI)).limit(1))[0];
}

/**
 * The embedded engine has no autovacuum: after a large write refresh the planner statistics and
 * the visibility map so list filters and counts keep using (index-only) scans.
 */
export async function afterBulkWrite(s: { database: { kind: string }; db: Db }, rows: number): Promise<void> {
  if (rows >= 1000 && s.database.kind === 'pglite')
    await s.db.execute(sql`VACUUM ANALYZE devices, device_tag_links, device_list_keys`);
}

/** Settings key that overrides DEVICE_QUOTA_DEFAULT (a JSON number). */
export const DEVICE_QUOTA_SETTING = 'deviceQuota';

/** One array parameter for a list of hex ids (validated lowercase hex: no quoting needed). */
export const anyOf = (col: SQLWrapper, ids: string[]) => sql`${col} = ANY(${`{${ids.join(',')}}`}::varchar[])`;

const intArray = (ids: number[]) =>
  sql`ARRAY[${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )}]::int[]`;
export const hasAnyTag = (ids: number[]) => sql`${devices.tagIds} && ${intArray(ids)}`;

const ORDER = {
  devEUI: devices.devEui,
  devName: devices.name,
  createtime: devices.createdAt,
  lastSeen: devices.lastSeen,
  region: devices.region,
  devAddr: devices.devAddr,
  fCntUp: devices.fCntUp,
  fCntDown: devices.fCntDown,
  rssi: devices.rssi,
  snr: devices.snr,
} as const;
export type DeviceOrder = keyof typeof ORDER;
const NULLABLE = new Set<DeviceOrder>(['lastSeen', 'devAddr', 'rssi', 'snr']);

/**
 * Below this many matching devices a page is read by sorting them (the filter's own indexes find
 * them); above it, walking an index in the list's order stops at the page. Measured on PostgreSQL
 * at 100,000: a tag + region filter of 1,250 devices took p50 190 ms walking the last-seen index
 * and joining back, and a tag's 5,000 devices 40-80 ms walking the DevAddr index past other tags'.
 */
const SORT_MATCHES_BELOW = 10_000;

/**
 * The orders whose keys change with traffic, read from device_list_keys (migration 0026) when many
 * devices match. The counters' ties go by DevEUI in the order's direction (one index serves both).
 */
const KEYS = {
  lastSeen: deviceListKeys.lastSeen,
  fCntUp: deviceListKeys.fCntUp,
  fCntDown: deviceListKeys.fCntDown,
} as const;
type KeyOrder = keyof typeof KEYS;
const isKeyOrder = (by: DeviceOrder): by is KeyOrder => by in KEYS;
const isCounter = (by: DeviceOrder) => by === 'fCntUp' || by === 'fCntDown';

/**
 * ORDER BY of a list order on `key`, ties by `eui`. NULLS LAST only where there can be nulls
 * (`nonNull`: the rows read have none): on a NOT NULL column it would no longer match the indexes'
 * order (migration 0025), and PostgreSQL would sort every device instead.
 */
function orderOf(by: DeviceOrder, type: 'asc' | 'desc', key: SQLWrapper, eui: SQLWrapper, nonNull = false): SQL[] {
  if (type === 'asc') return [asc(key), asc(eui)];
  const down = NULLABLE.has(by) && !nonNull ? sql`${key} DESC NULLS LAST` : desc(key);
  return [down, isCounter(by) ? desc(eui) : asc(eui)];
}

/**
 * The orders a tag-filtered page of one application reads from the tag links alone: their indexes
 * serve creation and name order; the rest sort the tag's links, which carry the traffic keys and
 * DevAddr (migration 0027). For those (walkable) a tag's matches are counted first, and many walk
 * the order's index over the application's devices instead.
 */
const LINK_KEYS = {
  createtime: deviceTagLinks.createdAt,
  devName: deviceTagLinks.name,
  region: deviceTagLinks.region,
  devEUI: deviceTagLinks.devEui,
  lastSeen: deviceTagLinks.lastSeen,
  fCntUp: deviceTagLinks.fCntUp,
  fCntDown: deviceTagLinks.fCntDown,
  devAddr: deviceTagLinks.devAddr,
} as const;
type LinkOrder = keyof typeof LINK_KEYS;

const manyTags = (tagsId: number[]) => new Set(tagsId).size > 1;
/**
 * The tag links of the list's tags (any of them), application and regions. One tag reads
 * `tag_id = $1`: the links' indexes then serve a page in order and stop early (PostgreSQL before 17
 * reads `= ANY(…)` out of index order, then sorts).
 */
const linksOf = (p: ListArgs & { tagsId: number[] }) => {
  const l = deviceTagLinks;
  return and(
    manyTags(p.tagsId) ? sql`${l.tagId} = ANY(${intArray(p.tagsId)})` : eq(l.tagId, p.tagsId[0]!),
    p.appID !== undefined ? eq(l.appId, p.appID) : undefined,
    p.regions?.length ? inArray(l.region, p.regions) : undefined,
  );
};

export interface ListArgs {
  limit?: number;
  offset: number;
  orderBy?: DeviceOrder;
  orderType: 'asc' | 'desc';
  appID?: number;
  regions?: string[];
  tagsId?: number[];
}

const CHUNK = 2000;

const DEVICE_COLUMNS = getTableColumns(devices);
/** The columns list pages read (LISTED_KEYS). */
const LISTED_COLUMNS = Object.fromEntries(LISTED_KEYS.map((k) => [k, DEVICE_COLUMNS[k]])) as Pick<
  typeof DEVICE_COLUMNS,
  (typeof LISTED_KEYS)[number]
>;
const LISTED_LIST = sql.join(
  Object.values(LISTED_COLUMNS).map((c) => sql`${c}`),
  sql`, `,
);

/** The names a listed device shows, read in the same statement as its row (NAMES). */
type Names = { app: string; owner: string; tags: string[] };
const NAMES_KEY = Symbol('names');
type Named = { [NAMES_KEY]?: Names };
/** A listed device, perhaps with the names read along (see decorate). */
type ListedDevice = ListedRecord & Named;
/** The application, owner and tag names (tags in tag_ids order) of the `devices` row being selected. */
const NAME_SQL = {
  __app_name: sql`(SELECT a.name FROM ${applications} a WHERE a.id = ${devices.appId})`,
  __owner_name: sql`(SELECT u.name FROM ${users} u WHERE u.id = ${devices.ownerId})`,
  // Most devices carry one tag or none: a lookup by key then, without the sort (a fifth of a
  // 50-row page's execution on either engine).
  __tag_names: sql`CASE WHEN cardinality(${devices.tagIds}) < 2
    THEN ARRAY(SELECT t.name FROM ${deviceTags} t WHERE t.id = ${devices.tagIds}[1])
    ELSE ARRAY(SELECT t.name FROM ${deviceTags} t WHERE t.id = ANY(${devices.tagIds})
      ORDER BY array_position(${devices.tagIds}, t.id)) END`,
};
/**
 * NAME_SQL as fields of a select builder, and as a raw select list. Only pages read them: for a
 * whole application (an export) one query for the distinct names (decorate) costs less.
 */
const NAMES = Object.fromEntries(Object.entries(NAME_SQL).map(([k, v]) => [k, v.as(k)]));
const NAMES_LIST = sql.join(
  Object.entries(NAME_SQL).map(([k, v]) => sql`${v} AS ${sql.identifier(k)}`),
  sql`, `,
);

/** NAME_SQL's three values as read (NULL when the application or owner is gone). */
const namesOf = (app: unknown, owner: unknown, tags: unknown): Names => ({
  app: (app as string | null) ?? '',
  owner: (owner as string | null) ?? '',
  tags: (tags as string[] | null) ?? [],
});

/** Reads a raw row's record with `read`, and the NAMES when the row has them. */
function withNames<R extends object>(read: (raw: Record<string, unknown>) => R) {
  return (raw: Record<string, unknown>): R & Named => {
    const d: R & Named = read(raw);
    if ('__tag_names' in raw) d[NAMES_KEY] = namesOf(raw.__app_name, raw.__owner_name, raw.__tag_names);
    return d;
  };
}
const deviceFromRaw = withNames(recordReader<DeviceRecord>(DEVICE_COLUMNS));
const listedFromRaw = withNames(recordReader<ListedRecord>(LISTED_COLUMNS));
/** listByTagSql's row as an array: the total, LISTED_COLUMNS, then (a page) NAME_SQL's three. */
const readListedAt = arrayReader<ListedRecord>(LISTED_COLUMNS, 1);
const NAMES_AT = 1 + Object.keys(LISTED_COLUMNS).length;
function listedFromArray(raw: unknown[]): ListedDevice {
  const d: ListedDevice = readListedAt(raw);
  if (raw.length > NAMES_AT) d[NAMES_KEY] = namesOf(raw[NAMES_AT], raw[NAMES_AT + 1], raw[NAMES_AT + 2]);
  return d;
}

/** A created device's row: every column a create writes, defaults filled (one shape per import statement). */
const withDefaults = (d: NewDevice): NewDevice => ({
  devEui: d.devEui,
  appId: d.appId,
  ownerId: d.ownerId,
  name: d.name,
  authType: d.authType,
  appEui: d.appEui,
  appKey: d.appKey ?? null,
  devAddr: d.devAddr ?? null,
  appSKey: d.appSKey ?? null,
  nwkSKey: d.nwkSKey ?? null,
  class: d.class ?? 'A',
  macVersion: d.macVersion ?? '1.0.3',
  productType: d.productType ?? 'lorawan',
  region: d.region,
  subnet: d.subnet ?? null,
  autoSubnet: d.autoSubnet ?? false,
  tagIds: d.tagIds ?? [],
  remarks: d.remarks ?? '',
  fCntUp: d.fCntUp ?? 0,
  fCntDown: d.fCntDown ?? 0,
  joinedAt: d.joinedAt ?? null,
  createdAt: d.createdAt,
  updatedAt: d.updatedAt,
});

/**
 * The devices holding these DevAddrs, whole (the uplink path's first read of a batch): one array
 * parameter and the compiled reader, where a select builder bound one parameter per address and
 * mapped every field through drizzle on each row (docs/performance.md, data plane).
 */
export async function devicesByAddr(db: Tx, addrs: string[]): Promise<DeviceRecord[]> {
  if (!addrs.length) return [];
  return rowsOf(await db.execute(sql`SELECT * FROM ${devices} WHERE ${anyOf(devices.devAddr, addrs)}`)).map(
    deviceFromRaw,
  );
}

export class DeviceRepository {
  private readonly compiled: CompiledStatements;

  /** `sortMatchesBelow`: SORT_MATCHES_BELOW, lower in tests that walk the indexes with few devices. */
  constructor(
    private readonly db: Db,
    private readonly sortMatchesBelow = SORT_MATCHES_BELOW,
  ) {
    this.compiled = new CompiledStatements(db);
  }

  async visible(devEUI: string, user: AuthUser): Promise<DeviceRecord | undefined> {
    const [row] = await this.db
      .select()
      .from(devices)
      .where(and(eq(devices.devEui, devEUI), ownedBy(user, devices.ownerId)))
      .limit(1);
    return row;
  }

  /** The device with the names its page shows (read with it: decorate asks nothing more). */
  async visibleNamed(devEUI: string, user: AuthUser): Promise<(DeviceRecord & Named) | undefined> {
    const s = new Slots();
    const eui = s.bind('eui', devEUI);
    const viewer = s.viewer(user);
    const rows = await this.compiled.rows(
      'named',
      s,
      () =>
        sql`${this.db
          .select({ ...DEVICE_COLUMNS, ...NAMES })
          .from(devices)
          .where(and(eq(devices.devEui, eui), ownedBy(viewer, devices.ownerId)))
          .limit(1)}`,
    );
    return rows[0] && deviceFromRaw(rows[0]);
  }

  /** The devices among `euis` the user may see. */
  async visibleMany(euis: string[], user: AuthUser, db: Tx = this.db): Promise<DeviceRecord[]> {
    const out: DeviceRecord[] = [];
    for (let i = 0; i < euis.length; i += 5000) {
      out.push(
        ...(await db
          .select()
          .from(devices)
          .where(and(anyOf(devices.devEui, euis.slice(i, i + 5000)), ownedBy(user, devices.ownerId)))),
      );
    }
    return out;
  }

  /**
   * A page and the total. The total comes from the counters or the tag links (a search counts its
   * matches with the page). Last-seen and frame-counter orders of one application walk
   * device_list_keys when many devices match (walkKeys).
   */
  async list(user: AuthUser, p: ListArgs, extra?: SQL) {
    const by = p.orderBy ?? 'createtime';
    const names = p.limit ? NAMES : {};
    const byLinks = p.appID !== undefined && p.tagsId?.length && !extra && by in LINK_KEYS;
    const walkable = isKeyOrder(by) || by === 'devAddr';
    const byTag = (known?: number) =>
      this.listByTag(user, { ...p, appID: p.appID!, tagsId: p.tagsId!, by: by as LinkOrder }, known);
    if (byLinks && !walkable) return byTag();
    // A tag filter's total comes first: a few thousand matches are sorted from the tag links (the
    // order's index walk can pass most devices before it finds them, when a tag goes with the
    // order's key, names or regions); more are found walking that index, which then stops at the page.
    const tagged = p.tagsId?.length && !extra ? await this.total(user, p) : undefined;
    if (tagged === 0) return { rows: [], amount: 0 };
    if (byLinks && tagged! < this.sortMatchesBelow) return byTag(tagged);
    const tagCond = !p.tagsId?.length
      ? undefined
      : tagged !== undefined && tagged < this.sortMatchesBelow
        ? this.taggedEuis(p, p.tagsId)
        : hasAnyTag(p.tagsId);
    const where = and(
      ownedBy(user, devices.ownerId),
      p.appID !== undefined ? eq(devices.appId, p.appID) : undefined,
      p.regions?.length ? inArray(devices.region, p.regions) : undefined,
      tagCond,
      extra,
    );
    // Last seen, frame counters: a page of many matches walks device_list_keys (walkKeys).
    const keyPage = isKeyOrder(by) && p.appID !== undefined && p.limit && !extra;
    const known = keyPage ? (tagged ?? (await this.total(user, p))) : tagged;
    if (keyPage && !known) return { rows: [], amount: 0 };
    // The total rides on every row: from the counters or the tag count (a constant, read once);
    // a search (extra) counts its matches with the page, which then reads them all.
    const total = extra
      ? sql<number>`count(*) OVER ()`
      : known !== undefined
        ? sql<number>`${known}::int`
        : sql<number>`(${this.totalQuery(user, p)})`;
    const select = this.pageSelect(names, total);
    const sorted = select
      .from(devices)
      .where(where)
      .orderBy(...orderOf(by, p.orderType, ORDER[by], devices.devEui))
      .offset(p.offset);
    const rows =
      keyPage && known! >= this.sortMatchesBelow
        ? await this.walkKeys(select, { ...p, by: by as KeyOrder, limit: p.limit!, tagCond, matching: known! })
        : await this.raw(p.limit ? sorted.limit(p.limit) : sorted);
    // A page past the end carries no total: count apart.
    const amount = rows.length
      ? Number(rows[0]!.__total)
      : !p.offset
        ? 0
        : extra
          ? await this.count(where)
          : (known ?? (await this.total(user, p)));
    return { rows: rows.map(listedFromRaw), amount };
  }

  /** The list's select: the listed columns, the names when a page is read, the total on every row. */
  private pageSelect(names: typeof NAMES | object, total: SQL<number>) {
    return this.db.select({ ...LISTED_COLUMNS, ...names, total: total.as('__total') });
  }

  /**
   * One page of an application's devices in a device_list_keys order, walking its index, which
   * stops at the page; filtered on the table's own columns (the caller's total above 0 proved the
   * application visible), so only the page's devices rows are read, unless a tag (in
   * devices.tag_ids) is asked. Last seen: the seen devices in order, then the never-seen ones by
   * DevEUI (NULLS LAST, which the index serves one part at a time).
   */
  private async walkKeys(
    select: ReturnType<Db['select']>,
    p: ListArgs & { by: KeyOrder; limit: number; tagCond: SQL | undefined; matching: number },
  ) {
    if (p.offset >= p.matching) return [];
    const k = deviceListKeys;
    const col = KEYS[p.by];
    const base = and(eq(k.appId, p.appID!), p.regions?.length ? inArray(k.region, p.regions) : undefined, p.tagCond);
    const page = (cond: SQL | undefined, orderBy: SQL[], limit: number, offset: number) =>
      this.raw(
        select
          .from(k)
          .innerJoin(devices, eq(devices.devEui, k.devEui))
          .where(and(base, cond))
          .orderBy(...orderBy)
          .limit(limit)
          .offset(offset),
      );
    if (p.by !== 'lastSeen') return page(undefined, orderOf(p.by, p.orderType, col, k.devEui), p.limit, p.offset);
    const seen = await page(isNotNull(col), orderOf(p.by, p.orderType, col, k.devEui, true), p.limit, p.offset);
    if (seen.length === p.limit) return seen;
    // Where the never-seen devices start: right after this page's seen ones, or counted.
    let seenCount = p.offset + seen.length;
    if (!seen.length && p.offset) {
      const [c] = await this.db
        .select({ n: countAll() })
        .from(k)
        .innerJoin(devices, eq(devices.devEui, k.devEui))
        .where(and(base, isNotNull(col)));
      seenCount = Number(c?.n ?? 0);
    }
    const never = await page(isNull(col), [asc(k.devEui)], p.limit - seen.length, Math.max(0, p.offset - seenCount));
    return [...seen, ...never];
  }

  /** A query's rows as the driver gives them, keyed by SQL name (read with listedFromRaw). */
  private async raw(q: SQLWrapper) {
    return rowsOf(await this.db.execute(sql`${q}`));
  }

  /**
   * How many devices the user may see match the list's application, region and tag filters,
   * without reading them: from device_counts (migration 0024) or, for one tag, device_tag_counts
   * (0027); several tags count their links' distinct devices. All join the application's owner,
   * so a total above 0 proves it visible.
   */
  private async total(user: AuthUser, p: ListArgs): Promise<number> {
    const [r] = await this.totalQuery(user, p);
    return Number(r?.n ?? 0);
  }

  /** The total's statement, its one column named n (listByTag reads it as a CTE). */
  private totalQuery(user: AuthUser, p: ListArgs) {
    const owned = ownedBy(user, applications.ownerId);
    if (p.tagsId?.length && manyTags(p.tagsId)) {
      const l = deviceTagLinks;
      return this.db
        .select({ n: sql<number>`count(DISTINCT ${l.devEui})`.as('n') })
        .from(l)
        .innerJoin(applications, eq(applications.id, l.appId))
        .where(and(linksOf({ ...p, tagsId: p.tagsId }), owned));
    }
    const c = p.tagsId?.length ? deviceTagCounts : deviceCounts;
    return this.db
      .select({ n: sql<number>`coalesce(sum(${c.n}), 0)`.as('n') })
      .from(c)
      .innerJoin(applications, eq(applications.id, c.appId))
      .where(
        and(
          p.tagsId?.length ? eq(deviceTagCounts.tagId, p.tagsId[0]!) : undefined,
          p.appID !== undefined ? eq(c.appId, p.appID) : undefined,
          p.regions?.length ? inArray(c.region, p.regions) : undefined,
          owned,
        ),
      );
  }

  /** `dev_eui = ANY(…)` of the devices carrying one of the tags, from the tag links' index. */
  private taggedEuis(p: ListArgs, tagsId: number[]): SQL {
    const l = deviceTagLinks;
    const euis = this.db
      .select({ devEui: l.devEui })
      .from(l)
      .where(linksOf({ ...p, tagsId }));
    return sql`${devices.devEui} = ANY(ARRAY(${euis}))`;
  }

  private async count(where: SQL | undefined): Promise<number> {
    const [r] = await this.db.select({ n: countAll() }).from(devices).where(where);
    return Number(r?.n ?? 0);
  }

  /**
   * Tag-filtered page of one application in an order the links hold (LINK_KEYS), read from the
   * narrow device_tag_links: the page, the total (totalQuery) and the page's device rows in one
   * statement. The links carry no owner: the application's visibility is a condition of the same
   * statement (read once), so the caller need not check it first. `known`: the total, read
   * already. The statement is built once per shape (CompiledStatements): the console's list is
   * the API's busiest call.
   */
  private async listByTag(
    user: AuthUser,
    p: ListArgs & { appID: number; tagsId: number[]; by: LinkOrder },
    known?: number,
  ) {
    // Several tags: a device carrying more than one of them counts once.
    const several = manyTags(p.tagsId);
    // One slot per tag read: as many distinct slots, so manyTags tells the same of them.
    const tags = several ? p.tagsId : p.tagsId.slice(0, 1);
    const s = new Slots();
    const args = {
      ...p,
      appID: s.bind('app', p.appID),
      tagsId: tags.map((t, i) => s.bind(`t${i}`, t)),
      regions: p.regions?.length ? p.regions.map((r, i) => s.bind(`r${i}`, r)) : undefined,
      limit: p.limit ? s.bind('limit', p.limit) : undefined,
      offset: s.bind('offset', p.offset),
    };
    const total = known === undefined ? undefined : s.bind('known', known);
    const viewer = s.viewer(user);
    const rows = await this.compiled.arrays(`${p.by},${p.orderType}`, s, () => this.listByTagSql(viewer, args, total));
    return {
      // Column 1 is the DevEUI: null on the total's lone row past the end.
      rows: rows.flatMap((r) => (r[1] === null ? [] : [listedFromArray(r)])),
      amount: Number(rows[0]?.[0] ?? 0),
    };
  }

  /** listByTag's statement (its values are slots). */
  private listByTagSql(
    user: AuthUser,
    p: ListArgs & { appID: number; tagsId: number[]; by: LinkOrder },
    known?: number,
  ) {
    const l = deviceTagLinks;
    const where = and(
      linksOf(p),
      sql`EXISTS (${this.db
        .select({ one: sql`1` })
        .from(applications)
        .where(and(eq(applications.id, p.appID), ownedBy(user, applications.ownerId)))})`,
    );
    const key = LINK_KEYS[p.by];
    // The page carries its order key (k), so the outer query puts the page's rows back in order
    // without a row_number() over every match: that needed a full sort of the tag's links where a
    // LIMIT lets PostgreSQL keep only the page's (top-N heapsort: 3.1 against 4.8 ms for 5,000 links
    // on PGlite).
    const q = this.db
      .select({ devEui: l.devEui, k: sql`${key}`.as('k') })
      .from(l)
      .where(where)
      .groupBy(...(manyTags(p.tagsId) ? [l.devEui, key] : []))
      .orderBy(...orderOf(p.by, p.orderType, key, l.devEui))
      .offset(p.offset);
    const page = p.limit ? q.limit(p.limit) : q;
    const total = known !== undefined ? sql`SELECT ${known}::int AS n` : this.totalQuery(user, p);
    const inPage = orderOf(p.by, p.orderType, sql`page.k`, sql`page.dev_eui`);
    // The total comes on every row, and alone (no device) when the page is past the end. The
    // columns are read by position (listedFromArray): the total, LISTED_LIST, NAMES_LIST.
    return sql`WITH page AS (${page}), total AS (${total})
        SELECT total.n AS "__total", ${LISTED_LIST}${p.limit ? sql`, ${NAMES_LIST}` : sql``} FROM total LEFT JOIN page ON true
        LEFT JOIN ${devices} ON ${devices.devEui} = page.dev_eui ORDER BY ${sql.join(inPage, sql`, `)}`;
  }

  /**
   * Global search: DevEUI or DevAddr prefix (the keyword read as hex), name prefix
   * (case-insensitive) or a tag name, within what the user may see; sorted by name. An empty
   * keyword lists every device.
   */
  search(user: AuthUser, q: { keyword: string; hex?: string }, limit: number | undefined, offset: number) {
    const k = q.keyword.toLowerCase();
    if (!k) return this.list(user, { limit, offset, orderBy: 'devEUI', orderType: 'asc' });
    const ors: SQL[] = [sql`lower(${devices.name}) LIKE ${likePrefix(k)}`];
    const hex = q.hex ?? '';
    if (/^[0-9a-f]{1,16}$/.test(hex)) ors.push(sql`${devices.devEui} LIKE ${likePrefix(hex)}`);
    if (/^[0-9a-f]{1,8}$/.test(hex)) ors.push(sql`${devices.devAddr} LIKE ${likePrefix(hex)}`);
    const tagWhere = and(sql`lower(${deviceTags.name}) = ${k}`, ownedBy(user, deviceTags.ownerId));
    ors.push(
      sql`${devices.tagIds} && (SELECT coalesce(array_agg(${deviceTags.id}), '{}') FROM ${deviceTags} WHERE ${tagWhere})`,
    );
    // Sorted by name, not DevEUI: an order the primary key serves would make the planner walk
    // every row instead of OR-ing the index hits.
    return this.list(user, { limit, offset, orderBy: 'devName', orderType: 'asc' }, sql`(${sql.join(ors, sql` OR `)})`);
  }

  /** appName, owner name and tag names for a set of device rows, in one statement. */
  async decorate(rows: ListedDevice[]): Promise<DeviceRow[]> {
    if (!rows.length) return [];
    // The list statements read the names with the rows (NAMES): nothing more to ask.
    if (rows.every((r) => r[NAMES_KEY]))
      return rows.map((d) => toRow(d, d[NAMES_KEY]!.app, d[NAMES_KEY]!.owner, d[NAMES_KEY]!.tags));
    // Each id list is one array parameter (ints read from the table: no quoting needed).
    const ids = (list: number[]) => sql`${`{${[...new Set(list)].join(',')}}`}::int[]`;
    const names = rowsOf(
      await this.db.execute(sql`
        SELECT 'a' AS k, ${applications.id} AS id, ${applications.name} AS name FROM ${applications}
          WHERE ${applications.id} = ANY(${ids(rows.map((r) => r.appId))})
        UNION ALL SELECT 'u', ${users.id}, ${users.name} FROM ${users}
          WHERE ${users.id} = ANY(${ids(rows.map((r) => r.ownerId))})
        UNION ALL SELECT 't', ${deviceTags.id}, ${deviceTags.name} FROM ${deviceTags}
          WHERE ${deviceTags.id} = ANY(${ids(rows.flatMap((r) => r.tagIds))})`),
    ) as { k: 'a' | 'u' | 't'; id: number; name: string }[];
    const of = (k: string) => new Map(names.filter((n) => n.k === k).map((n) => [Number(n.id), n.name]));
    const [apps, owners, tags] = [of('a'), of('u'), of('t')];
    return rows.map((d) =>
      toRow(
        d,
        apps.get(d.appId) ?? '',
        owners.get(d.ownerId) ?? '',
        d.tagIds.flatMap((id) => tags.get(id) ?? []),
      ),
    );
  }

  async quotaOf(db: Tx = this.db): Promise<number | undefined> {
    const [r] = await db.select({ v: settings.value }).from(settings).where(eq(settings.key, DEVICE_QUOTA_SETTING));
    return typeof r?.v === 'number' ? r.v : undefined;
  }

  /** Locks the owner's row for the transaction so two imports cannot both pass the quota. */
  async lockOwnerCount(tx: Tx, ownerId: number): Promise<number> {
    await tx.execute(sql`SELECT id FROM ${users} WHERE ${users.id} = ${ownerId} FOR UPDATE`);
    const [r] = await tx.select({ n: countAll() }).from(devices).where(eq(devices.ownerId, ownerId));
    return Number(r?.n ?? 0);
  }

  /** DevEUIs among `euis` that already exist (any owner). */
  async existingEuis(euis: string[]): Promise<Set<string>> {
    const out = new Set<string>();
    for (let i = 0; i < euis.length; i += 5000) {
      const rows = await this.db
        .select({ e: devices.devEui })
        .from(devices)
        .where(anyOf(devices.devEui, euis.slice(i, i + 5000)));
      for (const r of rows) out.add(r.e);
    }
    return out;
  }

  /** "devAddr:nwkSKey" pairs already taken among these DevAddrs, with the device holding each. */
  async takenSessions(addrs: string[]): Promise<Map<string, SessionHolder>> {
    const out = new Map<string, SessionHolder>();
    const unique = [...new Set(addrs)];
    for (let i = 0; i < unique.length; i += 5000) {
      const rows = await this.db
        .select({ a: devices.devAddr, k: devices.nwkSKey, devEui: devices.devEui, ownerId: devices.ownerId })
        .from(devices)
        .where(anyOf(devices.devAddr, unique.slice(i, i + 5000)));
      for (const r of rows) out.set(`${r.a}:${r.k}`, { devEui: r.devEui, ownerId: r.ownerId });
    }
    return out;
  }

  /**
   * Multi-row INSERTs in chunks inside the caller's transaction, each chunk one JSON parameter
   * (db/recordset): binding thousands of parameters costs far more.
   */
  async insertMany(tx: Tx, rows: NewDevice[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const r = recordset(devices, rows.slice(i, i + CHUNK).map(withDefaults));
      await tx.execute(sql`INSERT INTO ${r.into} ${r.select}`);
    }
  }

  async update(devEUI: string, patch: Partial<NewDevice>, db: Tx = this.db): Promise<void> {
    await db
      .update(devices)
      .set({ ...patch, updatedAt: Date.now() })
      .where(eq(devices.devEui, devEUI));
  }

  async updateMany(euis: string[], patch: Partial<NewDevice>, db: Tx = this.db): Promise<void> {
    for (let i = 0; i < euis.length; i += 5000) {
      await db
        .update(devices)
        .set({ ...patch, updatedAt: Date.now() })
        .where(anyOf(devices.devEui, euis.slice(i, i + 5000)));
    }
  }

  async deleteMany(euis: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (let i = 0; i < euis.length; i += 5000) {
        await tx.delete(devices).where(anyOf(devices.devEui, euis.slice(i, i + 5000)));
      }
    });
  }

  /** RSSI/SNR records of one device in [start, end], the newest `max` of them, oldest first. */
  async signal(devEUI: string, start: number, end: number, max: number) {
    const rows = await this.db
      .select()
      .from(deviceSignal)
      .where(and(eq(deviceSignal.devEui, devEUI), sql`${deviceSignal.createdAt} BETWEEN ${start} AND ${end}`))
      .orderBy(desc(deviceSignal.createdAt))
      .limit(max);
    return rows.reverse();
  }

  /** RSSI/SNR records of several devices in [start, end] (export), at most `max`. */
  async signalOf(euis: string[], start: number, end: number, max: number) {
    return this.db
      .select()
      .from(deviceSignal)
      .where(and(anyOf(deviceSignal.devEui, euis), sql`${deviceSignal.createdAt} BETWEEN ${start} AND ${end}`))
      .orderBy(asc(deviceSignal.devEui), asc(deviceSignal.createdAt))
      .limit(max);
  }
}
