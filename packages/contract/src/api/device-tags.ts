import { z } from 'zod';
import { batchFailure } from '../applications';
import { tagCreateBody, tagDeleteBody, tagListResult } from '../device-tags';
import { endpoint } from '../endpoint';
import { envelopeOf } from '../envelope';

const tags = ['device tags'] as const;
/** All or nothing: on refusal (1007) `failed` lists each unknown tag id and nothing is deleted. */
export const tagDeleteOutcome = z.object({ deleted: z.array(z.number()), failed: z.array(batchFailure) });

export const deviceTagApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/device/tags/list',
    access: 'user',
    tags,
    summary: "Device tags (data.tags): a common user's own, an admin's everyone's; by group, then name",
    response: envelopeOf(tagListResult),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/device/tags/create',
    access: 'user',
    tags,
    summary: 'Create tags in a group (names the caller already has there are kept)',
    body: tagCreateBody,
    response: envelopeOf(tagListResult),
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/device/tags/delete',
    access: 'user',
    tags,
    summary: 'Delete tags and take them off every device (all or nothing; 1007 lists unknown ids)',
    body: tagDeleteBody,
    response: envelopeOf(tagDeleteOutcome),
    refusal: tagDeleteOutcome,
  }),
};
