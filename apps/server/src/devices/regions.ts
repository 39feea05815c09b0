import { C, type Code } from '@lns/contract/codes';
import { getRegion } from '@lns/lorawan/regions';

export interface FieldFailure {
  code: Code;
  field: string;
  reason: string;
}

/** The region must be in the catalogue; a fixed subnet must be one of the region's plans (1017). */
export function checkRegion(region: string, subnet: string | undefined, autoSubnet: boolean): FieldFailure | undefined {
  let plans: readonly { id: string }[];
  try {
    plans = getRegion(region).subnets;
  } catch {
    return { code: C.PARAM_FORMAT, field: 'region', reason: 'unknown region' };
  }
  if (!autoSubnet && subnet && !plans.some((p) => p.id === subnet)) {
    return { code: C.SUBNET_UNSUPPORTED, field: 'subnet', reason: `region ${region} has no subnet ${subnet}` };
  }
  return undefined;
}
