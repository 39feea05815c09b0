import { z } from 'zod';
import { endpoint, okEnvelope } from '../endpoint';
import { envelopeOf } from '../envelope';
import { nsCreateBody, nsIdBody, nsRow, nsUpdateBody, ntpInfo, ntpUpdateBody } from '../network-servers';

const tags = ['network servers'] as const;

/** Where the gateways of each region's subnet are pointed (docs/product/network-servers.md). */
export const networkServerApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/ns/list',
    access: 'admin',
    tags,
    summary: 'Network-server entries (nsURL and colour per region and subnet), by region and subnet',
    response: envelopeOf(z.array(nsRow)),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/ns/create',
    access: 'admin',
    tags,
    summary:
      'Point a region’s subnet at a network server address; 1011 unknown region or subnet, 1012 the subnet has an entry, 1017 a subnet this server does not serve',
    body: nsCreateBody,
    response: envelopeOf(z.object({ nsID: z.number() })),
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/ns/update',
    access: 'admin',
    tags,
    summary: 'Change an entry; 1011 when it (or the region or subnet) does not exist, 1012, 1017 as on create',
    body: nsUpdateBody,
    response: okEnvelope,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/ns/delete',
    access: 'admin',
    tags,
    summary: 'Delete an entry; 1011 when it does not exist',
    body: nsIdBody,
    response: okEnvelope,
  }),
};

/** The platform's NTP host: the time server of gateways without their own ntpServer. */
export const ntpApi = {
  info: endpoint({
    method: 'GET',
    path: '/api/ntp/info',
    access: 'admin',
    tags,
    summary: 'The NTP host (empty until set)',
    response: envelopeOf(ntpInfo),
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/ntp/update',
    access: 'admin',
    tags,
    summary:
      'Set the NTP host (a host name or IP address); connected agents of gateways without their own ntpServer are sent it',
    body: ntpUpdateBody,
    response: okEnvelope,
  }),
};
