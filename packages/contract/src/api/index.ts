import type { EndpointDef } from '../endpoint';
import { applicationApi } from './applications';
import { gatewayDataApi } from './gateway-data';
import { gatewayTagApi } from './gateway-tags';
import { gatewayTypeApi } from './gateway-types';
import { gatewayApi } from './gateways';

/** Every HTTP endpoint of the API, by area. Add an area's declarations here. */
export const API = {
  application: applicationApi,
  gateway: gatewayApi,
  gatewayType: gatewayTypeApi,
  gatewayTag: gatewayTagApi,
  gatewayData: gatewayDataApi,
} satisfies Record<string, Record<string, EndpointDef>>;

export const ENDPOINTS: readonly EndpointDef[] = Object.values(API).flatMap((area) => Object.values(area));
