import { C } from '@lns/contract/codes';
import { PICO } from '@lns/contract/gateways';
import { DomainError } from '../errors';
import { regionById } from '../gateways/regions';

/**
 * Which region/subnet a network-server entry may name (docs/product/network-servers.md):
 * 1011 when the catalogue has no such region or subnet, 1017 when it has it but this server does
 * not serve it: a region outside NS_REGIONS (empty = all), or the pico subnet, whose gateways
 * carry their own server addresses (extendedAttr) rather than follow an entry.
 */
export function checkServable(region: string, subnet: string, served: readonly string[]): void {
  const r = regionById(region);
  if (!r) throw new DomainError(C.SUBNET_MISSING, `unknown region '${region}'`, 'region');
  if (!r.subnets.some((s) => s.id === subnet)) {
    throw new DomainError(C.SUBNET_MISSING, `region ${region} has no subnet '${subnet}'`, 'subnet');
  }
  if (served.length > 0 && !served.includes(region)) {
    throw new DomainError(C.SUBNET_UNSUPPORTED, `this server does not serve region ${region} (NS_REGIONS)`, 'region');
  }
  if (region === PICO.region && subnet === PICO.subnet) {
    throw new DomainError(
      C.SUBNET_UNSUPPORTED,
      'pico gateways carry their own server addresses (extendedAttr)',
      'subnet',
    );
  }
}
