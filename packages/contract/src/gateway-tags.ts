/**
 * Gateway tags: owned like gateways (admins see all). Create sends several names at once with one
 * group name; a name is unique within its owner's group.
 */
import { z } from 'zod';
import type { Args } from './endpoint';
import { id, text } from './input';
import { V } from './validation';

export const TAG_NAME_MAX = 30;
export const TAGS_PER_CREATE_MAX = 50;

export const tagName = text().trim().min(1, V.tagEmpty).max(TAG_NAME_MAX);

export const gatewayTagCreateBody = z.object({
  tags: z
    .array(tagName)
    .min(1, V.tagsEmpty)
    .max(TAGS_PER_CREATE_MAX)
    .refine((a) => new Set(a).size === a.length, V.tagsDuplicate),
  groupName: text().trim().max(TAG_NAME_MAX).default(''),
});
export type GatewayTagCreateBody = Args<typeof gatewayTagCreateBody>;

export const gatewayTagDeleteBody = z.object({
  tagsId: z.array(id()).min(1, V.tagsIdEmpty).max(1000),
});

export const gatewayTag = z.object({
  tagId: z.number().int(),
  name: z.string(),
  groupName: z.string(),
  /** Gateways carrying the tag. */
  gateways: z.number().int(),
  createdAt: z.number(),
  /** Admins only: the owner. */
  ownerID: z.number().int().optional(),
  owner: z.string().optional(),
});
export type GatewayTag = z.infer<typeof gatewayTag>;

/** The list answers `data.tags`, as the console reads it. */
export const gatewayTagList = z.object({ tags: z.array(gatewayTag) });
