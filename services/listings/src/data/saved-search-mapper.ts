import type { SavedSearch } from '@cp/contracts';
import type { SavedSearchDoc } from './saved-searches-repository.ts';

/** Stored saved search → the contracts' API shape (no index keys, no owner). */
export function toSavedSearch(doc: SavedSearchDoc): SavedSearch {
  return {
    id: doc._id,
    name: doc.name,
    filters: doc.filters,
    frequency: doc.frequency,
    paused: doc.paused,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}
