import { type Ts004Command, ts004 } from '@lns/lorawan/applayer/ts004';
import { openDataFrame } from '@lns/lorawan/frames';
import type { DataPlane } from '../src/ns/dataplane';
import { abpSession, settle } from './dataplane-kit';
import { isPullResp, rxpkOf, type TestGateway } from './gateway';

/** Gateway timestamps of the uplinks, 5 s apart so no two fall into one RX window. */
let tmst = 1_000_000;

/**
 * An ABP class A device that takes part in FUOTA sessions (docs/protocols/fuota.md) through a test
 * gateway: `uplink` sends a frame, with a TS004 answer on FPort 201 when given, and returns the
 * TS004 requests of its RX window.
 */
export function fuotaMember(
  gw: TestGateway,
  dp: DataPlane,
  d: { devEUI: string; devAddr: string; nwkSKey: string; appSKey: string },
) {
  const frame = abpSession(d);
  let fCnt = 0;
  const uplink = async (answer?: Ts004Command): Promise<Ts004Command[]> => {
    const phy = answer
      ? frame({ fCnt: ++fCnt, fPort: 201, payload: ts004.encode(answer) })
      : frame({ fCnt: ++fCnt, fPort: 1 });
    const before = gw.pullResps().length;
    tmst += 5_000_000;
    gw.push([rxpkOf(phy, { tmst })]);
    await settle(dp);
    // The class A answer (RX1 or RX2), not a multicast frame sent meanwhile; loopback UDP takes moments.
    const classA = () =>
      gw
        .pullResps()
        .slice(before)
        .find((r) => !r.txpk.imme);
    if (!classA()) await gw.waitFor((x) => isPullResp(x) && !x.txpk.imme, 300, true).catch(() => undefined);
    const resp = classA();
    if (!resp) return [];
    gw.txAck(resp.token);
    const down = openDataFrame(Buffer.from(resp.txpk.data, 'base64'), {
      nwkSKey: d.nwkSKey,
      appSKey: d.appSKey,
      lastFCnt: null,
    });
    if (down.frame.fPort !== 201 || !down.payload) return [];
    return ts004.decode(down.payload, 'down');
  };
  return { d, uplink };
}
export type FuotaMember = ReturnType<typeof fuotaMember>;
