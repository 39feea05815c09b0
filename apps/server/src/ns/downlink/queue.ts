import { C } from '@lns/contract/codes';
import { DOWNLINK_STATUS, type DownlinkRecord } from '@lns/contract/frames';
import { isHex, normalizeHex } from '@lns/contract/hex';
import { decodeMacCommands } from '@lns/lorawan/mac';
import { getRegion, type Region } from '@lns/lorawan/regions';
import type { AuthUser } from '../../auth/guard';
import { maySee } from '../../db/ownership';
import { downlinks } from '../../db/schema/dataplane';
import { type DeviceRecord, deviceByEui } from '../../devices/repository';
import { DomainError } from '../../errors';
import { newMsgId } from '../ids';
import { downlinkRecordOf } from '../records';
import type { Stage } from '../stage';
import { sendClassC } from './classc';
import { maxAppBytes, windowParams } from './txpk';

export interface DownlinkRequest {
  devEUI: string;
  /** 1..255; 0 only with macCommands. */
  fPort: number;
  /** Hex. With macCommands: downlink MAC commands (CID + payload ...). */
  data: string;
  confirmed: boolean;
  macCommands?: boolean;
}

/**
 * The largest FRMPayload a downlink to this device can carry: the larger of RX1 at its last
 * uplink DR (RX2's DR when it was never heard) and RX2.
 */
export function maxDownlinkBytes(dev: Pick<DeviceRecord, 'region' | 'dr'>): number | undefined {
  let region: Region;
  try {
    region = getRegion(dev.region);
  } catch {
    return undefined;
  }
  const rx2 = maxAppBytes(region, region.rx2.dr);
  if (dev.dr === null) return rx2;
  try {
    const rx1 = windowParams(region, 'rx1', { dr: dev.dr, freqHz: 0 }).dr;
    return Math.max(rx2, maxAppBytes(region, rx1));
  } catch {
    return rx2;
  }
}

/**
 * Queues a downlink for a device (HTTP API, MQTT): validates it, checks that `user` (when given)
 * may see the device, stores it as enqueued and, for a class C device, sends it at once.
 * Throws DomainError (1006/1007 naming the field, 4001 for a device that is missing or not the user's).
 */
export async function enqueueDownlink(dp: Stage, req: DownlinkRequest, user?: AuthUser): Promise<DownlinkRecord> {
  const devEUI = normalizeHex(String(req.devEUI ?? ''));
  if (!isHex(devEUI, 16)) throw new DomainError(C.PARAM_FORMAT, 'DevEUI must be 16 hex digits', 'devEUI');
  const macCommands = req.macCommands === true;
  const fPort = Number(req.fPort);
  if (!Number.isInteger(fPort) || fPort < 0 || fPort > 255 || (fPort === 0 && !macCommands)) {
    throw new DomainError(C.PARAM_FORMAT, 'port must be 1 to 255 (0 only for MAC commands)', 'fport');
  }
  const data = String(req.data ?? '')
    .trim()
    .toLowerCase();
  if (!data) throw new DomainError(C.PARAM_EMPTY, 'data cannot be empty', 'data');
  if (!isHex(data)) throw new DomainError(C.PARAM_FORMAT, 'please enter only hexadecimal characters', 'data');
  if (macCommands) {
    try {
      decodeMacCommands(Buffer.from(data, 'hex'), 'down');
    } catch (err) {
      throw new DomainError(C.PARAM_FORMAT, `not downlink MAC commands: ${(err as Error).message}`, 'data');
    }
  }
  const dev = await deviceByEui(dp.db, devEUI);
  if (!dev || (user && !maySee(user, dev.ownerId))) throw new DomainError(C.DEVICE_MISSING, undefined, 'devEUI');
  const max = maxDownlinkBytes(dev);
  if (max !== undefined && data.length / 2 > max) {
    throw new DomainError(
      C.PARAM_FORMAT,
      `payload is ${data.length / 2} bytes; at most ${max} at this data rate`,
      'data',
    );
  }
  const now = Date.now();
  const [row] = await dp.db
    .insert(downlinks)
    .values({
      msgId: newMsgId(),
      devEui: devEUI,
      createdAt: now,
      updatedAt: now,
      fPort: macCommands ? 0 : fPort,
      data,
      confirmed: req.confirmed === true,
      macCommands,
      status: DOWNLINK_STATUS.ENQUEUED,
      delivery: 'not_sent',
    })
    .returning();
  const record = downlinkRecordOf(row!);
  dp.events.downlinkStatus(record);
  if (dev.class === 'C') {
    void sendClassC(dp, devEUI).catch((err) => dp.log.warn({ err }, 'class C downlink failed'));
  } else if (dev.class === 'B') {
    void dp.classB.schedule(devEUI).catch((err) => dp.log.warn({ err }, 'class B downlink failed'));
  }
  return record;
}
