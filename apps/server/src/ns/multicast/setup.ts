import { MC_SETUP, type McSyncError, type McSyncState, periodicityOf } from '@lns/contract/multicast';
import { encryptMcKey, mcKEKey, mcRootKeyFromGenAppKey, type Ts005Command, ts005 } from '@lns/lorawan/applayer/ts005';
import { gpsTimeMs } from '@lns/lorawan/classb';
import { defaultPingSlotSetting } from '@lns/lorawan/classb-channels';
import { getRegion } from '@lns/lorawan/regions';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows';
import { enqueueDownlink } from '../downlink/queue';
import { STATUS_SQL as St } from '../downlink/status-sql';
import type { Stage } from '../stage';
import { REMOTE_GROUP } from './remote-sql';

/**
 * TS005 remote multicast setup, one member at a time (docs/protocols/ts005-remote-multicast.md).
 * The state lives in mc_devices, so any instance can go on where another stopped:
 * pending → McGroupSetupReq (setup) → McClassC/BSessionReq (session) → joined, or failed.
 * Requests travel as ordinary downlinks on FPort 200: they leave after the device's next uplink
 * (class C devices: at once).
 */
export interface Member {
  devEui: string;
  state: string;
  attempts: number;
  syncFCnt: number | null;
  sessionEnds: number | null;
  mcClass: 'B' | 'C';
  groupId: number;
  mcAddr: string;
  mcKey: string;
  genAppKey: string;
  pingSlotPeriod: number;
  region: string;
  fCnt: number;
}

const SESSION_MS = 2 ** MC_SETUP.timeoutExp * 1000;

/** Remote-setup members among these devices, with their group. */
export async function remoteMembers(dp: Pick<Stage, 'db'>, devEUIs: string[]): Promise<Member[]> {
  if (devEUIs.length === 0) return [];
  const rows = rowsOf(
    await dp.db.execute(sql`
      SELECT m.dev_eui, m.sync_state, m.attempts, m.sync_f_cnt, m.session_ends,
             g.mc_class, g.group_id, g.mc_addr, g.mc_key, g.gen_app_key, g.ping_slot_period, g.region, g.f_cnt
      FROM mc_devices m JOIN mc_groups g ON g.mc_eui = m.mc_eui
      WHERE ${REMOTE_GROUP}
        AND m.dev_eui IN (SELECT unnest(${`{${devEUIs.join(',')}}`}::text[]))`),
  );
  return rows.map((r) => ({
    devEui: String(r.dev_eui),
    state: String(r.sync_state),
    attempts: Number(r.attempts),
    syncFCnt: r.sync_f_cnt === null ? null : Number(r.sync_f_cnt),
    sessionEnds: r.session_ends === null ? null : Number(r.session_ends),
    mcClass: String(r.mc_class) as 'B' | 'C',
    groupId: Number(r.group_id),
    mcAddr: String(r.mc_addr),
    mcKey: String(r.mc_key),
    genAppKey: String(r.gen_app_key),
    pingSlotPeriod: Number(r.ping_slot_period),
    region: String(r.region),
    fCnt: Number(r.f_cnt),
  }));
}

async function send(dp: Stage, devEUI: string, cmd: Ts005Command): Promise<void> {
  await enqueueDownlink(dp, {
    devEUI,
    fPort: MC_SETUP.port,
    data: ts005.encode(cmd).toString('hex'),
    confirmed: false,
  });
}

/** Moves a member on, unless another instance already did (the state is compared). */
async function moveTo(
  dp: Pick<Stage, 'db' | 'events'>,
  m: Member,
  state: string,
  set: { error?: McSyncError | null; syncFCnt?: number | null; sessionEnds?: number | null; attempts?: number } = {},
): Promise<boolean> {
  const rows = rowsOf(
    await dp.db.execute(sql`
      UPDATE mc_devices SET sync_state = ${state}, sync_error = ${set.error ?? null},
        attempts = ${set.attempts ?? 0},
        sync_f_cnt = ${set.syncFCnt === undefined ? m.syncFCnt : set.syncFCnt},
        session_ends = ${set.sessionEnds === undefined ? m.sessionEnds : set.sessionEnds},
        updated_at = ${Date.now()}
      WHERE dev_eui = ${m.devEui} AND sync_state = ${m.state} AND attempts = ${m.attempts}
      RETURNING mc_eui, sync_state, sync_error, sync_f_cnt`),
  );
  const r = rows[0];
  if (r && (state !== m.state || set.error))
    dp.events.multicast({
      mcEUI: String(r.mc_eui),
      kind: 'sync',
      data: {
        devEUI: m.devEui,
        syncState: state as McSyncState,
        syncError: (r.sync_error as McSyncError | null) ?? null,
        syncFCnt: r.sync_f_cnt === null ? null : Number(r.sync_f_cnt),
      },
    });
  return r !== undefined;
}

/** McGroupSetupReq: the group key under the member's McKEKey (from the group's GenAppKey), FCnts from `minFCnt` on. */
function setupCommand(m: Member, minFCnt: number): Ts005Command {
  const kek = mcKEKey(mcRootKeyFromGenAppKey(m.genAppKey));
  return {
    type: 'McGroupSetupReq',
    mcGroupId: m.groupId,
    mcAddr: m.mcAddr,
    mcKeyEncrypted: encryptMcKey(kek, m.mcKey),
    minMcFCount: minFCnt,
    maxMcFCount: 0xffffffff,
  };
}

async function requestSetup(dp: Stage, m: Member): Promise<void> {
  if (!(await moveTo(dp, m, 'setup', { syncFCnt: m.fCnt, sessionEnds: null }))) return;
  await send(dp, m.devEui, setupCommand(m, m.fCnt));
}

/**
 * The class C or B session request: it starts `leadS` from now (MC_SESSION_LEAD_S). Class C runs on
 * the region's RX2 channel; class B on the region's default ping-slot channel and DR (RP002), the
 * frequency 0 where ping slots hop (US915, AU915, CN470), which tells the device to hop by McAddr.
 */
function sessionRequest(m: Member, now: number, leadS: number): { cmd: Ts005Command; ends: number } {
  const region = getRegion(m.region);
  const start = Math.floor(gpsTimeMs(now) / 1000) + leadS;
  const channel =
    m.mcClass === 'B' ? defaultPingSlotSetting(region) : { freqHz: region.rx2.frequency, dr: region.rx2.dr };
  const common = {
    mcGroupId: m.groupId,
    sessionTime: start % 2 ** 32,
    sessionTimeOut: MC_SETUP.timeoutExp,
    dlFrequency: channel.freqHz,
    dr: channel.dr,
  };
  const ends = now + leadS * 1000 + SESSION_MS;
  const cmd: Ts005Command =
    m.mcClass === 'B'
      ? { type: 'McClassBSessionReq', ...common, periodicity: periodicityOf(m.pingSlotPeriod) }
      : { type: 'McClassCSessionReq', ...common };
  return { cmd, ends };
}

/** A first session request (state session), or a renewal of a joined member's (attempts 1 until answered). */
async function requestSession(dp: Stage, m: Member, next: 'session' | 'joined'): Promise<void> {
  const { cmd, ends } = sessionRequest(m, Date.now(), dp.config.MC_SESSION_LEAD_S);
  const renewal = next === 'joined';
  if (!(await moveTo(dp, m, next, { sessionEnds: renewal ? m.sessionEnds : ends, attempts: renewal ? 1 : 0 }))) return;
  await send(dp, m.devEui, cmd);
}

/** Starts the setup of pending members (after a bind, a reset or a group change). */
export async function startSetup(dp: Stage, devEUIs: string[]): Promise<void> {
  for (const m of await remoteMembers(dp, devEUIs)) if (m.state === 'pending') await requestSetup(dp, m);
}

/** Remote members that have been sent a setup (they hold a group to forget when they leave). */
export async function setUpMembers(
  dp: Pick<Stage, 'db'>,
  devEUIs: string[],
): Promise<{ devEui: string; groupId: number }[]> {
  return (await remoteMembers(dp, devEUIs)).filter((m) => ['setup', 'session', 'joined'].includes(m.state));
}

/** Tells devices that left a remote group to forget it. */
export async function forgetGroup(dp: Stage, devices: { devEui: string; groupId: number }[]): Promise<void> {
  for (const d of devices) await send(dp, d.devEui, { type: 'McGroupDeleteReq', mcGroupId: d.groupId });
}

function answersIn(fPort: number | null, payload: Buffer): Ts005Command[] {
  if (fPort !== MC_SETUP.port || payload.length === 0) return [];
  try {
    return ts005.decode(payload, 'up');
  } catch {
    return [];
  }
}

/** One accepted uplink of a remote member: its TS005 answers, or one more uplink without them. */
async function onUplink(dp: Stage, m: Member, answers: Ts005Command[]): Promise<void> {
  const now = Date.now();
  for (const a of answers) {
    if (a.type === 'McGroupSetupAns' && m.state === 'setup' && a.mcGroupId === m.groupId) {
      if (a.idError) return void (await moveTo(dp, m, 'failed', { error: 'idError' }));
      return requestSession(dp, m, 'session');
    }
    if ((a.type === 'McClassCSessionAns' || a.type === 'McClassBSessionAns') && a.mcGroupId === m.groupId) {
      if (m.state !== 'session' && m.state !== 'joined') continue;
      const error: McSyncError | null = a.mcGroupUndefined
        ? 'mcGroupUndefined'
        : a.drError
          ? 'drError'
          : a.freqError
            ? 'freqError'
            : null;
      if (error) return void (await moveTo(dp, m, 'failed', { error }));
      const ends = m.state === 'joined' ? now + (a.timeToStart ?? 0) * 1000 + SESSION_MS : m.sessionEnds;
      return void (await moveTo(dp, m, 'joined', { sessionEnds: ends }));
    }
  }
  if (m.state === 'pending') return requestSetup(dp, m);
  if (m.state === 'joined') {
    // Renew before the session ends (the answer moves session_ends on).
    const left = (m.sessionEnds ?? 0) - now;
    if (left < SESSION_MS * MC_SETUP.renewAtFraction && m.attempts === 0) await requestSession(dp, m, 'joined');
    return;
  }
  if (m.state !== 'setup' && m.state !== 'session') return;
  if (await requestQueued(dp, m.devEui)) return;
  const attempts = m.attempts + 1;
  if (attempts >= MC_SETUP.giveUpAfter) return void (await moveTo(dp, m, 'failed', { error: 'noAnswer', attempts }));
  if (!(await moveTo(dp, m, m.state, { attempts }))) return;
  if (attempts % MC_SETUP.retryAfter !== 0) return;
  await send(
    dp,
    m.devEui,
    m.state === 'setup'
      ? setupCommand(m, m.syncFCnt ?? m.fCnt)
      : sessionRequest(m, now, dp.config.MC_SESSION_LEAD_S).cmd,
  );
}

/** A TS005 request still waiting in the device's queue: the device has not had it yet. */
async function requestQueued(dp: Pick<Stage, 'db'>, devEUI: string): Promise<boolean> {
  const rows = rowsOf(
    await dp.db.execute(
      sql`SELECT 1 FROM downlinks WHERE dev_eui = ${devEUI} AND f_port = ${MC_SETUP.port} AND status = ${St.ENQUEUED} LIMIT 1`,
    ),
  );
  return rows.length > 0;
}

/**
 * After a batch of uplinks was accepted: the answers of remote-setup members. The accepting
 * statement told which devices are in such a group (`inRemoteGroup`); a batch without one costs no query.
 */
export async function multicastUplinks(
  dp: Stage,
  ups: { devEUI: string; fPort: number | null; payload: Buffer; remoteMulticast: boolean }[],
): Promise<void> {
  const inGroups = ups.filter((u) => u.remoteMulticast);
  if (inGroups.length === 0) return;
  const members = await remoteMembers(
    dp,
    inGroups.map((u) => u.devEUI),
  );
  for (const m of members) {
    const u = inGroups.find((x) => x.devEUI === m.devEui)!;
    await onUplink(dp, m, answersIn(u.fPort, u.payload));
  }
}
