/**
 * Load generator over the MQTT gateway link (child process of bench/gateway-mqtt.ts): G gateways,
 * each signed in with its own credentials, publish the same uplinks as ChirpStack UplinkFrames
 * (docs/protocols/gateway-mqtt.md) at a fixed rate, QoS 0 like the forwarder's default.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import mqtt from 'mqtt';
import { uplinkFrames } from './uplink-frames';

const a = JSON.parse(process.argv[2]!) as {
  url: string;
  gateways: { gwID: string; username?: string; password?: string }[];
  devices: number;
  rate: number;
  seconds: number;
  fCntBase: number;
};

const total = a.rate * a.seconds;
const payloads = uplinkFrames({ devices: a.devices, total, fCntBase: a.fCntBase }).map((f) => f.toString('base64'));

const clients = await Promise.all(
  a.gateways.map((g) =>
    mqtt.connectAsync(a.url, {
      username: g.username,
      password: g.password,
      clientId: `bench-${g.gwID}`,
      reconnectPeriod: 0,
    }),
  ),
);
const context = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n >>> 0);
  return b.toString('base64');
};

const tick = 5;
const perTick = (a.rate * tick) / 1000;
const start = performance.now();
let k = 0;
let tmst = 1_000_000;
while (k < total) {
  const due = Math.min(total, Math.floor(((performance.now() - start) / tick + 1) * perTick));
  for (; k < due; k++) {
    tmst = (tmst + 1000) >>> 0;
    a.gateways.forEach((g, i) => {
      const frame = {
        phyPayload: payloads[k],
        txInfo: {
          frequency: 868100000,
          modulation: { lora: { bandwidth: 125000, spreadingFactor: 7, codeRate: 'CR_4_5' } },
        },
        rxInfo: {
          gatewayId: g.gwID,
          uplinkId: k,
          rssi: -60 - i * 5,
          snr: 8 - i,
          context: context(tmst),
          crcStatus: 'CRC_OK',
        },
      };
      clients[i]!.publish(`eu868/gateway/${g.gwID}/event/up`, JSON.stringify(frame), { qos: 0 });
    });
  }
  await sleep(tick);
}
const sendSeconds = (performance.now() - start) / 1000;
await Promise.all(clients.map((c) => c.endAsync()));
process.send!({ sent: total, sendSeconds });
process.exit(0);
