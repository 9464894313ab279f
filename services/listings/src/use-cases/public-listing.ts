import { withoutHiddenContacts, type Listing } from '@cp/contracts';
import { toListing, toListingFor } from '../data/listing-mapper.ts';
import type { ListingDoc } from '../data/listings-repository.ts';

/**
 * Issue 23 §2, the one place that shapes what a reader gets of a listing: its owner gets all of it; anyone else —
 * signed-out visitors, other users, admins too — gets it without `contactPhone` and `contactEmail` when the poster chose
 * 'messages-only' (the contracts' withoutHiddenContacts). Admins are readers like any other here: no admin tool needs
 * the hidden contacts (moderation's snapshot carries none, and only the owner edits a listing).
 */
export function publicListing(listing: Listing, viewerId: string | undefined): Listing {
  return viewerId !== undefined && listing.userId === viewerId ? listing : withoutHiddenContacts(listing);
}

/** A stored listing as this viewer reads it: moderation's mark for its owner (toListingFor), contacts as above. */
export const listingFor = (doc: ListingDoc, viewerId: string | undefined): Listing => publicListing(toListingFor(doc), viewerId);

/**
 * The listing the listings events carry (search keeps it as its document and answers it to everyone): the public form,
 * never the hidden contacts.
 */
export const eventListing = (doc: ListingDoc): Listing => withoutHiddenContacts(toListing(doc));
