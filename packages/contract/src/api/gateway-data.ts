import {
  gatewayDataInfoQuery,
  gatewayHistoryQuery,
  gwConnectionExcelQuery,
  gwConnectionHistoryQuery,
  gwConnectionRow,
  gwStatRow,
  gwStatsExcelQuery,
  gwStatsHistoryQuery,
} from '../dataplane';
import { endpoint } from '../endpoint';
import { envelopeOf, listEnvelopeOf } from '../envelope';
import { gatewayFrame } from '../frames';

const tags = ['gateway data'] as const;

/** Stored history of a gateway: frames it heard or sent, its link transitions and stat reports. */
export const gatewayDataApi = {
  history: endpoint({
    method: 'GET',
    path: '/api/gateway/history',
    access: 'user',
    tags,
    summary: 'Frames a gateway heard (uplink) or sent, known device or not',
    query: gatewayHistoryQuery,
    response: listEnvelopeOf(gatewayFrame),
  }),
  info: endpoint({
    method: 'GET',
    path: '/api/gateway/datainfo',
    access: 'user',
    tags,
    summary: 'One gateway frame',
    query: gatewayDataInfoQuery,
    response: envelopeOf(gatewayFrame),
  }),
  connectionHistory: endpoint({
    method: 'GET',
    path: '/api/gwconnection/history',
    access: 'user',
    tags,
    summary: 'Online/offline transitions of a gateway',
    query: gwConnectionHistoryQuery,
    response: listEnvelopeOf(gwConnectionRow),
  }),
  connectionExcel: endpoint({
    method: 'GET',
    path: '/api/gwconnection/excel',
    access: 'user',
    tags,
    summary: 'Link history of a gateway as .xlsx',
    query: gwConnectionExcelQuery,
    response: 'file',
  }),
  statsHistory: endpoint({
    method: 'GET',
    path: '/api/gwstats/history',
    access: 'user',
    tags,
    summary: 'Stat reports of a gateway (packet forwarder `stat`)',
    query: gwStatsHistoryQuery,
    response: listEnvelopeOf(gwStatRow),
  }),
  statsExcel: endpoint({
    method: 'GET',
    path: '/api/gwstats/excel',
    access: 'user',
    tags,
    summary: 'Stat reports of a gateway as .xlsx',
    query: gwStatsExcelQuery,
    response: 'file',
  }),
};
