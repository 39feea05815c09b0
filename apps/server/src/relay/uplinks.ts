import { RELAY_FPORT } from '@lns/lorawan/relay/forward';
import { and, eq, sql } from 'drizzle-orm';
import { relaySlaves } from '../db/schema/relay';
import type { Stage } from '../ns/stage';
import { ladtpAnswer, ladtpReport } from './ladtp-messages';
import { answerTypeOf, isProduct, type Message, messageIn, PRODUCT, type Product } from './protocol';
import { relayAnswer, relayReport } from './relay-answers';
import { countUplink, moveRequest, nextStep, type RequestRecord, waitingRequests } from './requests';
import { fieldsOf } from './steps';

interface Uplink {
  devEUI: string;
  fPort: number | null;
  payload: Buffer;
  /** The device's product type, as the uplink path read its row. */
  productType: string;
  /** The relay that carried this uplink (TS011), null when a gateway heard it directly. */
  relayDevEui: string | null;
}

/**
 * One device's uplinks are handled one after another: a batch's work runs after the batch (it is
 * tracked, not awaited), so two batches could otherwise interleave the same request or frame.
 */
const chains = new Map<string, Promise<void>>();
function inTurn(devEUI: string, work: () => Promise<void>): Promise<void> {
  const next = (chains.get(devEUI) ?? Promise.resolve()).then(work);
  const tail = next.catch(() => undefined);
  chains.set(devEUI, tail);
  void tail.then(() => {
    if (chains.get(devEUI) === tail) chains.delete(devEUI);
  });
  return next;
}

const isAnswer = (m: Message['m']): m is Message['m'] & { token: number; result: number } =>
  'token' in m && 'result' in m;

/** The answer to `r` moves it on: closed, or its next step sent. */
async function answered(dp: Stage, p: Product, r: RequestRecord, msg: Message, now: number): Promise<void> {
  const step =
    msg.product === PRODUCT.RELAY ? await relayAnswer(dp.db, r, msg.m, now) : await ladtpAnswer(dp.db, r, msg.m, now);
  if (step.state === 'next') return nextStep(dp, p, r, step.body, fieldsOf(r.kind, step.body));
  await moveRequest(dp, r, { state: step.state, result: step.result, ...(step.body ? { body: step.body } : {}) });
}

/** One accepted uplink of a relay or ladtp: its message takes effect, and the waiting requests move on. */
async function onUplink(dp: Stage, p: Product, u: Uplink): Promise<void> {
  const now = Date.now();
  const msg = messageIn(p, u.fPort, u.payload);
  if (msg?.product === PRODUCT.RELAY) await relayReport(dp.db, u.devEUI, msg.m, now);
  if (msg?.product === PRODUCT.LADTP) await ladtpReport(dp.db, dp.log, u.devEUI, msg.m, now);
  const waiting = await waitingRequests(dp, u.devEUI);
  // An answer that matches no waiting request (a late one to a request sent again) is dropped.
  const hit =
    msg && isAnswer(msg.m)
      ? waiting.find((r) => answerTypeOf(p, r.kind) === msg.m.type && r.token === (msg.m as { token: number }).token)
      : undefined;
  if (hit && msg) await answered(dp, p, hit, msg, now);
  // A frame the relay forwards for an end-device (TS011, FPort 226) comes at its slaves' pace, not
  // its own: counted, a busy relay's requests would time out before its answer could come.
  const counts = u.fPort !== RELAY_FPORT;
  for (const r of waiting) if (r !== hit) await countUplink(dp, p, r, fieldsOf(r.kind, r.body), counts);
}

/** Slave uplinks a relay carried: its `receive` count and last time, for a slave the relay holds. */
async function countRelayed(dp: Stage, relayed: Uplink[]) {
  const now = Date.now();
  for (const r of relayed)
    await dp.db
      .update(relaySlaves)
      .set({ receive: sql`${relaySlaves.receive} + 1`, lastRelayed: now })
      .where(and(eq(relaySlaves.relayEui, r.relayDevEui!), eq(relaySlaves.slaveDevEui, r.devEUI)));
}

/**
 * After a batch of uplinks was accepted (one per device): relayed slaves are counted, and relays'
 * and ladtps' uplinks handled. The uplink path gives each its product and relay, so a batch with
 * neither (the common case) costs no query.
 */
export async function relayUplinks(dp: Stage, ups: Uplink[]): Promise<void> {
  const relayed = ups.filter((u) => u.relayDevEui !== null);
  if (relayed.length) await countRelayed(dp, relayed);
  const products = ups.filter((u) => isProduct(u.productType));
  await Promise.all(
    products.map((u) =>
      inTurn(u.devEUI, () => onUplink(dp, u.productType as Product, u)).catch((err) =>
        dp.log.warn({ err, devEUI: u.devEUI }, 'relay/ladtp uplink not handled'),
      ),
    ),
  );
}
