import { C, type Code } from '@lns/contract/codes';
import { RELAY_SLAVE_STATUS as SL } from '@lns/contract/relay';
import { maySee, type Viewer } from '../db/ownership';
import { deviceByEui } from '../devices/repository';
import type { Stage } from '../ns/stage';
import { PRODUCT } from './protocol';
import { createRequest, refuseWaiting } from './requests';
import { HELD, otherRelayOf, setSlave, slavesOf } from './slaves';
import { fieldsOf, type SlaveStep, type SlavesBody } from './steps';

export interface Outcome {
  done: string[];
  failed: { id: string; code: Code; reason: string }[];
}

/**
 * Bind: the slaves that can be bound go to the relay in one bind request (a BindReq each, one
 * after the other) and are updating until it answers; the others are listed with their code.
 */
export async function bindSlaves(dp: Stage, relayEui: string, viewer: Viewer, euis: string[]): Promise<Outcome> {
  await refuseWaiting(dp, relayEui, ['bind']);
  const wanted = [...new Set(euis)];
  const here = new Map((await slavesOf(dp.db, relayEui, wanted)).map((s) => [s.slaveDevEui, s.status]));
  const ok: SlaveStep[] = [];
  const failed: Outcome['failed'] = [];
  for (const id of wanted) {
    const from = here.get(id);
    if (from !== undefined && HELD.includes(from)) {
      failed.push({ id, code: C.RELAY_SLAVE_BOUND_HERE, reason: 'already bound to this relay' });
      continue;
    }
    if (await otherRelayOf(dp.db, relayEui, id)) {
      failed.push({ id, code: C.RELAY_SLAVE_BOUND_OTHER, reason: 'bound to another relay' });
      continue;
    }
    const dev = id === relayEui ? undefined : await deviceByEui(dp.db, id);
    if (!dev || !maySee(viewer, dev.ownerId)) {
      failed.push({ id, code: C.DEVICE_MISSING, reason: 'device missing' });
      continue;
    }
    // BindReq names the slave by its DevAddr too: a device that never joined has none.
    if (!dev.devAddr) {
      failed.push({ id, code: C.PARAM_FORMAT, reason: 'the device has no DevAddr yet (not joined)' });
      continue;
    }
    ok.push({ devEUI: id, devAddr: dev.devAddr, from: from ?? null });
  }
  if (ok.length === 0) return { done: [], failed };
  const body: SlavesBody = { slaves: ok, next: 0, failed: [] };
  await createRequest(dp, PRODUCT.RELAY, relayEui, 'bind', body, fieldsOf('bind', body));
  for (const s of ok) await setSlave(dp.db, relayEui, s, SL.UPDATING_CONFIG);
  return { done: ok.map((s) => s.devEUI), failed };
}

/** Unbind: slaves bound (or binding) here go in one unbind request; the others fail with 18004. */
export async function unbindSlaves(dp: Stage, relayEui: string, euis: string[]): Promise<Outcome> {
  await refuseWaiting(dp, relayEui, ['unbind']);
  const wanted = [...new Set(euis)];
  const here = new Map((await slavesOf(dp.db, relayEui, wanted)).map((s) => [s.slaveDevEui, s.status]));
  const ok = wanted.filter((id) => HELD.includes(here.get(id) ?? -1));
  const failed = wanted
    .filter((id) => !ok.includes(id))
    .map((id) => ({ id, code: C.RELAY_SLAVE_NOT_BOUND as Code, reason: 'not bound to this relay' }));
  if (ok.length === 0) return { done: [], failed };
  const body: SlavesBody = { slaves: ok.map((devEUI) => ({ devEUI })), next: 0, failed: [] };
  await createRequest(dp, PRODUCT.RELAY, relayEui, 'unbind', body, fieldsOf('unbind', body));
  return { done: ok, failed };
}
