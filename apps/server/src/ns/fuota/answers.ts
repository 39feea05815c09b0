import { FUOTA_DEVICE_STATE as D, FUOTA, FUOTA_SESSION_STATE as S } from '@lns/contract/fuota';
import { appTimeCorrection, TS003_PORT, ts003, unixMsToGps } from '@lns/lorawan/applayer/ts003';
import { type Ts004Command, ts004 } from '@lns/lorawan/applayer/ts004';
import { enqueueDownlink } from '../downlink/queue';
import type { Stage } from '../stage';
import { type DeviceRecord, runningTasksOf, setDevices, type TaskRecord } from './tasks';

interface Uplink {
  devEUI: string;
  fPort: number | null;
  payload: Buffer;
}

function decode<T>(codec: { decode(b: Buffer, dir: 'up'): T[] }, payload: Buffer): T[] {
  try {
    return codec.decode(payload, 'up');
  } catch {
    return [];
  }
}

const SETUP_ERRORS = [
  'encodingUnsupported',
  'notEnoughMemory',
  'fragSessionIndexNotSupported',
  'wrongDescriptor',
] as const;

/** What one TS004 answer changes for a device of a running task (nothing when it comes out of turn). */
function applyAnswer(t: TaskRecord, d: DeviceRecord, a: Ts004Command): Partial<DeviceRecord> | undefined {
  if (a.type === 'FragSessionSetupAns' && t.state === S.SEND_FRAG_SESS_SETUP && d.state === D.MC_JOINED) {
    const refused = SETUP_ERRORS.find((bit) => a[bit]);
    return refused ? { errorMessage: refused } : { state: D.FRAG_SESSION_SETUP_ANS, attempts: 0, errorMessage: null };
  }
  if (a.type === 'FragSessionStatusAns' && t.state >= S.SEND_FRAG_SESS_STATUS && d.state === D.FRAG_SESSION_SETUP_ANS) {
    return {
      state: D.FRAG_SESS_STATUS_ANS,
      nbFragReceived: a.nbFragReceived,
      nbFragMissing: a.missingFrag,
      errorMessage: a.missingFrag > 0 ? `missing ${a.missingFrag} fragments` : d.errorMessage,
    };
  }
  if (
    a.type === 'FragSessionDeleteAns' &&
    t.state === S.SEND_FRAG_SESS_DEL &&
    (d.state === D.FRAG_SESSION_SETUP_ANS || d.state === D.FRAG_SESS_STATUS_ANS)
  )
    return { state: D.FRAG_SESS_DEL_ANS };
  return undefined;
}

/**
 * After a batch of uplinks was accepted: TS004 answers of devices in a running FUOTA task (FPort
 * 201) and TS003 clock requests (FPort 202). Other uplinks cost nothing here.
 */
export async function fuotaUplinks(dp: Stage, ups: Uplink[]): Promise<void> {
  const fragAnswers = ups.filter((u) => u.fPort === FUOTA.port && u.payload.length > 0);
  const clockRequests = ups.filter((u) => u.fPort === TS003_PORT && u.payload.length > 0);
  for (const u of clockRequests) await answerClock(dp, u);
  if (fragAnswers.length === 0) return;
  const running = await runningTasksOf(
    dp.db,
    fragAnswers.map((u) => u.devEUI),
  );
  for (const { task, device } of running) {
    const up = fragAnswers.find((u) => u.devEUI === device.devEui)!;
    for (const a of decode(ts004, up.payload)) {
      const change = applyAnswer(task, device, a);
      if (change) await setDevices(dp.db, task.fdId, [device.devEui], change);
    }
  }
}

/** TS003: AppTimeReq gets the correction when it is not 0 or the device asks for an answer. */
async function answerClock(dp: Stage, u: Uplink): Promise<void> {
  const now = Date.now();
  for (const req of decode(ts003, u.payload)) {
    if (req.type !== 'AppTimeReq') continue;
    const correction = appTimeCorrection(req.deviceTime, unixMsToGps(now));
    if (correction === 0 && !req.ansRequired) continue;
    const answer = ts003.encode({ type: 'AppTimeAns', timeCorrection: correction, tokenAns: req.tokenReq });
    await enqueueDownlink(dp, { devEUI: u.devEUI, fPort: TS003_PORT, data: answer.toString('hex'), confirmed: false });
  }
}
