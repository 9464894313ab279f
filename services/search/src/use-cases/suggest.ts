import { SuggestQuerySchema, type SuggestResponse } from '@cp/contracts';
import type { SearchDeps } from './deps.ts';

/** GET /api/search/suggest: the best few hits for what is being typed (word starts, typos forgiven), all types. */
export function suggest(deps: SearchDeps, query: Record<string, unknown>): SuggestResponse {
  const q = SuggestQuerySchema.parse(query);
  return { items: deps.index.words.search(q.q, { limit: q.limit }).hits, nextCursor: null };
}
