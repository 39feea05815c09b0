/**
 * MQTT DownlinkFrame (docs/protocols/gateway-mqtt.md) to the Semtech UDP txpk the packet
 * forwarder sends, and its TX_ACK back to a DownlinkTxAck status.
 */
import { modulation, TX_ACK_STATUSES } from '@lns/contract/gateway-mqtt';
import type { Txpk } from '@lns/semtech-udp/packets';
import { z } from 'zod';

/** A protobuf Duration in its JSON form: "0s", "1.500s". */
const duration = z.string().regex(/^\d{1,12}(\.\d{1,9})?s$/);
const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/);

const timing = z.union([
  z.object({ immediately: z.object({}) }),
  z.object({ delay: z.object({ delay: duration }) }),
  z.object({ gpsEpoch: z.object({ timeSinceGpsEpoch: duration }) }),
]);

export const downlinkFrame = z.object({
  downlinkId: z.number().int().min(0).max(0xffffffff),
  gatewayId: z.string().optional(),
  items: z
    .array(
      z.object({
        phyPayload: base64.min(1),
        txInfo: z.object({
          frequency: z.number().int().positive(),
          power: z.number().int(),
          modulation,
          timing,
          context: base64.optional(),
        }),
      }),
    )
    .min(1)
    .max(8),
});
export type DownlinkFrameMsg = z.infer<typeof downlinkFrame>;
export type DownlinkItem = DownlinkFrameMsg['items'][number];
export type TxAckStatus = (typeof TX_ACK_STATUSES)[number];

export const seconds = (d: string) => Number(d.slice(0, -1));

/** "CR_4_5" to "4/5", "CR_LI_4_8" to "4/8LI"; LoRa's usual 4/5 when absent. */
export function codr(codeRate: string | undefined): string {
  const m = codeRate ? /^CR_(LI_)?4_([5-8])$/.exec(codeRate) : null;
  return m ? `4/${m[2]}${m[1] ? 'LI' : ''}` : '4/5';
}

/** The txpk for one item, or why it cannot be sent. */
export function txpkOf(item: DownlinkItem): Txpk | string {
  const { txInfo } = item;
  const data = Buffer.from(item.phyPayload, 'base64');
  const txpk: Txpk = {
    freq: txInfo.frequency / 1_000_000,
    rfch: 0,
    powe: txInfo.power,
    modu: 'LORA',
    datr: '',
    ipol: false,
    size: data.length,
    data: item.phyPayload,
  };
  const { lora, fsk } = txInfo.modulation;
  if (lora) {
    txpk.datr = `SF${lora.spreadingFactor}BW${lora.bandwidth / 1000}`;
    txpk.codr = codr(lora.codeRate);
    txpk.ipol = lora.polarizationInversion ?? false;
  } else if (fsk) {
    Object.assign(txpk, { modu: 'FSK', datr: fsk.datarate, fdev: fsk.frequencyDeviation ?? fsk.datarate / 2 });
  } else return 'modulation has neither lora nor fsk';

  const t = txInfo.timing;
  if ('immediately' in t) txpk.imme = true;
  else if ('gpsEpoch' in t) txpk.tmms = Math.round(seconds(t.gpsEpoch.timeSinceGpsEpoch) * 1000);
  else {
    const ctx = txInfo.context ? Buffer.from(txInfo.context, 'base64') : null;
    if (!ctx || ctx.length < 4) return 'delay timing without a 4-byte context';
    // The counter wraps at 2^32 µs (about 71 minutes); so does the forwarder's.
    txpk.tmst = (ctx.readUInt32BE(0) + Math.round(seconds(t.delay.delay) * 1_000_000)) >>> 0;
  }
  return txpk;
}

/** The forwarder's TX_ACK error ("NONE" on success) as a TxAckStatus. */
export function ackStatus(error: string): TxAckStatus {
  if (error === 'NONE' || error === '') return 'OK';
  return (TX_ACK_STATUSES as readonly string[]).includes(error) ? (error as TxAckStatus) : 'INTERNAL_ERROR';
}
