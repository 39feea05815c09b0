import { deviceApi } from '@lns/contract/api/devices';
import { gatewayApi } from '@lns/contract/api/gateways';
import { MAX_PAGE_SIZE } from '@lns/contract/paging';
import { parseChannelPlan } from '@lns/contract/subnet-switch';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { cutoverKeys, type MemberKind } from './api';

export interface Candidate {
  id: string;
  name: string;
  extra: string;
}

/**
 * What could join a task: the gateways or devices on its current plan. The lists filter by
 * region only, so the subnet is matched here (a device with an automatic subnet is never taken).
 */
export async function availableOn(kind: MemberKind, plan: string): Promise<Candidate[]> {
  const { region, subnet } = parseChannelPlan(plan);
  const page = { pageNo: 1, pageSize: MAX_PAGE_SIZE, regions: [region] };
  if (kind === 'gateway') {
    const { rows } = await api.list(gatewayApi.list, { ...page, orderBy: 'gwName', orderType: 'asc' });
    return rows.filter((g) => g.subnet === subnet).map((g) => ({ id: g.gwID, name: g.gwName, extra: g.gwType }));
  }
  const { rows } = await api.list(deviceApi.list, { ...page, orderBy: 'devName', orderType: 'asc' });
  return rows
    .filter((d) => !d.autoSubnet && d.subnet === subnet)
    .map((d) => ({ id: d.devEUI, name: d.devName, extra: d.appName }));
}

export function useAvailable(kind: MemberKind, plan: string) {
  return useQuery({ queryKey: cutoverKeys.available(kind, plan), queryFn: () => availableOn(kind, plan) });
}

/** Candidates whose ID (with or without dashes) or name holds the keyword. */
export function matching(rows: Candidate[], keyword: string): Candidate[] {
  const k = keyword.trim().toLowerCase();
  const hex = k.replace(/[-:\s]/g, '');
  if (!k) return rows;
  return rows.filter((c) => c.name.toLowerCase().includes(k) || (hex !== '' && c.id.includes(hex)));
}
