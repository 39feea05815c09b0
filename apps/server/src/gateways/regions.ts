import { C } from '@lns/contract/codes';
import { DEFAULT_COLOR } from '@lns/contract/limits';
import type { RegionDetail, RegionSummary } from '@lns/contract/regions';
import { listRegions, type Region } from '@lns/lorawan/regions';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { regionColors } from '../db/schema/gateways';
import { DomainError } from '../errors';

/**
 * The server's view of the Regional Parameters catalogue in packages/lorawan (the one source of
 * regions and channel plans). Only each region's colour is stored, in region_colors.
 */
export const regionById = (id: string): Region | undefined => listRegions().find((r) => r.id === id);

/** 1007 for an unknown region, 1017 for a subnet the region does not have. */
export function checkRegionSubnet(region: string, subnet: string): void {
  const r = regionById(region);
  if (!r) throw new DomainError(C.PARAM_FORMAT, `unknown region '${region}'`, 'region');
  if (!r.subnets.some((s) => s.id === subnet)) {
    throw new DomainError(C.SUBNET_UNSUPPORTED, `region ${region} has no subnet '${subnet}'`, 'subnet');
  }
}

type ColorRow = typeof regionColors.$inferSelect;

async function colorMap(db: Db): Promise<Map<string, ColorRow>> {
  const rows = await db.select().from(regionColors);
  return new Map(rows.map((r) => [r.region, r]));
}

const summaryOf = (r: Region, c: ColorRow | undefined): RegionSummary => ({
  region: r.id,
  name: r.name,
  color: c?.color ?? DEFAULT_COLOR,
  plan: r.plan,
  subnets: r.subnets.map((s) => ({ subnet: s.id, name: s.name, channels: s.uplinkChannels.length })),
  createdAt: c?.createdAt ?? 0,
  updatedAt: c?.updatedAt ?? 0,
});

export async function regionSummaries(db: Db): Promise<RegionSummary[]> {
  const colors = await colorMap(db);
  return listRegions().map((r) => summaryOf(r, colors.get(r.id)));
}

export async function regionDetail(db: Db, id: string): Promise<RegionDetail | undefined> {
  const r = regionById(id);
  if (!r) return undefined;
  const c = (await db.select().from(regionColors).where(eq(regionColors.region, id)))[0];
  const { subnets: _, ...summary } = summaryOf(r, c);
  const rx1 = (f: number) => {
    try {
      return r.rx1Frequency(f);
    } catch {
      return -1;
    }
  };
  return {
    ...summary,
    dataRates: r.dataRates.flatMap((d) =>
      d
        ? [
            {
              dr: d.dr,
              modulation: d.rate.modulation,
              ...(d.rate.modulation === 'LORA' ? { sf: d.rate.sf, bw: d.rate.bw } : {}),
              bitrate: d.rate.bitrate,
              maxPayload: d.maxPayload,
              uplink: d.uplink,
              downlink: d.downlink,
            },
          ]
        : [],
    ),
    rx1DrTable: r.rx1DrTable.map((row) => [...row]),
    rx2: r.rx2,
    defaultTxPower: r.defaultTxPower,
    txPowers: [...r.txPowers],
    receiveDelay1: r.receiveDelay1,
    joinAcceptDelay1: r.joinAcceptDelay1,
    subnets: r.subnets.map((s) => ({
      subnet: s.id,
      name: s.name,
      uplinkChannels: s.uplinkChannels.map((ch) => ({ ...ch, rx1Frequency: rx1(ch.frequency) })),
      cfList:
        s.cfList &&
        (s.cfList.type === 0
          ? { type: 0, frequencies: [...s.cfList.frequencies] }
          : { type: 1, chMasks: [...s.cfList.chMasks] }),
    })),
  };
}

export async function setRegionColor(db: Db, region: string, color: string): Promise<void> {
  const now = Date.now();
  await db
    .insert(regionColors)
    .values({ region, color, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: regionColors.region, set: { color, updatedAt: now } });
}
