import { z } from 'zod';
import {
  appCreateBody,
  appDeleteBody,
  appDetail,
  appIdBody,
  appIdQuery,
  appListQuery,
  appRow,
  appUpdateBody,
  batchFailure,
} from '../applications';
import { endpoint, okEnvelope } from '../endpoint';
import { envelopeOf, listEnvelopeOf } from '../envelope';
import { mqttPasswordResult } from '../users';

const tags = ['applications'] as const;
/** All or nothing: on refusal `failed` lists each refused id and nothing is deleted. */
const deleteOutcome = z.object({ deleted: z.array(z.number()), failed: z.array(batchFailure) });

export const applicationApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/application/list',
    access: 'user',
    tags,
    summary: 'Applications the caller may see, paged (pageNo 0 + pageSize 0 = all)',
    query: appListQuery,
    response: listEnvelopeOf(appRow),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/application/create',
    access: 'user',
    tags,
    summary: 'Create an application (MQTT credentials are generated)',
    body: appCreateBody,
    response: envelopeOf(z.object({ appID: z.number() })),
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/application/update',
    access: 'user',
    tags,
    summary: 'Update an application (decoder omitted = kept, null = removed)',
    body: appUpdateBody,
    response: okEnvelope,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/application/delete',
    access: 'user',
    tags,
    summary: 'Delete applications and their devices: all or nothing (3003 lists the refused ids)',
    body: appDeleteBody,
    response: envelopeOf(deleteOutcome),
    refusal: deleteOutcome,
  }),
  info: endpoint({
    method: 'GET',
    path: '/api/application/info',
    access: 'user',
    tags,
    summary: 'Application detail with push links and MQTT credentials',
    query: appIdQuery,
    response: envelopeOf(appDetail),
  }),
  regenerateMqtt: endpoint({
    method: 'POST',
    path: '/api/application/mqtt/regenerate',
    access: 'user',
    tags,
    summary: "Replace an application's MQTT password; the old one stops working",
    body: appIdBody,
    response: envelopeOf(mqttPasswordResult),
  }),
};
