import type { EndpointDef } from '../endpoint';
import { applicationApi } from './applications';
import { deviceDataApi } from './device-data';
import { deviceTagApi } from './device-tags';
import { deviceApi } from './devices';
import { downlinkApi } from './downlinks';

/** Every HTTP endpoint of the API, by area. Add an area's declarations here. */
export const API = {
  application: applicationApi,
  device: deviceApi,
  deviceTag: deviceTagApi,
  deviceData: deviceDataApi,
  downlink: downlinkApi,
} satisfies Record<string, Record<string, EndpointDef>>;

export const ENDPOINTS: readonly EndpointDef[] = Object.values(API).flatMap((area) => Object.values(area));
