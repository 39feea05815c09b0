import { z } from 'zod';
import type { Args } from './endpoint';
import { id, text } from './input';
import { V } from './validation';

/** Our limits: tag names up to 30 characters, group names up to 64. */
export const TAG_NAME_MAX = 30;
export const TAG_GROUP_MAX = 64;

const tagName = text().trim().min(1, V.tagEmpty).max(TAG_NAME_MAX);

/** Creates the named tags in one group; names the caller already has in that group are kept. */
export const tagCreateBody = z.object({
  tags: z.array(tagName).min(1).max(100),
  groupName: text().trim().min(1, V.groupNameEmpty).max(TAG_GROUP_MAX),
});
export type TagCreateBody = Args<typeof tagCreateBody>;

/** Deleting tags also removes them from every device carrying them. */
export const tagDeleteBody = z.object({ tagsId: z.array(id()).min(1).max(1000) });

export const tagItem = z.object({
  tagId: z.number().int(),
  name: z.string(),
  groupName: z.string(),
  /** Devices carrying the tag (within what the caller may see). */
  deviceNums: z.number().int(),
  createtime: z.number(),
});
export type TagItem = z.infer<typeof tagItem>;

/** The tag list answers `data.tags`, ordered by group then name. */
export const tagListResult = z.object({ tags: z.array(tagItem) });
