import { RELAY_RESULT } from '@lns/contract/relay-api';
import type { LadtpData, Rhf3m485Message } from '@lns/lorawan/relay/rhf3m485';
import { RHF3M485_PORT } from '@lns/lorawan/relay/rhf3m485';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { relayPayloads } from '../db/schema/relay';
import { dropExpired, takePart } from './parts';
import type { RequestRecord } from './requests';
import { saveStatus, updateDevice } from './status';
import type { Step } from './steps';

/** An RS485 frame the ladtp read off its bus, whole: a payload row (readAt from its timestamp). */
async function savePayloadUp(db: Db, devEUI: string, d: LadtpData, parts: number, now: number) {
  await db.insert(relayPayloads).values({
    devEui: devEUI,
    direction: 'up',
    fPort: RHF3M485_PORT,
    data: d.data,
    parts,
    readAt: d.timestamp === null ? null : d.timestamp * 1000,
    createdAt: now,
  });
}

/** What a ladtp sends on its own: heartbeats and RS485 data (whole, or a piece of a frame). */
export async function ladtpReport(
  db: Db,
  log: FastifyBaseLogger,
  devEUI: string,
  m: Rhf3m485Message,
  now: number,
): Promise<void> {
  if (m.type === 'Heartbeat') return saveStatus(db, devEUI, m, now);
  if (m.type === 'DataUp') return savePayloadUp(db, devEUI, m, 1, now);
  if (m.type !== 'DataPartUp') return;
  for (const e of await dropExpired(db, devEUI, now))
    log.warn({ devEUI, frameId: e.frameId, missing: e.missing }, 'ladtp frame incomplete after 60 minutes: dropped');
  const whole = await takePart(db, devEUI, m, now);
  if (whole) await savePayloadUp(db, devEUI, whole.data, whole.parts, now);
}

/** An answer of the ladtp to request `r`. ConfigSetAns carries what the device runs, also when it refused. */
export async function ladtpAnswer(db: Db, r: RequestRecord, m: Rhf3m485Message, now: number): Promise<Step> {
  if (m.type === 'ConfigSetAns' || m.type === 'ConfigGetAns') {
    if (m.result === RELAY_RESULT.DONE || m.type === 'ConfigSetAns')
      await updateDevice(db, r.devEui, { config: m.config, config_at: now }, now);
  }
  if (!('result' in m)) return { state: 'refused', result: RELAY_RESULT.UNKNOWN_TYPE };
  if (m.result !== RELAY_RESULT.DONE) return { state: 'refused', result: m.result };
  if (m.type === 'StatusAns') await saveStatus(db, r.devEui, m.status, now);
  return { state: 'done', result: RELAY_RESULT.DONE };
}
