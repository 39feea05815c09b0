import { getSubnet, type Region, type Subnet } from '@lns/lorawan/regions';
import type { DeviceRecord } from '../devices/repository';
import type { Stage } from './stage';

/**
 * The channel plan a device uses: its own subnet; with an automatic subnet, the plan of the
 * gateway that heard it; else the region's first plan. Null when none is a plan of the region.
 * One rule for the join-accept's CFList and the channel mask of ADR requests.
 */
export function devicePlan(
  dp: Pick<Stage, 'gateways'>,
  dev: DeviceRecord,
  region: Region,
  gwId: string,
): Subnet | null {
  const id = dev.subnet ?? dp.gateways.cached(gwId)?.subnet ?? region.subnets[0]?.id;
  try {
    return id ? getSubnet(region, id) : null;
  } catch {
    return null;
  }
}
