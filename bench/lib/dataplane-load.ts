/**
 * Load generator (child process of the data-plane benchmarks): G gateways send the same
 * uplinks (ABP devices 1..N, as in the device fixtures) at a fixed rate, and record the time
 * from the first PUSH_DATA of an uplink to the PULL_RESP answering it.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { rxpkOf, TestGateway } from '../../apps/server/test/gateway';
import { gwIdOf } from './dataplane-setup';
import { uplinkFrames } from './uplink-frames';

const a = JSON.parse(process.argv[2]!) as {
  port: number;
  gateways: number;
  devices: number;
  rate: number;
  seconds: number;
  confirmed: boolean;
  fCntBase: number;
  /** Source address of each gateway (nginx hashes on it); 127.0.0.1 for all when absent. */
  addresses?: string[];
};

const total = a.rate * a.seconds;
const frames = uplinkFrames({ devices: a.devices, total, fCntBase: a.fCntBase, confirmed: a.confirmed });

const sentAt = new Map<string, number>();
const latencies: number[] = [];
let pullResps = 0;
const gws: TestGateway[] = [];
for (let g = 0; g < a.gateways; g++) {
  const gw = await new TestGateway(gwIdOf(g), a.port).open(a.addresses?.[g]);
  gw.onPullResp = (txpk) => {
    pullResps++;
    const phy = Buffer.from(txpk.data, 'base64');
    const addr = Buffer.from(phy.subarray(1, 5)).reverse().toString('hex');
    const t0 = sentAt.get(addr);
    if (t0 !== undefined) {
      latencies.push(performance.now() - t0);
      sentAt.delete(addr);
    }
  };
  gw.pull();
  await gw.waitFor((d) => d.kind === 'PULL_ACK');
  gws.push(gw);
}

// Send in 5 ms ticks; each uplink goes to every gateway with its own signal.
const tick = 5;
const perTick = (a.rate * tick) / 1000;
const start = performance.now();
let k = 0;
let tmst = 1_000_000;
while (k < total) {
  const due = Math.min(total, Math.floor(((performance.now() - start) / tick + 1) * perTick));
  for (; k < due; k++) {
    const phy = frames[k]!;
    const addr = Buffer.from(phy.subarray(1, 5)).reverse().toString('hex');
    sentAt.set(addr, performance.now());
    tmst = (tmst + 1000) >>> 0;
    gws.forEach((gw, g) => {
      gw.push([rxpkOf(phy, { tmst, rssi: -60 - g * 5, lsnr: 8 - g })]);
    });
  }
  await sleep(tick);
}
const sendSeconds = (performance.now() - start) / 1000;
await sleep(1500);
process.send!({ sent: total, pullResps, latencies, sendSeconds });
for (const gw of gws) gw.close();
process.exit(0);
