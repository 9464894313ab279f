import { runInTransaction } from '@cp/service-kit';
import { ListingUpdated, type Listing } from '@cp/contracts';
import { LISTING_FIELDS, searchTextOf, type ListingDoc } from '../data/listings-repository.ts';
import { toListing } from '../data/listing-mapper.ts';
import { validateListingChange } from './listing-input.ts';
import { checkImages, listingId, missingOrForbidden } from './listing-rules.ts';
import type { ListingsDeps } from './deps.ts';

/** The client-settable fields whose value differs between two versions of a listing. */
function changedFields(before: ListingDoc, after: ListingDoc): string[] {
  const b = before as unknown as Record<string, unknown>;
  const a = after as unknown as Record<string, unknown>;
  return LISTING_FIELDS.filter((f) => JSON.stringify(b[f] ?? null) !== JSON.stringify(a[f] ?? null));
}

/** PUT /api/listings/:id, owner only. */
export async function updateListing(deps: ListingsDeps, userId: string, rawId: string, body: unknown): Promise<Listing> {
  const id = listingId(rawId);
  const current = await deps.listings.findOwned(id, userId);
  if (!current) return missingOrForbidden(deps, id);
  const change = validateListingChange(body, current.category);
  await checkImages(deps, userId, change.set.imageUrls as string[] | undefined, current.imageUrls ?? []);
  const updated = await runInTransaction(deps.conn, async (session, emit) => {
    const title = (change.set.title as string | undefined) ?? current.title;
    const description = (change.set.description as string | undefined) ?? current.description;
    const set = { ...change.set, searchText: searchTextOf(title, description), updatedAt: deps.now() };
    const doc = await deps.listings.updateOwned(id, userId, set, change.unset, session);
    if (!doc) return null; // deleted meanwhile
    const changed = changedFields(current, doc);
    // A save without a real change is not an event.
    const removedImageUrls = (current.imageUrls ?? []).filter((u) => !(doc.imageUrls ?? []).includes(u));
    if (changed.length > 0) await emit(ListingUpdated, { listingId: id, userId, category: doc.category, tier: doc.tier, title: doc.title, changed, removedImageUrls, listing: toListing(doc) });
    return doc;
  });
  if (!updated) return missingOrForbidden(deps, id);
  return toListing(updated);
}
