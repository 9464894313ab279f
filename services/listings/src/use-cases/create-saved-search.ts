import { randomUUID } from 'node:crypto';
import { HttpError, runInTransaction } from '@cp/service-kit';
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCHES_PER_USER_MAX, SavedSearchCreateSchema, type SavedSearch } from '@cp/contracts';
import type { SavedSearchDoc } from '../data/saved-searches-repository.ts';
import { toSavedSearch } from '../data/saved-search-mapper.ts';
import { savedSearchKeys } from './alert-keys.ts';
import type { ListingsDeps } from './deps.ts';

/**
 * POST /api/saved-searches: the /listings filters (the contracts' filter fields; an unknown one is a 400), named, with
 * a frequency. Empty filter values are dropped (they do not filter, as on the page). At most
 * SAVED_SEARCHES_PER_USER_MAX per user (409), race-safe: the user's creates conflict on their owner document.
 */
export async function createSavedSearch(deps: ListingsDeps, userId: string, body: unknown): Promise<SavedSearch> {
  const input = SavedSearchCreateSchema.parse(body);
  const filters = Object.fromEntries(Object.entries(input.filters).filter(([, v]) => v !== undefined && v !== '')) as SavedSearchDoc['filters'];
  const now = deps.now();
  const doc: SavedSearchDoc = {
    _id: randomUUID(),
    userId,
    name: input.name,
    filters,
    frequency: input.frequency,
    paused: false,
    keys: savedSearchKeys(filters),
    createdAt: now,
    updatedAt: now,
  };
  await runInTransaction(deps.conn, async (session) => {
    if ((await deps.savedSearches.lockAndCount(userId, session)) >= SAVED_SEARCHES_PER_USER_MAX) {
      throw new HttpError(409, SAVED_SEARCH_MESSAGES.tooMany, { code: 'too_many_saved_searches' });
    }
    await deps.savedSearches.insert(doc, session);
  });
  return toSavedSearch(doc);
}
