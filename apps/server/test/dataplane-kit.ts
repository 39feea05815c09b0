import { setTimeout as sleep } from 'node:timers/promises';
import { type BuildDataFrameParams, buildDataFrame } from '@lns/lorawan/frames';
import type { DataPlane } from '../src/ns/dataplane';
import { TestGateway } from './gateway';
import type { TestApp } from './harness';

/** Sum of a metric's values in the app's registry, optionally only those with these labels. */
export async function metric(t: TestApp, name: string, label?: Record<string, string>): Promise<number> {
  const m = await t.services.metrics.getSingleMetric(name)?.get();
  return (m?.values ?? [])
    .filter((v) => !label || Object.entries(label).every(([k, x]) => v.labels[k] === x))
    .reduce((a, v) => a + v.value, 0);
}

/** Waits until every uplink received so far is processed and its history written. */
export async function settle(dp: DataPlane, extraMs = 0): Promise<void> {
  await sleep(dp.config.DEDUP_WINDOW_MS + 20 + extraMs);
  await drained(dp);
}

const DRAIN_TIMEOUT_MS = 20_000;

/**
 * Waits for the uplinks the data plane holds and their follow-ups, then writes history. A loaded
 * CI host can take seconds; one that never drains fails here, not at a later, puzzling assertion.
 */
export async function drained(dp: DataPlane): Promise<void> {
  const deadline = Date.now() + DRAIN_TIMEOUT_MS;
  while (dp.inflight > 0) {
    if (Date.now() > deadline)
      throw new Error(`the data plane still holds ${dp.inflight} uplinks after ${DRAIN_TIMEOUT_MS} ms`);
    await sleep(5);
  }
  await dp.writer.flush();
}

/** Starts the data plane of a test app on an ephemeral UDP port. */
export async function startDataPlane(t: TestApp): Promise<{ dp: DataPlane; port: number }> {
  const dp = t.services.dataPlane;
  const port = await dp.start(0, '127.0.0.1');
  return { dp, port };
}

/** A registered gateway (created through the API) with its packet forwarder connected. */
export async function connectGateway(t: TestApp, token: string, port: number, gwID: string, name = gwID) {
  const res = await t.call(token, 'POST', '/api/gateway/create', {
    gwID,
    gwName: name,
    region: 'eu868',
    subnet: 'eu868-default',
    gwType: 'generic',
    txPower: 0,
  });
  if (res.body.code !== 0) throw new Error(`gateway create: ${JSON.stringify(res.body)}`);
  const gw = await new TestGateway(gwID, port).open();
  gw.pull();
  await gw.waitFor((d) => d.kind === 'PULL_ACK');
  return gw;
}

/** An ABP device session and a frame builder for it. */
export function abpSession(d: { devAddr: string; nwkSKey: string; appSKey: string }) {
  return (p: Partial<BuildDataFrameParams> & { fCnt: number }) =>
    buildDataFrame({
      mType: 'UnconfirmedDataUp',
      devAddr: d.devAddr,
      nwkSKey: d.nwkSKey,
      appSKey: d.appSKey,
      fPort: 1,
      payload: Buffer.from('01', 'hex'),
      ...p,
    });
}
