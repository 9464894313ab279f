import { notFound } from '@cp/service-kit';
import { SAVED_SEARCH_MESSAGES, SavedSearchUpdateSchema, type SavedSearch } from '@cp/contracts';
import { toSavedSearch } from '../data/saved-search-mapper.ts';
import { savedSearchId } from './saved-search-rules.ts';
import type { ListingsDeps } from './deps.ts';

/** PATCH /api/saved-searches/{id}: name, frequency, paused; the owner's only (another user's is a 404, never a 403). */
export async function updateSavedSearch(deps: ListingsDeps, userId: string, rawId: string, body: unknown): Promise<SavedSearch> {
  const id = savedSearchId(rawId);
  const change = SavedSearchUpdateSchema.parse(body);
  const updated = await deps.savedSearches.updateOwned(id, userId, { ...change, updatedAt: deps.now() });
  if (!updated) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
  return toSavedSearch(updated);
}
