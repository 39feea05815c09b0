import { dashboard, trafficHours } from '@lns/contract/dashboard';
import { envelopeOf } from '@lns/contract/envelope';
import { ok } from '../envelope';
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
  app.get(
    '/api/index',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Home dashboard: counts, traffic per hour over 24 h, devices and gateways by region (own things)',
        response: { 200: envelopeOf(dashboard) },
      },
    },
    async (req) => {
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
    },
  );
};
