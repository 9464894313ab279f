import { YELLOW_PAGES_TREE, YellowPagesQuerySchema, isValidYellowPagesPair, type Business, type ListResponse } from '@cp/contracts';
import { toBusiness } from '../data/business-mapper.ts';
import type { DirectoryDeps } from './deps.ts';

const ALL_SUBCATEGORIES = new Set<string>(Object.values(YELLOW_PAGES_TREE).flat());

/**
 * GET /api/yellow-pages?mainCategory=&subCategory= (spec §7). The values are checked against the §3 tree before any
 * query: one that is not in the tree (or a subcategory of another main category) finds nothing; the query string's
 * shape (a repeated parameter, `mainCategory[$ne]=`, an unknown parameter, control characters) is a 400. Without
 * parameters, every business.
 */
export async function yellowPages(deps: DirectoryDeps, query: unknown): Promise<ListResponse<Business>> {
  const { mainCategory, subCategory } = YellowPagesQuerySchema.parse(query);
  const main = mainCategory || undefined;
  const sub = subCategory || undefined;
  if (main !== undefined && !isValidYellowPagesPair(main, sub)) return [];
  if (main === undefined && sub !== undefined && !ALL_SUBCATEGORIES.has(sub)) return [];
  const docs = await deps.businesses.inCategory({ ...(main ? { mainCategory: main } : {}), ...(sub ? { subCategory: sub } : {}) });
  return docs.map(toBusiness);
}
