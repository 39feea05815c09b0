import { searchApi as api } from '@lns/contract/api/search';
import { C } from '@lns/contract/codes';
import { searchHex } from '@lns/contract/hex';
import { pageWindow } from '@lns/contract/paging';
import { HEX_SEARCH_TYPES, type SearchType } from '@lns/contract/search';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../../context';
import { users } from '../../db/schema/core';
import { DomainError } from '../../errors';
import type { SearchProvider } from '../../search/registry';
import { list } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** LIKE pattern for "contains", with the keyword's own % _ \ taken literally. */
export const containsPattern = (k: string) => `%${k.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** 'user' provider (admin only): name contains the keyword, or userID equals it. */
function userProvider(s: Services): SearchProvider {
  return async ({ keyword, limit, offset }) => {
    let where: SQL | undefined;
    if (keyword) {
      const byName = ilike(users.name, containsPattern(keyword));
      where = /^\d{1,9}$/.test(keyword) ? or(byName, eq(users.id, Number(keyword))) : byName;
    }
    const q = s.db
      .select({ userID: users.id, name: users.name, admin: users.admin, createtime: users.createdAt })
      .from(users)
      .where(and(where))
      .orderBy(asc(users.id))
      .offset(offset);
    const rows = await (limit ? q.limit(limit) : q);
    const [{ n }] = (await s.db.select({ n: count() }).from(users).where(and(where))) as [{ n: number }];
    return { rows, amount: Number(n) };
  };
}

export const searchRoutes: RouteModule = (app, s) => {
  s.search.register('user', userProvider(s), { adminOnly: true });

  const run = async (
    req: FastifyRequest,
    type: SearchType,
    q: { keyword: string; pageNo: number; pageSize: number; mcEUI?: string },
  ) => {
    const provider = s.search.get(type);
    // A known type whose area has not registered a provider simply finds nothing.
    if (!provider) return list([], 0);
    if (provider.adminOnly && !req.user.admin) throw new DomainError(C.FORBIDDEN, undefined, 'category');
    const hex = HEX_SEARCH_TYPES.includes(type) ? searchHex(q.keyword) : undefined;
    const { rows, amount } = await provider.fn({
      keyword: q.keyword,
      hex,
      user: req.user,
      ...pageWindow(q),
      mcEUI: q.mcEUI,
    });
    return list(rows, amount);
  };

  route(app, api.search, async (req) => run(req, req.query.category, req.query));
  route(app, api.byType, async (req) => run(req, req.params.type, req.query));
};
