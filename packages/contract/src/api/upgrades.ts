import { z } from 'zod';
import { endpoint, okEnvelope } from '../endpoint';
import { envelopeOf, listEnvelopeOf } from '../envelope';
import { fileDigestParams } from '../files';
import { eui64 } from '../hex';
import {
  archVersionBody,
  packageVersionBody,
  pageQuery,
  picoFirmwareBody,
  picoFirmwareRow,
  picoIdBody,
  recordsByGatewayQuery,
  recordsByTaskQuery,
  recordsByVersionQuery,
  sdkBody,
  sdkIdBody,
  sdkRow,
  sdkUpdateBody,
  taskIdBody,
  taskIdQuery,
  upgradeGatewayType,
  upgradeRecord,
  upgradeTask,
  upgradeTaskBody,
  upgradeVersion,
  versionIdBody,
} from '../upgrades';

const tags = ['gateway upgrades'] as const;
const id = envelopeOf(z.object({ id: z.number() }));

const versions = <P extends string, B extends z.ZodType>(prefix: P, what: string, body: B, codes: string) => ({
  listVersion: endpoint({
    method: 'GET',
    path: `/api/${prefix}/listVersion`,
    access: 'admin',
    tags,
    summary: `${what} versions, newest first`,
    query: pageQuery,
    response: listEnvelopeOf(upgradeVersion),
  }),
  createNewVersion: endpoint({
    method: 'POST',
    path: `/api/${prefix}/createNewVersion`,
    access: 'admin',
    tags,
    summary: `Add a ${what} version from a stored file (fileUrl of /api/fileupload); ${codes}`,
    body,
    response: id,
  }),
  deleteVersion: endpoint({
    method: 'POST',
    path: `/api/${prefix}/deleteVersion`,
    access: 'admin',
    tags,
    summary: `Delete a ${what} version; 8101 while a task that is not over uses it`,
    body: versionIdBody,
    response: okEnvelope,
  }),
});

export const debUpgradeApi = versions(
  'debUpgrade',
  'Debian package',
  packageVersionBody,
  '8002 name exists, 1007 unless a .deb file',
);
export const opkgUpgradeApi = versions('opkgUpgrade', 'opkg package', packageVersionBody, '8002 name exists');
export const agentUpgradeApi = versions('agentUpgrade', 'gateway agent', archVersionBody, '8002 name exists');
export const packetForwarderUpgradeApi = versions(
  'packetForwarderUpgrade',
  'packet forwarder',
  archVersionBody,
  '9002 name exists',
);

export const upgradeTaskApi = {
  listGatewayType: endpoint({
    method: 'GET',
    path: '/api/upgradeTask/listGatewayType',
    access: 'admin',
    tags,
    summary: 'Gateway types a task may target, with their arch and gateway count',
    response: envelopeOf(z.array(upgradeGatewayType)),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/upgradeTask/create',
    access: 'admin',
    tags,
    summary:
      'Upgrade the gateways of these types (of the version’s arch for agent and packet forwarder), at most maxLimit at once; 16001 when the name exists, 8001/9001 without the version',
    body: upgradeTaskBody,
    response: envelopeOf(z.object({ taskId: z.number() })),
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/upgradeTask/list',
    access: 'admin',
    tags,
    summary: 'Upgrade tasks with their gateways counted by state, newest first',
    query: pageQuery,
    response: listEnvelopeOf(upgradeTask),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/upgradeTask/detail',
    access: 'admin',
    tags,
    summary: 'One upgrade task',
    query: taskIdQuery,
    response: envelopeOf(upgradeTask),
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/upgradeTask/delete',
    access: 'admin',
    tags,
    summary: 'Delete a task and its records; upgrades already sent to gateways finish there unrecorded',
    body: taskIdBody,
    response: okEnvelope,
  }),
};

export const upgradeRecordApi = {
  listByVersionId: endpoint({
    method: 'GET',
    path: '/api/upgradeRecord/listByVersionId',
    access: 'admin',
    tags,
    summary: 'Upgrade records of a version, newest first',
    query: recordsByVersionQuery,
    response: listEnvelopeOf(upgradeRecord),
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/upgradeRecord/list',
    access: 'admin',
    tags,
    summary: 'Upgrade records, of one gateway with gatewayId, newest first',
    query: recordsByGatewayQuery,
    response: listEnvelopeOf(upgradeRecord),
  }),
  listByTaskId: endpoint({
    method: 'GET',
    path: '/api/upgradeRecord/listByTaskId',
    access: 'admin',
    tags,
    summary: 'The records of one task, a gateway each',
    query: recordsByTaskQuery,
    response: listEnvelopeOf(upgradeRecord),
  }),
};

export const gwSdkApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/gwsdk/list',
    access: 'admin',
    tags,
    summary: 'SDK versions for pico gateways',
    query: pageQuery,
    response: listEnvelopeOf(sdkRow),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/gwsdk/create',
    access: 'admin',
    tags,
    summary: 'Add an SDK version from a stored file; 8002 when the version exists',
    body: sdkBody,
    response: envelopeOf(z.object({ sdkID: z.number() })),
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/gwsdk/update',
    access: 'admin',
    tags,
    summary: 'Change an SDK version; 8001 missing, 8002 version exists',
    body: sdkUpdateBody,
    response: okEnvelope,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/gwsdk/delete',
    access: 'admin',
    tags,
    summary: 'Delete an SDK version',
    body: sdkIdBody,
    response: okEnvelope,
  }),
};

export const picoFirmwareApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/picoFirmware/list',
    access: 'admin',
    tags,
    summary: 'Pico gateway firmware by gateway type',
    query: pageQuery,
    response: listEnvelopeOf(picoFirmwareRow),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/picoFirmware/create',
    access: 'admin',
    tags,
    summary:
      'Add pico firmware for a gateway type from a stored file; 7001 without the type, 8002 when the version exists',
    body: picoFirmwareBody,
    response: id,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/picoFirmware/delete',
    access: 'admin',
    tags,
    summary: 'Delete pico firmware',
    body: picoIdBody,
    response: okEnvelope,
  }),
};

/** What a gateway's agent downloads a package with: signed by the server, for that gateway, until `exp`. */
export const packageDownloadQuery = z.object({
  gw: eui64,
  exp: z.coerce.number().int().min(0),
  sig: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

export const gatewayPackageApi = {
  download: endpoint({
    method: 'GET',
    path: '/api/gateway/package/:digest',
    access: 'public',
    tags,
    summary:
      'A package for a gateway’s agent, by the signed address an upgrade request carries (gw, exp, sig: HMAC-SHA256); Range requests are answered in part; 1004 for a bad or expired signature',
    params: fileDigestParams,
    query: packageDownloadQuery,
    response: 'file',
  }),
};
