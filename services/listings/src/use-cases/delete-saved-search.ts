import { notFound, runInTransaction } from '@cp/service-kit';
import { SAVED_SEARCH_MESSAGES } from '@cp/contracts';
import { savedSearchId } from './saved-search-rules.ts';
import type { ListingsDeps } from './deps.ts';

/** DELETE /api/saved-searches/{id}: the owner's only (404 otherwise), with its delivery records. */
export async function deleteSavedSearch(deps: ListingsDeps, userId: string, rawId: string): Promise<void> {
  const id = savedSearchId(rawId);
  const deleted = await runInTransaction(deps.conn, (session) => deps.savedSearches.deleteOwned(id, userId, session));
  if (!deleted) throw notFound(SAVED_SEARCH_MESSAGES.notFound);
}
