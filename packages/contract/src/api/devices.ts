import { z } from 'zod';
import { batchFailure } from '../applications';
import {
  batchCreateBody,
  devEuiQuery,
  deviceCreateBody,
  deviceDeleteBody,
  deviceDetail,
  deviceListQuery,
  deviceRow,
  deviceUpdateBody,
  deviceUpdatesBody,
  exportBody,
  moveDeviceBody,
  resetFcntBody,
  signalPoint,
  signalQuery,
} from '../devices';
import { endpoint, okEnvelope } from '../endpoint';
import { envelopeOf, listEnvelopeOf } from '../envelope';
import { importReport } from '../imports';
import { BODY_LIMITS } from '../request-limits';

const tags = ['devices'] as const;
/** All or nothing: on refusal (4006) `failed` lists each refused devEUI and nothing is deleted. */
export const deviceDeleteOutcome = z.object({ deleted: z.array(z.string()), failed: z.array(batchFailure) });
/** Batch update and move refuse (4001) with the devEUIs the caller may not touch; nothing is changed. */
export const deviceSelectionRefusal = z.object({ failed: z.array(batchFailure) });

export const deviceApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/device/list',
    access: 'user',
    tags,
    summary: 'Devices of an application (or all visible), filtered by regions and tags (any of), paged',
    query: deviceListQuery,
    response: listEnvelopeOf(deviceRow),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/device/create',
    access: 'user',
    tags,
    summary: 'Create a device (OTAA needs appKey; ABP needs devAddr, appSKey, nwkSKey)',
    body: deviceCreateBody,
    response: envelopeOf(z.object({ devEUI: z.string() })),
  }),
  batchCreate: endpoint({
    method: 'POST',
    path: '/api/device/batch-create',
    access: 'user',
    tags,
    summary:
      'Create up to 20,000 devices: all rows are written or none; the report lists every row with all its problems (dryRun: check only)',
    body: batchCreateBody,
    bodyLimit: BODY_LIMITS.deviceBatch,
    response: envelopeOf(importReport),
    refusal: importReport,
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/device/update',
    access: 'user',
    tags,
    summary: 'Update a device by devEUI (frame counters only when given; moving it is a separate call)',
    body: deviceUpdateBody,
    response: okEnvelope,
  }),
  status: endpoint({
    method: 'GET',
    path: '/api/device/status',
    access: 'user',
    tags,
    summary: 'Device detail: fields, keys, counters and last radio status',
    query: devEuiQuery,
    response: envelopeOf(deviceDetail),
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/device/delete',
    access: 'user',
    tags,
    summary: 'Delete devices: all or nothing (4006 lists the refused devEUIs)',
    body: deviceDeleteBody,
    bodyLimit: BODY_LIMITS.deviceSelection,
    response: envelopeOf(deviceDeleteOutcome),
    refusal: deviceDeleteOutcome,
  }),
  resetFcnt: endpoint({
    method: 'POST',
    path: '/api/device/reset-fcnt',
    access: 'user',
    tags,
    summary: "Set a device's uplink and downlink frame counters",
    body: resetFcntBody,
    response: okEnvelope,
  }),
  updateMany: endpoint({
    method: 'POST',
    path: '/api/device/updates',
    access: 'user',
    tags,
    summary: 'Set the tags and/or remarks of devices of one application (all or nothing)',
    body: deviceUpdatesBody,
    bodyLimit: BODY_LIMITS.deviceSelection,
    response: envelopeOf(z.object({ updated: z.number().int() })),
    refusal: deviceSelectionRefusal,
  }),
  move: endpoint({
    method: 'POST',
    path: '/api/device/moveDevice',
    access: 'user',
    tags,
    summary: "Move devices to another application; both must be the caller's (admins: any)",
    body: moveDeviceBody,
    bodyLimit: BODY_LIMITS.deviceSelection,
    response: envelopeOf(z.object({ moved: z.number().int() })),
    refusal: deviceSelectionRefusal,
  }),
  export: endpoint({
    method: 'POST',
    path: '/api/device/excel',
    access: 'user',
    tags,
    summary:
      'Export devices to .xlsx: sheet "devices" has the chosen fields, sheet "signal" the RSSI/SNR records in [startTime, endTime]',
    body: exportBody,
    bodyLimit: BODY_LIMITS.deviceSelection,
    response: 'file',
  }),
  signal: endpoint({
    method: 'GET',
    path: '/api/device/signal',
    access: 'user',
    tags,
    summary: 'RSSI and SNR of a device over time (default: the last 24 hours; at most 10,000 points)',
    query: signalQuery,
    response: envelopeOf(z.array(signalPoint)),
  }),
};
