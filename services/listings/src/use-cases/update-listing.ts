import { runInTransaction } from '@cp/service-kit';
import { contactPreferenceOf, ListingUpdated, type Listing } from '@cp/contracts';
import { LISTING_FIELDS, type ListingDoc } from '../data/listings-repository.ts';
import { toListing } from '../data/listing-mapper.ts';
import { validateListingChange, type ListingChange } from './listing-input.ts';
import { contentHashOf } from './create-listing.ts';
import { expiryOf } from './expiry.ts';
import { checkImages, listingId, missingOrForbidden } from './listing-rules.ts';
import type { ListingsDeps } from './deps.ts';
import { eventListing } from './public-listing.ts';

/**
 * The client-settable fields whose value differs between two versions of a listing. A listing stored without a contact
 * preference has 'show' (issue 23): the edit form sending 'show' back changes nothing.
 */
function changedFields(before: ListingDoc, after: ListingDoc): string[] {
  const value = (doc: ListingDoc, f: string) => (f === 'contactPreference' ? contactPreferenceOf(doc) : ((doc as unknown as Record<string, unknown>)[f] ?? null));
  return LISTING_FIELDS.filter((f) => JSON.stringify(value(before, f)) !== JSON.stringify(value(after, f)));
}

/** The listing a change would make: its $set and $unset applied in memory. */
function applied(doc: ListingDoc, change: ListingChange): ListingDoc {
  const out: Record<string, unknown> = { ...doc, ...change.set };
  for (const f of change.unset) delete out[f];
  return out as unknown as ListingDoc;
}

/**
 * PUT /api/listings/:id, owner only. A save that changes no field writes nothing: not an event, and updatedAt stays,
 * so the search service's copy (the last event's listing) stays what GET /api/listings answers.
 */
export async function updateListing(deps: ListingsDeps, userId: string, rawId: string, body: unknown): Promise<Listing> {
  const id = listingId(rawId);
  const current = await deps.listings.findOwned(id, userId);
  if (!current) return missingOrForbidden(deps, id);
  const change = validateListingChange(body, current.category);
  await checkImages(deps, userId, change.set.imageUrls as string[] | undefined, current.imageUrls ?? []);
  const updated = await runInTransaction(deps.conn, async (session, emit) => {
    // Compared in the transaction with the stored listing, not the one read above, which a concurrent save may have changed.
    const before = await deps.listings.findOwned(id, userId, session);
    if (!before) return null; // deleted meanwhile
    if (changedFields(before, applied(before, change)).length === 0) return before;
    const title = (change.set.title as string | undefined) ?? before.title;
    const description = (change.set.description as string | undefined) ?? before.description;
    const set: Record<string, unknown> = { ...change.set, contentHash: contentHashOf(title, description), updatedAt: deps.now() };
    // An active listing's expiry follows its event date (issue 22): recomputed from its creation or last renewal.
    const after = applied(before, change);
    if (before.status === 'active' && (after.category !== before.category || after.eventDate !== before.eventDate)) {
      set.expiresAt = expiryOf(before.renewedAt ?? before.createdAt, deps.lifecycle.ttlDays, after);
    }
    const doc = await deps.listings.updateOwned(id, userId, set, change.unset, session);
    if (!doc) return null; // deleted meanwhile
    const changed = changedFields(before, doc);
    const removedImageUrls = (before.imageUrls ?? []).filter((u) => !(doc.imageUrls ?? []).includes(u));
    await emit(ListingUpdated, { listingId: id, userId, category: doc.category, tier: doc.tier, title: doc.title, changed, removedImageUrls, listing: eventListing(doc) });
    return doc;
  });
  if (!updated) return missingOrForbidden(deps, id);
  return toListing(updated);
}
