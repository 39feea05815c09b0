import { z } from 'zod';
import { endpoint } from '../endpoint';
import { envelopeOf } from '../envelope';
import { usageDailyQuery, usageDay, usageSummary } from '../usage';

const tags = ['platform'] as const;

/** The power meter (usage.ts): the platform's usage now and day by day. Admins only. */
export const usageApi = {
  summary: endpoint({
    method: 'GET',
    path: '/api/powermeter/summary',
    access: 'admin',
    tags,
    summary: "The platform now: entity counts, today's traffic, database and file store size",
    response: envelopeOf(usageSummary),
  }),
  daily: endpoint({
    method: 'GET',
    path: '/api/powermeter/daily',
    access: 'admin',
    tags,
    summary: 'Traffic, devices, gateways and storage per UTC day, oldest first',
    query: usageDailyQuery,
    response: envelopeOf(z.array(usageDay)),
  }),
};
