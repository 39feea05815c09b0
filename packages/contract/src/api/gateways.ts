import { z } from 'zod';
import { endpoint, okEnvelope } from '../endpoint';
import { envelopeOf, listEnvelopeOf } from '../envelope';
import { gwArchList } from '../gateway-types';
import {
  GATEWAY_IMPORT_MAX_ROWS,
  gatewayBatchUpdateBody,
  gatewayCreateBody,
  gatewayListQuery,
  gatewayMqttBody,
  gatewayRow,
  gatewayStatusInfo,
  gatewayUpdateBody,
  gwIDQuery,
  gwIDsBody,
  rowErrors,
} from '../gateways';
import { importReport } from '../imports';
import { BODY_LIMITS, IMPORT_LIMITS } from '../request-limits';

const tags = ['gateways'] as const;
const count = envelopeOf(z.object({ count: z.number() }));

export const gatewayApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/gateway/list',
    access: 'user',
    tags,
    summary: 'Gateways, paged and filtered by regions, types, online state and tags (any of them)',
    query: gatewayListQuery,
    response: listEnvelopeOf(gatewayRow),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/gateway/create',
    access: 'user',
    tags,
    summary: 'Add a gateway (pico when region cn470alid, subnet pico-net, type rhf2sp01)',
    body: gatewayCreateBody,
    response: okEnvelope,
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/gateway/update',
    access: 'user',
    tags,
    summary: 'Update a gateway; a pico gateway keeps its region and subnet',
    body: gatewayUpdateBody,
    response: okEnvelope,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/gateway/delete',
    access: 'user',
    tags,
    summary: 'Delete gateways: all or none (5006 with data.errors naming the gateways refused)',
    body: gwIDsBody,
    response: okEnvelope,
    refusal: rowErrors,
  }),
  batchUpdate: endpoint({
    method: 'POST',
    path: '/api/gateway/batchUpdate',
    access: 'user',
    tags,
    summary: 'Change the fields sent on several gateways at once: all or none, per-gateway errors in data.errors',
    body: gatewayBatchUpdateBody,
    response: count,
    refusal: rowErrors,
  }),
  import: endpoint({
    method: 'POST',
    path: '/api/gateway/excel',
    access: 'user',
    tags,
    summary: `Import gateways from an Excel file (multipart field "file", .xlsx or .xls, ≤ ${IMPORT_LIMITS.fileBytes / 1048576} MB, ≤ ${GATEWAY_IMPORT_MAX_ROWS} rows): all rows or none; the report lists every row with all its problems; 6102/6103 when the file is over a limit`,
    multipart: true,
    bodyLimit: BODY_LIMITS.upload,
    response: envelopeOf(importReport),
    refusal: importReport,
  }),
  importCheck: endpoint({
    method: 'POST',
    path: '/api/gateway/excel/check',
    access: 'user',
    tags,
    summary: 'Check an import file as the import would, writing nothing: every row with all its problems',
    multipart: true,
    bodyLimit: BODY_LIMITS.upload,
    response: envelopeOf(importReport),
  }),
  template: endpoint({
    method: 'GET',
    path: '/api/gateway/excel/template',
    access: 'user',
    tags,
    summary: "The import template (.xlsx), headers in the caller's language (Accept-Language)",
    response: 'file',
  }),
  archList: endpoint({
    method: 'GET',
    path: '/api/gateway/listGatewayArch',
    access: 'user',
    tags,
    summary: 'Architectures with the gateway types of each',
    response: envelopeOf(gwArchList),
  }),
  statusInfo: endpoint({
    method: 'GET',
    path: '/api/gateway/status/info',
    access: 'user',
    tags,
    summary: 'One gateway: settings, type, tags, online state and its last reported status',
    query: gwIDQuery,
    response: envelopeOf(gatewayStatusInfo),
  }),
  updateMqtt: endpoint({
    method: 'POST',
    path: '/api/gateway/updatemqtt',
    access: 'user',
    tags,
    summary: "Change a gateway's MQTT keep-alive (5–60 s)",
    body: gatewayMqttBody,
    response: okEnvelope,
  }),
};
