// The client side of bench/streams.ts (plain JS: worker threads do not get tsx on Node 20).
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

const now = () => performance.timeOrigin + performance.now();
const { url, token, euis } = workerData;
const latencies = [];
let dropped = 0;
await Promise.all(
  euis.map(
    (eui) =>
      new Promise((resolve, reject) => {
        const ws = new WebSocket(`${url}/ws/device/protocol?devEUI=${eui}`, [token]);
        ws.on('error', reject);
        ws.on('message', (d) => {
          const m = JSON.parse(d.toString());
          if (m.kind === 'ready') resolve();
          else if (m.kind === 'dropped') dropped += m.count;
          else if (m.kind === 'protocol') latencies.push(now() - m.data.t);
        });
      }),
  ),
);
parentPort.postMessage('ready');
parentPort.once('message', () => parentPort.postMessage({ latencies, dropped }));
