import { dashboardApi as api } from '@lns/contract/api/dashboard';
import { trafficHours } from '@lns/contract/dashboard';
import { ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';
import {
  countApplications,
  countDevices,
  countGateways,
  countMulticastGroups,
  devicesByRegion,
  gatewaysByRegion,
} from './queries';
import { trafficPerHour } from './traffic';

export const dashboardRoutes: RouteModule = (app, s) => {
  route(app, api.index, async (req) => {
    const u = req.user;
    const hours = trafficHours(Date.now());
    const [applications, devices, gateways, multicastGroups, traffic, devRegions, gwRegions] = await Promise.all([
      countApplications(s.db, u),
      countDevices(s.db, u),
      countGateways(s.db, u),
      countMulticastGroups(s.db, u),
      trafficPerHour(s.db, u, hours),
      devicesByRegion(s.db, u),
      gatewaysByRegion(s.db, u),
    ]);
    return ok({
      applications,
      devices,
      gateways,
      multicastGroups,
      traffic: { hours, ...traffic },
      devicesByRegion: devRegions,
      gatewaysByRegion: gwRegions,
    });
  });
};
