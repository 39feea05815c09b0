/**
 * Load generator (child process of the data-plane benchmarks): G gateways send the same
 * uplinks (ABP devices 1..N, as in the device fixtures) at a fixed rate, and record the time
 * from the first PUSH_DATA of an uplink to the PULL_RESP answering it.
 */

import { setTimeout as sleep } from 'node:timers/promises';
import { buildPushData } from '@lns/semtech-udp/packets';
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

/** A frame's DevAddr (little-endian on air): the key an uplink and its PULL_RESP share. */
const devAddrOf = (phy: Buffer) => Buffer.from(phy.subarray(1, 5)).reverse().toString('hex');
const sentAt = new Map<string, number>();
const latencies: number[] = [];
let pullResps = 0;
const gws: TestGateway[] = [];
for (let g = 0; g < a.gateways; g++) {
  const gw = await new TestGateway(gwIdOf(g), a.port).open(a.addresses?.[g], true);
  gw.onPullResp = (txpk) => {
    pullResps++;
    const addr = devAddrOf(Buffer.from(txpk.data, 'base64'));
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

// Every gateway's PUSH_DATA of every uplink, built before the clock starts (each with its own
// signal), so that sending costs the generator a socket write and little else: it shares the
// server's CPUs.
let tmst = 1_000_000;
const addrs: string[] = [];
const datagrams: Buffer[][] = gws.map(() => []);
frames.forEach((phy, k) => {
  addrs.push(devAddrOf(phy));
  tmst = (tmst + 1000) >>> 0;
  gws.forEach((gw, g) => {
    datagrams[g]!.push(
      buildPushData(gw.version, k & 0xffff, gw.eui, { rxpk: [rxpkOf(phy, { tmst, rssi: -60 - g * 5, lsnr: 8 - g })] }),
    );
  });
});

// Send in 5 ms ticks; each uplink goes to every gateway.
const tick = 5;
const perTick = (a.rate * tick) / 1000;
const start = performance.now();
const cpuStart = process.cpuUsage();
let k = 0;
while (k < total) {
  const due = Math.min(total, Math.floor(((performance.now() - start) / tick + 1) * perTick));
  for (; k < due; k++) {
    sentAt.set(addrs[k]!, performance.now());
    for (let g = 0; g < gws.length; g++) gws[g]!.raw(datagrams[g]![k]!);
  }
  await sleep(tick);
}
const sendSeconds = (performance.now() - start) / 1000;
const cpu = process.cpuUsage(cpuStart);
await sleep(1500);
process.send!({ sent: total, pullResps, latencies, sendSeconds, sendCpuMs: (cpu.user + cpu.system) / 1000 });
for (const gw of gws) gw.close();
process.exit(0);
