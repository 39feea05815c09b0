import { dashboard } from '../dashboard';
import { endpoint } from '../endpoint';
import { envelopeOf } from '../envelope';

export const dashboardApi = {
  index: endpoint({
    method: 'GET',
    path: '/api/index',
    access: 'user',
    tags: ['dashboard'],
    summary: 'Home dashboard: counts, traffic per hour over 24 h, devices and gateways by region (own things)',
    response: envelopeOf(dashboard),
  }),
};
