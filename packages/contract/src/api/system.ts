import { endpoint } from '../endpoint';
import { envelopeOf } from '../envelope';
import { versionInfo, webConfig } from '../system';
import { systemRoutes } from './system-routes';

const tags = ['system'] as const;

export const systemApi = {
  version: endpoint({
    ...systemRoutes.version,
    access: 'public',
    tags,
    summary: 'Back-end version',
    response: envelopeOf(versionInfo),
  }),
  webConfig: endpoint({
    ...systemRoutes.webConfig,
    access: 'public',
    tags,
    summary: 'Branding and map settings for the console',
    response: envelopeOf(webConfig),
  }),
};
