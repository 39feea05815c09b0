import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Everything long-lived subscriptions (live streams, MQTT sessions) hang on, checked again in
 * ONE statement however many subscriptions are open: session tokens (by hash), API tokens, users
 * (MQTT user credentials), applications, devices, gateways and multicast groups.
 */
export interface LiveQuery {
  sessions?: Iterable<string>;
  apiTokens?: Iterable<string>;
  users?: Iterable<number>;
  applications?: Iterable<number>;
  devices?: Iterable<string>;
  gateways?: Iterable<string>;
  multicastGroups?: Iterable<string>;
}

export interface LiveUser {
  userId: number;
  admin: boolean;
}

/** What still exists now; a key absent from a map is gone (or, for sessions, expired). */
export interface LiveRows {
  sessions: Map<string, LiveUser>;
  apiTokens: Map<string, LiveUser>;
  users: Map<number, LiveUser & { mqUsername: string; mqPassword: string }>;
  applications: Map<number, { ownerId: number; enableMqtt: boolean; mqName: string; mqPassword: string }>;
  devices: Map<string, { ownerId: number; appId: number; createdAt: number }>;
  gateways: Map<string, { ownerId: number; createdAt: number; mqttPassword: string }>;
  multicastGroups: Map<string, { ownerId: number; createdAt: number }>;
}

interface Row {
  kind: keyof LiveRows;
  key: string;
  user_id: number | null;
  admin: number | null;
  owner_id: number | null;
  app_id: number | null;
  created_at: number | null;
  flag: boolean | null;
  name: string | null;
  secret: string | null;
}

// Keys travel as one array literal: tokens, hashes and EUIs use only these characters; anything
// else cannot match a row and is left out.
const SAFE = /^[0-9A-Za-z_-]{1,128}$/;
const textArray = (keys: Iterable<string>) => {
  const ok = [...new Set(keys)].filter((k) => SAFE.test(k));
  return ok.length ? `{${ok.join(',')}}` : undefined;
};
const intArray = (ids: Iterable<number>) => {
  const ok = [...new Set(ids)].filter((i) => Number.isInteger(i) && i > 0 && i < 2 ** 31);
  return ok.length ? `{${ok.join(',')}}` : undefined;
};

// Column order and types of every part of the UNION.
const COLS = sql.raw('kind, key, user_id, admin, owner_id, app_id, created_at, flag, name, secret') as unknown as SQL;

function parts(q: LiveQuery, now: number): SQL[] {
  const out: SQL[] = [];
  const sessions = q.sessions && textArray(q.sessions);
  if (sessions)
    out.push(sql`SELECT 'sessions'::text, s.token_hash::text, u.id, u.admin::int, NULL::int, NULL::int, NULL::float8,
      NULL::boolean, NULL::text, NULL::text FROM sessions s JOIN users u ON u.id = s.user_id
      WHERE s.token_hash = ANY(${sessions}::bpchar[]) AND s.expires_at >= ${now}`);
  const api = q.apiTokens && textArray(q.apiTokens);
  if (api)
    out.push(sql`SELECT 'apiTokens'::text, u.api_token::text, u.id, u.admin::int, NULL::int, NULL::int, NULL::float8,
      NULL::boolean, NULL::text, NULL::text FROM users u WHERE u.api_token = ANY(${api}::text[])`);
  const users = q.users && intArray(q.users);
  if (users)
    out.push(sql`SELECT 'users'::text, u.id::text, u.id, u.admin::int, NULL::int, NULL::int, NULL::float8,
      NULL::boolean, u.mq_username::text, u.mq_password::text FROM users u WHERE u.id = ANY(${users}::int[])`);
  const apps = q.applications && intArray(q.applications);
  if (apps)
    out.push(sql`SELECT 'applications'::text, a.id::text, NULL::int, NULL::int, a.owner_id, a.id, a.created_at::float8,
      a.enable_mqtt, a.mq_name::text, a.mq_password::text FROM applications a WHERE a.id = ANY(${apps}::int[])`);
  const devices = q.devices && textArray(q.devices);
  if (devices)
    out.push(sql`SELECT 'devices'::text, d.dev_eui::text, NULL::int, NULL::int, d.owner_id, d.app_id, d.created_at::float8,
      NULL::boolean, NULL::text, NULL::text FROM devices d WHERE d.dev_eui = ANY(${devices}::text[])`);
  const gateways = q.gateways && textArray(q.gateways);
  if (gateways)
    out.push(sql`SELECT 'gateways'::text, g.gw_id::text, NULL::int, NULL::int, g.owner_id, NULL::int, g.created_at::float8,
      NULL::boolean, NULL::text, g.mqtt_password::text FROM gateways g WHERE g.gw_id = ANY(${gateways}::text[])`);
  const groups = q.multicastGroups && textArray(q.multicastGroups);
  if (groups)
    out.push(sql`SELECT 'multicastGroups'::text, m.mc_eui::text, NULL::int, NULL::int, m.owner_id, NULL::int,
      m.created_at::float8, NULL::boolean, NULL::text, NULL::text FROM mc_groups m WHERE m.mc_eui = ANY(${groups}::text[])`);
  return out;
}

/** One query for all of `q` (none when `q` is empty). */
export async function liveRows(db: Db, q: LiveQuery, now = Date.now()): Promise<LiveRows> {
  const live: LiveRows = {
    sessions: new Map(),
    apiTokens: new Map(),
    users: new Map(),
    applications: new Map(),
    devices: new Map(),
    gateways: new Map(),
    multicastGroups: new Map(),
  };
  const selects = parts(q, now);
  if (selects.length === 0) return live;
  const query = sql`SELECT ${COLS} FROM (${sql.join(selects, sql` UNION ALL `)}) AS live(${COLS})`;
  const { rows } = (await db.execute(query)) as unknown as { rows: Row[] };
  for (const r of rows) {
    const user = { userId: Number(r.user_id), admin: Number(r.admin) === 1 };
    const owner = { ownerId: Number(r.owner_id), createdAt: Number(r.created_at) };
    if (r.kind === 'sessions') live.sessions.set(r.key, user);
    else if (r.kind === 'apiTokens') live.apiTokens.set(r.key, user);
    else if (r.kind === 'users')
      live.users.set(Number(r.key), { ...user, mqUsername: r.name ?? '', mqPassword: r.secret ?? '' });
    else if (r.kind === 'applications')
      live.applications.set(Number(r.key), {
        ownerId: owner.ownerId,
        enableMqtt: r.flag === true,
        mqName: r.name ?? '',
        mqPassword: r.secret ?? '',
      });
    else if (r.kind === 'devices') live.devices.set(r.key, { ...owner, appId: Number(r.app_id) });
    else if (r.kind === 'gateways') live.gateways.set(r.key, { ...owner, mqttPassword: r.secret ?? '' });
    else if (r.kind === 'multicastGroups') live.multicastGroups.set(r.key, owner);
  }
  return live;
}
