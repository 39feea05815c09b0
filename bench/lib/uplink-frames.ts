import { buildDataFrame } from '@lns/lorawan/frames';
import { abpDevice } from '../../apps/server/test/devices-fixtures';

/** The uplinks a load generator sends: ABP devices 1..N in turn, FCnts from `fCntBase`. */
export function uplinkFrames(a: { devices: number; total: number; fCntBase: number; confirmed?: boolean }): Buffer[] {
  const sessions = Array.from({ length: a.devices }, (_, i) => abpDevice(i + 1));
  return Array.from({ length: a.total }, (_, k) => {
    const d = sessions[k % a.devices]!;
    return buildDataFrame({
      mType: a.confirmed ? 'ConfirmedDataUp' : 'UnconfirmedDataUp',
      devAddr: d.devAddr,
      fCnt: a.fCntBase + Math.floor(k / a.devices),
      fPort: 1,
      payload: Buffer.from([k & 0xff, 1, 2, 3, 4, 5, 6, 7]),
      nwkSKey: d.nwkSKey,
      appSKey: d.appSKey,
    });
  });
}
