import { C } from '@lns/contract/codes';
import { DOWNLINK_STATUS } from '@lns/contract/frames';
import type { RelayRequestState } from '@lns/contract/relay-api';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { uniqueViolation } from '../db/errors';
import { rowsOf } from '../db/rows';
import { downlinks } from '../db/schema/dataplane';
import { relayRequests } from '../db/schema/relay';
import { DomainError } from '../errors';
import { enqueueDownlink } from '../ns/downlink/queue';
import type { Stage } from '../ns/stage';
import { type Product, portOf, requestBytes } from './protocol';

/**
 * The request machine (docs/product/relay.md, "Requests to the device"), the same walk as TS005
 * remote setup: a request leaves as an ordinary downlink on the protocol's port after the device's
 * next uplink (class C: at once); its answer is matched by type and token; each uplink without it
 * once it has left counts one attempt — sent again with a new token after 2, timeout after 6.
 * The state lives in relay_requests, so any instance can go on where another stopped.
 */
export type RequestRecord = typeof relayRequests.$inferSelect;
export const WAITING: RelayRequestState[] = ['queued', 'sent'];
/** docs/protocols/rhf3mr01.md, "Transport": retries. */
export const RESEND_AFTER = 2;
export const GIVE_UP_AFTER = 6;

/** The token of the device's next request (counted up per device mod 256). */
async function takeToken(dp: Pick<Stage, 'db'>, devEUI: string): Promise<number> {
  const now = Date.now();
  const rows = rowsOf(
    await dp.db.execute(sql`
      INSERT INTO relay_devices (dev_eui, next_token, updated_at) VALUES (${devEUI}, 1, ${now})
      ON CONFLICT (dev_eui) DO UPDATE SET next_token = (relay_devices.next_token + 1) % 256
      RETURNING next_token`),
  );
  return (Number(rows[0]!.next_token) + 255) % 256;
}

/** One try of a request: a new token and the downlink that carries it. */
async function sendTry(dp: Stage, p: Product, devEUI: string, kind: string, fields: Record<string, unknown>) {
  const token = await takeToken(dp, devEUI);
  const data = requestBytes(p, kind, token, fields).toString('hex');
  const down = await enqueueDownlink(dp, { devEUI, fPort: portOf(p), data, confirmed: false });
  return { token, msgId: down.msgID };
}

export async function waitingRequests(dp: Pick<Stage, 'db'>, devEUI: string, kind?: string) {
  return dp.db
    .select()
    .from(relayRequests)
    .where(
      and(
        eq(relayRequests.devEui, devEUI),
        inArray(relayRequests.state, WAITING),
        kind ? eq(relayRequests.kind, kind) : undefined,
      ),
    )
    .orderBy(relayRequests.id);
}

/** Refuses with 18005 while a request of this kind waits for the device. */
export async function refuseWaiting(dp: Pick<Stage, 'db'>, devEUI: string, kinds: string[]): Promise<void> {
  for (const kind of kinds) {
    if ((await waitingRequests(dp, devEUI, kind)).length > 0)
      throw new DomainError(C.RELAY_REQUEST_WAITING, `a ${kind} request is still waiting for the device`, 'devEUI');
  }
}

/**
 * A new request: stored queued (the partial unique index lets one of two racing posts in), then
 * its first try queued as a downlink. `body` is what the console shows; `fields` the first message's.
 */
export async function createRequest(
  dp: Stage,
  p: Product,
  devEUI: string,
  kind: string,
  body: Record<string, unknown> | null,
  fields: Record<string, unknown>,
): Promise<RequestRecord> {
  await refuseWaiting(dp, devEUI, [kind]);
  const now = Date.now();
  let row: RequestRecord;
  try {
    [row] = (await dp.db
      .insert(relayRequests)
      .values({ devEui: devEUI, kind, token: 0, state: 'queued', body, createdAt: now, updatedAt: now })
      .returning()) as [RequestRecord];
  } catch (err) {
    if (uniqueViolation(err)) throw new DomainError(C.RELAY_REQUEST_WAITING, 'posted twice at once', 'devEUI');
    throw err;
  }
  try {
    const t = await sendTry(dp, p, devEUI, kind, fields);
    const [sent] = await dp.db
      .update(relayRequests)
      .set({ token: t.token, msgId: t.msgId })
      .where(eq(relayRequests.id, row.id))
      .returning();
    return sent!;
  } catch (err) {
    // The downlink was refused (too long at this data rate): no request is left waiting.
    await dp.db.delete(relayRequests).where(eq(relayRequests.id, row.id));
    throw err;
  }
}

/** Moves a request on, unless another instance already did (token, state and attempts compared). */
export async function moveRequest(
  dp: Pick<Stage, 'db'>,
  r: RequestRecord,
  set: Partial<Pick<RequestRecord, 'state' | 'result' | 'body' | 'attempts' | 'token' | 'msgId'>>,
): Promise<boolean> {
  const rows = await dp.db
    .update(relayRequests)
    .set({ ...set, updatedAt: Date.now() })
    .where(
      and(
        eq(relayRequests.id, r.id),
        eq(relayRequests.state, r.state),
        eq(relayRequests.token, r.token),
        eq(relayRequests.attempts, r.attempts),
      ),
    )
    .returning({ id: relayRequests.id });
  return rows.length > 0;
}

/** The next step of a request (a further list page, the next slave): a new try, queued again. */
export async function nextStep(
  dp: Stage,
  p: Product,
  r: RequestRecord,
  body: Record<string, unknown>,
  fields: Record<string, unknown>,
): Promise<void> {
  const t = await sendTry(dp, p, r.devEui, r.kind, fields);
  await moveRequest(dp, r, { state: 'queued', body, attempts: 0, token: t.token, msgId: t.msgId });
}

/** Whether the request's current downlink still waits in the queue: the device has not had it. */
async function stillQueued(dp: Pick<Stage, 'db'>, r: RequestRecord): Promise<boolean> {
  if (!r.msgId) return false;
  const [d] = await dp.db
    .select({ status: downlinks.status })
    .from(downlinks)
    .where(eq(downlinks.msgId, r.msgId))
    .limit(1);
  return d?.status === DOWNLINK_STATUS.ENQUEUED;
}

/**
 * One uplink of the device without the answer to `r`. The uplink whose window carried the request
 * only marks it sent; later ones count (unless `counts` is false), sending it again (new token)
 * every RESEND_AFTER and giving up at GIVE_UP_AFTER. One that comes within RELAY_ANSWER_WAIT_MS
 * of the request's last move does not count: the answer may still be on its way, and sent again
 * in between it would carry a token no longer the request's. `fields` rebuilds the step's message.
 */
export async function countUplink(
  dp: Stage,
  p: Product,
  r: RequestRecord,
  fields: Record<string, unknown>,
  counts = true,
): Promise<void> {
  if (await stillQueued(dp, r)) return;
  if (r.state === 'queued') return void (await moveRequest(dp, r, { state: 'sent' }));
  if (!counts || Date.now() - r.updatedAt < dp.config.RELAY_ANSWER_WAIT_MS) return;
  const attempts = r.attempts + 1;
  if (attempts >= GIVE_UP_AFTER) return void (await moveRequest(dp, r, { state: 'timeout', attempts }));
  if (attempts % RESEND_AFTER !== 0) return void (await moveRequest(dp, r, { attempts }));
  const t = await sendTry(dp, p, r.devEui, r.kind, fields);
  await moveRequest(dp, r, { attempts, token: t.token, msgId: t.msgId });
}
