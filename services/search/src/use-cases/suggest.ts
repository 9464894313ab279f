import { SuggestQuerySchema, type SuggestResponse } from '@cp/contracts';
import type { SearchDeps } from './deps.ts';

/**
 * Suggestions start from this many characters, as the header's search box asks them (shell's SUGGEST_MIN_CHARS): one
 * letter matches too much to help, and answering it would cost a pass over most of the index.
 */
export const SUGGEST_MIN_CHARS = 2;

const SuggestQuery = SuggestQuerySchema.refine((v) => v.q.length >= SUGGEST_MIN_CHARS, { message: `Type at least ${SUGGEST_MIN_CHARS} characters`, path: ['q'] });

/** GET /api/search/suggest: the best few hits for what is being typed (word starts, typos forgiven), all types. */
export function suggest(deps: SearchDeps, query: Record<string, unknown>): SuggestResponse {
  const q = SuggestQuery.parse(query);
  return { items: deps.index.words.search(q.q, { limit: q.limit }).hits };
}
