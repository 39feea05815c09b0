import { endpoint } from '../endpoint';
import { envelopeOf } from '../envelope';
import { versionInfo, webConfig } from '../system';

const tags = ['system'] as const;

export const systemApi = {
  version: endpoint({
    method: 'GET',
    path: '/api/version',
    access: 'public',
    tags,
    summary: 'Back-end version',
    response: envelopeOf(versionInfo),
  }),
  webConfig: endpoint({
    method: 'GET',
    path: '/api/webConfig',
    access: 'public',
    tags,
    summary: 'Branding and map settings for the console',
    response: envelopeOf(webConfig),
  }),
};
