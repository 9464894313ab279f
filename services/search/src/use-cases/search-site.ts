import { SearchQuerySchema, type SearchResponse } from '@cp/contracts';
import type { SearchDeps } from './deps.ts';

/** GET /api/search: one page of hits for the words, best first, optionally of one type, with each type's count. */
export function searchSite(deps: SearchDeps, query: Record<string, unknown>): SearchResponse {
  const q = SearchQuerySchema.parse(Object.fromEntries(Object.entries(query).filter(([k, v]) => !(k === 'type' && v === ''))));
  const { hits, total, counts } = deps.index.words.search(q.q, { type: q.type, offset: (q.page - 1) * q.pageSize, limit: q.pageSize });
  return { items: hits, total, page: q.page, pageSize: q.pageSize, counts };
}
