import { RELAY_LINK, RELAY_SLAVE_STATUS as SL } from '@lns/contract/relay';
import { RELAY_EVENTS as E, RELAY_RESULT } from '@lns/contract/relay-api';
import type { ListPage, Rhf3mr01Message } from '@lns/lorawan/relay/rhf3mr01';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { relayEvents, relayRejoins } from '../db/schema/relay';
import type { RequestRecord } from './requests';
import { restoreSlave, setSlave, slavesOf } from './slaves';
import { saveStatus, updateDevice } from './status';
import type { SlavesBody, Step } from './steps';

/** The relay's own view of a slave, by event (docs/protocols/rhf3mr01.md, "Events"). */
const SLAVE_BY_EVENT: Record<number, number> = {
  [E.SLAVE_BOUND]: SL.BOUND,
  [E.SLAVE_UNBOUND]: SL.ACTIVELY_UNBOUND,
  [E.SLAVE_AUTO_UNBOUND]: SL.AUTO_UNBOUND,
  [E.SLAVE_CONFIG_UPDATED]: SL.UPDATING_CONFIG,
  // A lost slave is one the relay dropped; a rejoined one it carries again.
  [E.SLAVE_LOST]: SL.AUTO_UNBOUND,
  [E.SLAVE_REJOINED]: SL.BOUND,
};
const ZERO_EUI = '0000000000000000';

/** StatusReport and EventReport: what the relay tells on its own. */
export async function relayReport(db: Db, relayEui: string, m: Rhf3mr01Message, now: number): Promise<void> {
  if (m.type === 'StatusReport') return saveStatus(db, relayEui, m, now);
  if (m.type !== 'EventReport') return;
  const slave = m.devEUI === ZERO_EUI ? null : m.devEUI;
  await db
    .insert(relayEvents)
    .values({ devEui: relayEui, event: m.event, slaveDevEui: slave, uptime: m.uptime, createdAt: now });
  const to = SLAVE_BY_EVENT[m.event];
  if (slave && to !== undefined) await setSlave(db, relayEui, { devEUI: slave }, to, now);
  if (m.event === E.GATEWAY_LINK_LOST) await updateDevice(db, relayEui, { link: RELAY_LINK.RELAY }, now);
  if (m.event === E.GATEWAY_LINK_BACK) await updateDevice(db, relayEui, { link: RELAY_LINK.GATEWAY }, now);
}

/** A further page when the relay has more than it sent (asked again from start + count). */
const morePages = (p: ListPage) => p.items.length > 0 && p.start + p.items.length < p.total;

/** The relay's whole slave list is in: the slaves it no longer holds were dropped by it (auto unbound). */
async function slaveListDone(db: Db, relayEui: string, seen: string[], now: number) {
  for (const s of await slavesOf(db, relayEui))
    if (s.status === SL.BOUND && !seen.includes(s.slaveDevEui))
      await setSlave(db, relayEui, { devEUI: s.slaveDevEui }, SL.AUTO_UNBOUND, now);
}

/** Bind and unbind: one slave answered; on to the next, or closed (refused when the relay refused any). */
async function slaveAnswered(db: Db, r: RequestRecord, result: number, now: number): Promise<Step> {
  const body = { ...(r.body as SlavesBody) };
  const s = body.slaves[body.next]!;
  if (result === RELAY_RESULT.DONE)
    await setSlave(db, r.devEui, s, r.kind === 'bind' ? SL.BOUND : SL.ACTIVELY_UNBOUND, now);
  else {
    body.failed = [...body.failed, { devEUI: s.devEUI, result }];
    if (r.kind === 'bind') await restoreSlave(db, r.devEui, s.devEUI, s.from ?? null);
  }
  body.next++;
  if (body.next < body.slaves.length) return { state: 'next', body };
  const last = body.failed.at(-1);
  return last ? { state: 'refused', result: last.result, body } : { state: 'done', result: RELAY_RESULT.DONE, body };
}

/** An answer of the relay to request `r` (type and token matched): what it carries takes effect. */
export async function relayAnswer(db: Db, r: RequestRecord, m: Rhf3mr01Message, now: number): Promise<Step> {
  if (m.type === 'BindAns' || m.type === 'UnbindAns') return slaveAnswered(db, r, m.result, now);
  if (!('result' in m)) return { state: 'refused', result: RELAY_RESULT.UNKNOWN_TYPE };
  if (m.result !== RELAY_RESULT.DONE) return { state: 'refused', result: m.result };
  const done: Step = { state: 'done', result: RELAY_RESULT.DONE };
  switch (m.type) {
    case 'StatusAns':
      await saveStatus(db, r.devEui, m.body!, now);
      return done;
    case 'SlaveListAns': {
      const page = m.body!;
      const seen = [...((r.body?.seen as string[] | undefined) ?? []), ...page.items.map((i) => i.devEUI)];
      for (const i of page.items) await setSlave(db, r.devEui, i, i.status, now);
      if (morePages(page)) return { state: 'next', body: { ...r.body, start: page.start + page.items.length, seen } };
      await slaveListDone(db, r.devEui, seen, now);
      return done;
    }
    case 'RejoinListAns': {
      const page = m.body!;
      // The first page starts the list afresh: what the relay answers now is its list.
      if (page.start === 0) await db.delete(relayRejoins).where(eq(relayRejoins.relayEui, r.devEui));
      for (const i of page.items)
        await db
          .insert(relayRejoins)
          .values({ relayEui: r.devEui, slaveDevEui: i.devEUI, slaveDevAddr: i.devAddr, updatedAt: now })
          .onConflictDoUpdate({
            target: [relayRejoins.relayEui, relayRejoins.slaveDevEui],
            set: { slaveDevAddr: i.devAddr, updatedAt: now },
          });
      if (morePages(page)) return { state: 'next', body: { ...r.body, start: page.start + page.items.length } };
      return done;
    }
    case 'ModeSetAns':
      await updateDevice(db, r.devEui, { work_mode: r.body?.workMode, backward_mode: r.body?.backwardMode }, now);
      return done;
    case 'ConfigGetAns':
      await updateDevice(db, r.devEui, { config: m.body, config_at: now }, now);
      return done;
    case 'ConfigSetAns':
      await updateDevice(db, r.devEui, { config: r.body?.config, config_at: now }, now);
      return done;
    case 'FwVersionAns':
      await updateDevice(
        db,
        r.devEui,
        { src_fw_version: m.body!.srcFwVersion, dest_fw_version: m.body!.destFwVersion, fw_sign: m.body!.fwSign },
        now,
      );
      return done;
    default:
      return done;
  }
}
