import { z } from 'zod';
import { endpoint, okEnvelope } from '../endpoint';
import { envelopeOf, listEnvelopeOf } from '../envelope';
import { fileDigestParams } from '../files';
import {
  globalConfBody,
  globalConfIdBody,
  globalConfListQuery,
  globalConfRow,
  globalConfUpdateBody,
  pfConfDownloadQuery,
  pfConfEnabled,
  pfConfGatewayBody,
  pfConfGatewayQuery,
  pfConfListQuery,
  pfConfPushResult,
  pfConfRow,
  pfConfSigned,
  txLutBody,
  txLutIdBody,
  txLutListQuery,
  txLutRow,
  txLutUpdateBody,
} from '../frequency-plans';

const tags = ['frequency plans'] as const;

/** Packet-forwarder global configurations, one per region/subnet (admins). */
export const globalConfApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/globalconf/list',
    access: 'admin',
    tags,
    summary: 'Global configurations (global_conf.json) per region/subnet',
    query: globalConfListQuery,
    response: listEnvelopeOf(globalConfRow),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/globalconf/create',
    access: 'admin',
    tags,
    summary:
      'Add the global configuration of a region/subnet from a stored JSON file; 11002 when the region/subnet has one, 11003 when the file is not a packet-forwarder configuration (SX130x_conf or SX1301_conf), 1017 for a subnet the region lacks',
    body: globalConfBody,
    response: envelopeOf(z.object({ globalConfID: z.number() })),
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/globalconf/update',
    access: 'admin',
    tags,
    summary:
      'Change a global configuration; 11001 missing, 11002 region/subnet taken, 11003 not a configuration; its agent gateways become out of date',
    body: globalConfUpdateBody,
    response: okEnvelope,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/globalconf/delete',
    access: 'admin',
    tags,
    summary: 'Delete a global configuration (11001 missing); its gateways have no configuration then',
    body: globalConfIdBody,
    response: okEnvelope,
  }),
};

/** Tx lookup tables, one per gateway type and region (admins). */
export const txLutApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/txlut/list',
    access: 'admin',
    tags,
    summary: 'Tx lookup tables per gateway type and region',
    query: txLutListQuery,
    response: listEnvelopeOf(txLutRow),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/txlut/create',
    access: 'admin',
    tags,
    summary:
      'Add the tx LUT of a gateway type and region from a stored JSON file; 10002 when taken, 10003 when the file is not a table of tx gain entries, 7001 unknown type',
    body: txLutBody,
    response: envelopeOf(z.object({ txLutID: z.number() })),
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/txlut/update',
    access: 'admin',
    tags,
    summary: 'Change a tx LUT; 10001 missing, 10002 taken, 10003 not a table; its agent gateways become out of date',
    body: txLutUpdateBody,
    response: okEnvelope,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/txlut/delete',
    access: 'admin',
    tags,
    summary: 'Delete a tx LUT (10001 missing)',
    body: txLutIdBody,
    response: okEnvelope,
  }),
};

/** The effective packet-forwarder configuration of each gateway and its push to the agent. */
export const pfConfApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/pfconf/list',
    access: 'admin',
    tags,
    summary: 'Per gateway: where its configuration comes from and whether its agent runs it',
    query: pfConfListQuery,
    response: listEnvelopeOf(pfConfRow),
  }),
  sign: endpoint({
    method: 'GET',
    path: '/api/pfconf/sign',
    access: 'admin',
    tags,
    summary:
      'A signed address (valid an hour) of the gateway’s effective configuration, for its agent or to install by hand; 5001, 9001 without a global configuration, 9003 when it cannot be built',
    query: pfConfGatewayQuery,
    response: envelopeOf(pfConfSigned),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/pfconf/create',
    access: 'admin',
    tags,
    summary:
      'Push the effective configuration to the gateway’s agent and wait for it to be applied; 9001 none, 9002 runs it already (force to push anyway), 9003 no agent, 9004 the agent failed (its reason), 12003 offline, 12008 busy, 12101 no answer',
    body: pfConfGatewayBody,
    response: envelopeOf(pfConfPushResult),
  }),
  enabled: endpoint({
    method: 'GET',
    path: '/api/pfconf/enabled',
    access: 'admin',
    tags,
    summary: 'Whether configurations can be pushed to agents here (the MQTT gateway link is on)',
    response: envelopeOf(pfConfEnabled),
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/pfconf/file/:digest',
    access: 'public',
    tags,
    summary:
      'The effective configuration by the signed address /api/pfconf/sign answered (gw, exp, sig: HMAC-SHA256); 1004 for a bad or expired signature, 9001 when the configuration changed since',
    params: fileDigestParams,
    query: pfConfDownloadQuery,
    response: 'file',
  }),
};
