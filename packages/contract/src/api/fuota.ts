import { z } from 'zod';
import { endpoint, okEnvelope } from '../endpoint';
import { envelopeOf, listEnvelopeOf } from '../envelope';
import {
  fdIDBody,
  fdIDQuery,
  fdIDsBody,
  firmwareListQuery,
  firmwareRow,
  fuotaCreateBody,
  fuotaDeviceRow,
  fuotaDevicesQuery,
  fuotaListQuery,
  fuotaTaskRow,
} from '../fuota';

const tags = ['firmware updates (FUOTA)'] as const;
const batchOutcome = z.object({
  deleted: z.array(z.number().int()),
  failed: z.array(z.object({ fdID: z.number().int(), code: z.number().int(), msg: z.string() })),
});

export const fuotaApi = {
  create: endpoint({
    method: 'POST',
    path: '/api/fuota/create',
    access: 'admin',
    tags,
    summary:
      'Start sending a firmware image to every device of a multicast group (TS004 over the group’s TS005 session); 16001 while the group has a running task',
    body: fuotaCreateBody,
    response: envelopeOf(z.object({ fdID: z.number().int() })),
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/fuota/list',
    access: 'admin',
    tags,
    summary:
      'Transfer tasks with their session state, progress and device counts (also the multicast-group upgrade list)',
    query: fuotaListQuery,
    response: listEnvelopeOf(fuotaTaskRow),
  }),
  info: endpoint({
    method: 'GET',
    path: '/api/fuota/info',
    access: 'admin',
    tags,
    summary: 'One transfer task',
    query: fdIDQuery,
    response: envelopeOf(fuotaTaskRow),
  }),
  devices: endpoint({
    method: 'GET',
    path: '/api/fuota/devices',
    access: 'admin',
    tags,
    summary: 'Devices of transfer tasks with their state (by task, group or device: the device upgrade list)',
    query: fuotaDevicesQuery,
    response: listEnvelopeOf(fuotaDeviceRow),
  }),
  abort: endpoint({
    method: 'POST',
    path: '/api/fuota/abort',
    access: 'admin',
    tags,
    summary:
      'Stop a running task: no more fragments, the devices are told to delete the session (16003 when it has finished)',
    body: fdIDBody,
    response: okEnvelope,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/fuota/delete',
    access: 'admin',
    tags,
    summary: 'Delete finished tasks with their device records; all or none (16002 names running ones)',
    body: fdIDsBody,
    response: envelopeOf(batchOutcome),
    refusal: batchOutcome,
  }),
  firmware: endpoint({
    method: 'GET',
    path: '/api/fuota/firmware/list',
    access: 'admin',
    tags,
    summary: 'Firmware images sent so far, with the tasks and devices each reached',
    query: firmwareListQuery,
    response: listEnvelopeOf(firmwareRow),
  }),
};
