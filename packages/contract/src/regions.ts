/**
 * Regions and their subnets (channel plans) as the API shows them (endpoints in api/regions.ts).
 * The catalogue itself lives in packages/lorawan (regions.ts); the server maps it to these
 * shapes. Only colours are stored.
 */
import { z } from 'zod';
import type { Args } from './endpoint';
import { hexColor } from './gateway-types';
import { text } from './input';
import { V } from './validation';

export const regionId = text()
  .trim()
  .min(1, V.regionEmpty)
  .max(16)
  .transform((s) => s.toLowerCase());
export const subnetId = text().trim().min(1, V.subnetEmpty).max(32);

export const subnetSummary = z.object({
  subnet: z.string(),
  name: z.string(),
  /** Uplink channel count. */
  channels: z.number().int(),
});

export const regionSummary = z.object({
  region: z.string(),
  name: z.string(),
  color: z.string(),
  plan: z.enum(['dynamic', 'fixed']),
  subnets: z.array(subnetSummary),
  /** When the colour row was created / last changed. */
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type RegionSummary = z.infer<typeof regionSummary>;

export const regionColor = z.object({ region: z.string(), color: z.string() });
export type RegionColor = z.infer<typeof regionColor>;
export const bandUpdateBody = z.object({ region: regionId, color: hexColor });
export type BandUpdateBody = Args<typeof bandUpdateBody>;

export const subnetsOfRegion = z.object({ region: z.string(), subnets: z.array(subnetSummary) });

export const regionInfoQuery = z.object({ region: regionId });

const dataRate = z.object({
  dr: z.number().int(),
  modulation: z.enum(['LORA', 'FSK']),
  sf: z.number().int().optional(),
  /** kHz */
  bw: z.number().optional(),
  /** bit/s */
  bitrate: z.number(),
  maxPayload: z.object({ m: z.number().int(), n: z.number().int() }),
  uplink: z.boolean(),
  downlink: z.boolean(),
});

const channel = z.object({
  index: z.number().int(),
  /** Hz */
  frequency: z.number().int(),
  minDr: z.number().int(),
  maxDr: z.number().int(),
  /** RX1 downlink frequency (Hz) for an uplink on this channel. */
  rx1Frequency: z.number().int(),
});

const cfList = z
  .union([
    z.object({ type: z.literal(0), frequencies: z.array(z.number().int()) }),
    z.object({ type: z.literal(1), chMasks: z.array(z.number().int()) }),
  ])
  .nullable();

export const regionDetail = regionSummary.omit({ subnets: true }).extend({
  dataRates: z.array(dataRate),
  /** rx1DrTable[upDr][offset] → downlink DR (-1 where undefined). */
  rx1DrTable: z.array(z.array(z.number().int())),
  rx2: z.object({ frequency: z.number().int(), dr: z.number().int() }),
  defaultTxPower: z.number(),
  txPowers: z.array(z.number()),
  receiveDelay1: z.number(),
  joinAcceptDelay1: z.number(),
  subnets: z.array(
    z.object({
      subnet: z.string(),
      name: z.string(),
      uplinkChannels: z.array(channel),
      cfList,
    }),
  ),
});
export type RegionDetail = z.infer<typeof regionDetail>;
