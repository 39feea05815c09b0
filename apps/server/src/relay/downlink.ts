import { C } from '@lns/contract/codes';
import type { LadtpConfig } from '@lns/contract/relay';
import type { RelayDownlinkBody } from '@lns/contract/relay-api';
import { splitFrame } from '@lns/lorawan/relay/reassembly';
import { encodeDataBody, encodeRhf3m485, RHF3M485_PORT } from '@lns/lorawan/relay/rhf3m485';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { relayPayloads } from '../db/schema/relay';
import type { DeviceRecord } from '../devices/repository';
import { DomainError } from '../errors';
import { enqueueDownlink, maxDownlinkBytes } from '../ns/downlink/queue';
import type { Stage } from '../ns/stage';
import { PRODUCT } from './protocol';
import { relayStateOf } from './views';

type Body = { fPort?: number; data: string; confirmed: boolean };

/** The ladtp's next DataPartDown frameId (counted up per device mod 256). */
async function takeFrameId(dp: Pick<Stage, 'db'>, devEUI: string): Promise<number> {
  const rows = rowsOf(
    await dp.db.execute(sql`
      INSERT INTO relay_devices (dev_eui, next_frame_id, updated_at) VALUES (${devEUI}, 1, ${Date.now()})
      ON CONFLICT (dev_eui) DO UPDATE SET next_frame_id = (relay_devices.next_frame_id + 1) % 256
      RETURNING next_frame_id`),
  );
  return (Number(rows[0]!.next_frame_id) + 255) % 256;
}

/**
 * RS485 data for a ladtp: one DataDown when it fits the device's current downlink payload, else
 * DataPartDowns of (max − 5) bytes when sub-packets are on in the configuration it confirmed
 * (docs/protocols/rhf3m485.md, "Sub-packets"); 15001 when they are off.
 */
async function ladtpFrames(dp: Stage, dev: DeviceRecord, data: string): Promise<string[]> {
  const whole = encodeRhf3m485({ type: 'DataDown', timestamp: null, data });
  const max = maxDownlinkBytes(dev) ?? whole.length;
  if (whole.length <= max) return [whole.toString('hex')];
  const config = (await relayStateOf(dp.db, dev.devEui))?.config as LadtpConfig | null | undefined;
  if (!config?.isSubPacket)
    throw new DomainError(
      C.NO_SUBPACKAGE,
      `${whole.length} bytes do not fit one downlink (${max}) and sub-packets are off`,
      'data',
    );
  let parts: ReturnType<typeof splitFrame>;
  try {
    parts = splitFrame(encodeDataBody({ timestamp: null, data }), max, await takeFrameId(dp, dev.devEui));
  } catch (err) {
    throw new DomainError(C.PARAM_FORMAT, (err as Error).message, 'data');
  }
  return parts.map((p) => encodeRhf3m485({ type: 'DataPartDown', ...p }).toString('hex'));
}

/** Downlink create: a relay's application data on fPort, or RS485 data for a ladtp; kept as a payload row. */
export async function relayDownlink(dp: Stage, dev: DeviceRecord, body: Body | RelayDownlinkBody) {
  const b = body as Body;
  let fPort: number;
  let frames: string[];
  if (dev.productType === PRODUCT.RELAY) {
    if (b.fPort === undefined) throw new DomainError(C.PARAM_EMPTY, 'a relay downlink needs its fPort', 'fPort');
    fPort = b.fPort;
    frames = [b.data];
  } else {
    fPort = RHF3M485_PORT;
    frames = await ladtpFrames(dp, dev, b.data);
  }
  const msgIds: string[] = [];
  for (const data of frames)
    msgIds.push((await enqueueDownlink(dp, { devEUI: dev.devEui, fPort, data, confirmed: b.confirmed })).msgID);
  const [row] = await dp.db
    .insert(relayPayloads)
    .values({
      devEui: dev.devEui,
      direction: 'down',
      fPort,
      data: b.data,
      msgIds,
      parts: frames.length,
      createdAt: Date.now(),
    })
    .returning();
  return row!;
}
