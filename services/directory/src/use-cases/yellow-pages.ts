import { YELLOW_PAGES_TREE, YellowPagesQuerySchema, isValidYellowPagesPair, type Business } from '@cp/contracts';
import { cursorPage, listRequest, type ListAnswer } from '@cp/service-kit';
import { toBusiness } from '../data/business-mapper.ts';
import { BUSINESS_ORDER } from '../data/businesses-repository.ts';
import type { DirectoryDeps } from './deps.ts';

const ALL_SUBCATEGORIES = new Set<string>(Object.values(YELLOW_PAGES_TREE).flat());

/**
 * GET /api/yellow-pages?mainCategory=&subCategory= (spec §7). The values are checked against the §3 tree before any
 * query: one that is not in the tree (or a subcategory of another main category) finds nothing; the query string's
 * shape (a repeated parameter, `mainCategory[$ne]=`, an unknown parameter, control characters) is a 400. Without
 * a category, every business. Asked with `limit`/`cursor`: one cursor page in the list order (the Yellow Pages screen
 * pages a category's businesses); without them the bare array, bounded by FULL_LIST_MAX.
 */
export async function yellowPages(deps: DirectoryDeps, query: Record<string, unknown>): Promise<ListAnswer<Business>> {
  const q = YellowPagesQuerySchema.parse(query);
  const { bare, limit, cursor } = listRequest(query, q);
  const main = q.mainCategory || undefined;
  const sub = q.subCategory || undefined;
  const none = { page: { items: [], nextCursor: null }, bare };
  if (main !== undefined && !isValidYellowPagesPair(main, sub)) return none;
  if (main === undefined && sub !== undefined && !ALL_SUBCATEGORIES.has(sub)) return none;
  const docs = await deps.businesses.page({ ...(main ? { mainCategory: main } : {}), ...(sub ? { subCategory: sub } : {}) }, cursor, limit + 1);
  return { page: cursorPage(docs, limit, BUSINESS_ORDER, toBusiness), bare };
}
