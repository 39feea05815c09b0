import type { EndpointDef } from '../endpoint';
import { applicationApi } from './applications';

/** Every HTTP endpoint of the API, by area. Add an area's declarations here. */
export const API = {
  application: applicationApi,
} satisfies Record<string, Record<string, EndpointDef>>;

export const ENDPOINTS: readonly EndpointDef[] = Object.values(API).flatMap((area) => Object.values(area));
