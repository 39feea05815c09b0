/** Uplink pipeline throughput: decode + MIC check + FRMPayload decrypt of a 20-byte-payload uplink, one core. */
import { buildDataFrame, openDataFrame } from '@lns/lorawan/frames';

const nwkSKey = Buffer.from('44024241ed4ce9a68c6a8bc055233fd3', 'hex');
const appSKey = Buffer.from('ec925802ae430ca77fd3dd73cb2cc588', 'hex');
const phy = buildDataFrame({
  mType: 'UnconfirmedDataUp',
  devAddr: '26011234',
  fCnt: 1234,
  fPort: 10,
  payload: Buffer.alloc(20, 0x5a),
  nwkSKey,
  appSKey,
});

const run = (n: number): void => {
  for (let i = 0; i < n; i++) {
    const r = openDataFrame(phy, { nwkSKey, appSKey, lastFCnt: 1233 });
    if (!r.micValid || r.payload?.length !== 20) throw new Error('bench frame did not verify');
  }
};

run(20_000); // warm-up
const n = 200_000;
const t0 = process.hrtime.bigint();
run(n);
const s = Number(process.hrtime.bigint() - t0) / 1e9;
console.log(
  `lorawan codec: ${Math.round(n / s).toLocaleString('en-US')} uplinks/s (decode + MIC check + decrypt, 20-byte FRMPayload, ${phy.length}-byte PHYPayload, 1 core)`,
);
