import { endpoint, okEnvelope } from '../endpoint';
import { envelopeOf } from '../envelope';
import { platformAccount, platformConfig } from '../platform';

const tags = ['platform'] as const;

export const platformApi = {
  config: endpoint({
    method: 'GET',
    path: '/api/platform/config',
    access: 'admin',
    tags,
    summary: 'The history switches, the live-stream switch and the retention period (defaults where never saved)',
    response: envelopeOf(platformConfig),
  }),
  updateConfig: endpoint({
    method: 'POST',
    path: '/api/platform/config/update',
    access: 'admin',
    tags,
    summary:
      'Save every switch and the retention period (1–30 days); applied at once on every instance, live streams closed when switched off',
    body: platformConfig,
    response: okEnvelope,
  }),
  account: endpoint({
    method: 'GET',
    path: '/api/platform/account',
    access: 'admin',
    tags,
    summary: 'The signed-in admin, platform-wide device and gateway counts, and the NetID',
    response: envelopeOf(platformAccount),
  }),
};
