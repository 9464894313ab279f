import type { SearchHit, SearchHitType } from '@cp/contracts';

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
