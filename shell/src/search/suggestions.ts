import type { SearchHit, SearchHitType } from '@cp/contracts';

/**
 * The most characters of search text the API takes (QueryTextSchema's default in @cp/contracts, which has no zod-free
 * constant for it yet): the box stops there instead of getting 400 ("Suggestions are unavailable").
 */
export const SEARCH_TEXT_MAX = 100;
/** Suggestions start from this many characters (one letter matches too much to help). */
export const SUGGEST_MIN_CHARS = 2;
/** The box asks for suggestions this long after the last key. */
export const SUGGEST_DEBOUNCE_MS = 200;

export interface SuggestionGroup {
  type: SearchHitType;
  hits: SearchHit[];
}

/** The hits grouped by type, the groups in the order of their best hit, the hits in theirs (best first). */
export function groupHits(hits: readonly SearchHit[]): SuggestionGroup[] {
  const groups: SuggestionGroup[] = [];
  for (const hit of hits) {
    const group = groups.find((g) => g.type === hit.type);
    if (group) group.hits.push(hit);
    else groups.push({ type: hit.type, hits: [hit] });
  }
  return groups;
}

/** The results page of the words. */
export function resultsUrl(q: string): string {
  return `/search?${new URLSearchParams({ q: q.trim() }).toString()}`;
}
