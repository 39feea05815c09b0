import { useDeviceTags } from '../../features/devices/api';
import { useGatewayTags, useGatewayTypes } from '../../features/gateways/api';
import { useRegions } from '../../lib/catalog';

/**
 * Loads what every area's forms and filters need once, when the layout mounts (regions with
 * colours and subnets, gateway types, gateway tags, device tags). Pages read the
 * same queries from the cache. Lazy, so none of this weighs on the login path.
 */
export default function CatalogPreloader() {
  useRegions();
  useGatewayTypes();
  useGatewayTags();
  useDeviceTags();
  return null;
}
