import { RELAY_FPORT } from '@lns/lorawan/relay/forward';
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { devices } from '../db/schema/devices';
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

/**
 * Slave uplinks a relay carried: its `receive` count and last time, for a slave the relay holds.
 * The uplink path has already noted the relay of each device's last uplink (devices.relay_dev_eui).
 */
async function countRelayed(dp: Stage, relayed: { devEui: string; relayDevEui: string | null }[]) {
  const now = Date.now();
  for (const r of relayed)
    await dp.db
      .update(relaySlaves)
      .set({ receive: sql`${relaySlaves.receive} + 1`, lastRelayed: now })
      .where(and(eq(relaySlaves.relayEui, r.relayDevEui!), eq(relaySlaves.slaveDevEui, r.devEui)));
}

/** After a batch of uplinks was accepted: one query finds the relays, ladtps and relayed slaves among them. */
export async function relayUplinks(dp: Stage, ups: Uplink[]): Promise<void> {
  const euis = [...new Set(ups.map((u) => u.devEUI))];
  const rows = await dp.db
    .select({ devEui: devices.devEui, productType: devices.productType, relayDevEui: devices.relayDevEui })
    .from(devices)
    .where(
      and(
        inArray(devices.devEui, euis),
        or(inArray(devices.productType, [PRODUCT.RELAY, PRODUCT.LADTP]), isNotNull(devices.relayDevEui)),
      ),
    );
  const relayed = rows.filter((r) => r.relayDevEui !== null);
  if (relayed.length) await countRelayed(dp, relayed);
  const products = new Map(
    rows.filter((r) => isProduct(r.productType)).map((r) => [r.devEui, r.productType as Product]),
  );
  if (products.size === 0) return;
  await Promise.all(
    ups.map((u) => {
      const p = products.get(u.devEUI);
      if (!p) return undefined;
      return inTurn(u.devEUI, () => onUplink(dp, p, u)).catch((err) =>
        dp.log.warn({ err, devEUI: u.devEUI }, 'relay/ladtp uplink not handled'),
      );
    }),
  );
}
