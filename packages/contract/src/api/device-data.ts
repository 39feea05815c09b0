import { appMessageRow, deviceDataInfoQuery, deviceHistoryQuery, deviceLorawanHistoryQuery } from '../dataplane';
import { endpoint } from '../endpoint';
import { envelopeOf, listEnvelopeOf } from '../envelope';
import { protocolFrame } from '../frames';

const tags = ['device data'] as const;

/** Stored history of a device: application-layer messages and protocol-layer frames. */
export const deviceDataApi = {
  history: endpoint({
    method: 'GET',
    path: '/api/device/history',
    access: 'user',
    tags,
    summary: 'Application messages (decrypted uplinks and joins) of a device, paged, newest first by default',
    query: deviceHistoryQuery,
    response: listEnvelopeOf(appMessageRow),
  }),
  info: endpoint({
    method: 'GET',
    path: '/api/device/datainfo',
    access: 'user',
    tags,
    summary: 'One application message',
    query: deviceDataInfoQuery,
    response: envelopeOf(appMessageRow),
  }),
  lorawanHistory: endpoint({
    method: 'GET',
    path: '/api/device/lorawan/history',
    access: 'user',
    tags,
    summary: 'Protocol-layer frames (up and down) of a device, filtered by message types and direction',
    query: deviceLorawanHistoryQuery,
    response: listEnvelopeOf(protocolFrame),
  }),
  lorawanInfo: endpoint({
    method: 'GET',
    path: '/api/device/lorawan/datainfo',
    access: 'user',
    tags,
    summary: 'One protocol-layer frame',
    query: deviceDataInfoQuery,
    response: envelopeOf(protocolFrame),
  }),
};
