import { z } from 'zod';
import { eui64 } from './hex';
import { text } from './input';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, queryInt } from './paging';

/** Global search types; 'user' is for admins only. */
export const SEARCH_TYPES = ['application', 'device', 'mcgroup', 'gateway', 'user'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Types whose ids are EUIs: their search also reads the keyword as hex (searchHex). */
export const HEX_SEARCH_TYPES: readonly SearchType[] = ['device', 'mcgroup', 'gateway'];

const keyword = text().trim().max(128).default('');
const paging = {
  pageNo: queryInt(1, 1_000_000).default(1),
  pageSize: queryInt(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** Search by category: an empty keyword lists everything of the type the caller may see. */
export const searchQuery = z.object({
  keyword,
  ...paging,
  category: z.enum(SEARCH_TYPES),
  /** Devices: only those in this multicast group. */
  mcEUI: eui64.optional(),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** Search of one type named in the path. */
export const searchTypeParams = z.object({ type: z.enum(SEARCH_TYPES) });
export const searchTypeQuery = z.object({ keyword, ...paging });

/** A result row: each type returns its own list fields (ids, names, owner). */
export const searchRow = z.record(z.string(), z.unknown());
export type SearchRow = z.infer<typeof searchRow>;

/** The 'user' type's rows. */
export const userSearchRow = z.object({
  userID: z.number(),
  name: z.string(),
  admin: z.number(),
  createtime: z.number(),
});
