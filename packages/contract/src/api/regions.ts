import { z } from 'zod';
import { endpoint, okEnvelope } from '../endpoint';
import { envelopeOf } from '../envelope';
import { bandUpdateBody, regionColor, regionDetail, regionInfoQuery, regionSummary, subnetsOfRegion } from '../regions';

const tags = ['regions'] as const;

/** Regions and their channel plans; only the colours can be changed. */
export const regionApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/band/list',
    access: 'user',
    tags,
    summary: 'Regions with their colour and subnets (channel plans)',
    response: envelopeOf(z.array(regionSummary)),
  }),
  colors: endpoint({
    method: 'GET',
    path: '/api/band/color',
    access: 'user',
    tags,
    summary: 'The colour of each region',
    response: envelopeOf(z.array(regionColor)),
  }),
  updateColor: endpoint({
    method: 'POST',
    path: '/api/band/update',
    access: 'admin',
    tags,
    summary: "Change a region's colour",
    body: bandUpdateBody,
    response: okEnvelope,
  }),
  info: endpoint({
    method: 'GET',
    path: '/api/band/info',
    access: 'user',
    tags,
    summary: 'A region in full: data rates, RX1/RX2 rules, tx powers and each subnet with channels and CFList',
    query: regionInfoQuery,
    response: envelopeOf(regionDetail),
  }),
  gatewaySubnets: endpoint({
    method: 'GET',
    path: '/api/subnet/gateway',
    access: 'user',
    tags,
    summary: 'The subnets a gateway may use, per region',
    response: envelopeOf(z.array(subnetsOfRegion)),
  }),
};
