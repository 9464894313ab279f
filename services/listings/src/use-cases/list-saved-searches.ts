import { SAVED_SEARCHES_PER_USER_MAX, type SavedSearchList } from '@cp/contracts';
import { toSavedSearch } from '../data/saved-search-mapper.ts';
import type { ListingsDeps } from './deps.ts';

/** GET /api/saved-searches: the user's saved searches, newest first; bounded by the per-user cap. */
export async function listSavedSearches(deps: ListingsDeps, userId: string): Promise<SavedSearchList> {
  const docs = await deps.savedSearches.listOf(userId, SAVED_SEARCHES_PER_USER_MAX);
  return { items: docs.map(toSavedSearch), nextCursor: null, max: SAVED_SEARCHES_PER_USER_MAX };
}
