import { endpoint } from '../endpoint';
import { envelopeOf } from '../envelope';
import { licenseStatus, licenseUpdateBody, PLATFORM_TOKEN_HEADER, usageReport } from '../license';

const tags = ['platform'] as const;

/** The platform license and token (docs/protocols/license.md, docs/product/platform.md). */
export const licenseApi = {
  status: endpoint({
    method: 'GET',
    path: '/api/platform/license',
    access: 'admin',
    tags,
    summary:
      'What the license allows (mode, state, licensee, NetID, quotas, expiry), the usage, whether a token is set',
    response: envelopeOf(licenseStatus),
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/platform/license/update',
    access: 'admin',
    tags,
    summary:
      'Install a license and set the token; 13001 when the license is not signed by LICENSE_PUBLIC_KEY, is for another NetID or no key is configured, 13002 when it has expired; nothing is stored on a refusal',
    body: licenseUpdateBody,
    response: envelopeOf(licenseStatus),
  }),
  usage: endpoint({
    method: 'GET',
    path: '/api/platform/usage',
    access: 'public',
    tags,
    summary: `Usage against the license for the token holder (header ${PLATFORM_TOKEN_HEADER}, no user account); 1003 without the header, 1004 for a wrong token or none set`,
    response: envelopeOf(usageReport),
  }),
};
