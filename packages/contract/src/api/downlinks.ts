import { downlinkCreateBody, downlinkHistoryQuery } from '../dataplane';
import { endpoint } from '../endpoint';
import { envelopeOf, listEnvelopeOf } from '../envelope';
import { downlinkRecord } from '../frames';

const tags = ['downlinks'] as const;

export const downlinkApi = {
  create: endpoint({
    method: 'POST',
    path: '/api/device/downlink/create',
    access: 'user',
    tags,
    summary:
      'Queue a downlink (data in hex). Class A: sent after the next uplink; class C: at once. Port 1-255, 0 only with macCommands.',
    body: downlinkCreateBody,
    response: envelopeOf(downlinkRecord),
  }),
  history: endpoint({
    method: 'GET',
    path: '/api/device/downlink/history',
    access: 'user',
    tags,
    summary:
      'Downlinks of a device: status 0 enqueued, 1 sent, 2 sent OK / unconfirmed, 3 confirmed, 4 timeout; delivery and ACK',
    query: downlinkHistoryQuery,
    response: listEnvelopeOf(downlinkRecord),
  }),
};
