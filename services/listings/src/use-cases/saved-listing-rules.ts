import { badRequest } from '@cp/service-kit';
import { DONE_VISIBLE_DAYS, IdSchema, LISTING_DONE_STATUSES, type SavedListing, type SavedListingState } from '@cp/contracts';
import { isModerated, type ListingDoc } from '../data/listings-repository.ts';
import type { SavedListingDoc, SavedListingsRepository } from '../data/saved-listings-repository.ts';
import type { ListingsDeps } from './deps.ts';

/** What the saved-listings use cases are given: the service's deps and the saves' repository. */
export interface SavedListingsDeps extends ListingsDeps {
  saved: SavedListingsRepository;
}

export const INVALID_LISTING_ID = 'Invalid listing id';

/** A listing id in a path: a uuid, else 400 (a saved listing's id is never anything else). */
export function pathListingId(raw: string): string {
  const id = IdSchema.safeParse(raw);
  if (!id.success) throw badRequest(INVALID_LISTING_ID);
  return id.data;
}

/** The lifecycle fields of issue 22 (optional on listings stored before it). */
type WithLifecycle = ListingDoc & { expiresAt?: Date | string | undefined; doneAt?: Date | string | undefined };

const DAY_MS = 24 * 60 * 60_000;
const time = (d: Date | string | undefined) => (d === undefined ? undefined : new Date(d).getTime());

/**
 * What a saved listing is now, as visitors see it (SAVED_LISTING_STATES): gone from the collection → `removed` (its
 * owner or moderation deleted it); kept from the public by moderation, or taken down (`inactive`) → `unavailable`;
 * past its expiresAt (or stored `expired`), or marked done more than DONE_VISIBLE_DAYS ago → `expired`; else
 * `available` (a listing marked done within its window is shown with its badge).
 */
export function savedStateOf(doc: ListingDoc | null | undefined, now: Date): SavedListingState {
  if (!doc) return 'removed';
  const listing = doc as WithLifecycle;
  if (isModerated(listing) || listing.status === 'inactive') return 'unavailable';
  const expiresAt = time(listing.expiresAt);
  if (listing.status === 'expired' || (expiresAt !== undefined && expiresAt <= now.getTime())) return 'expired';
  const doneAt = time(listing.doneAt);
  if ((LISTING_DONE_STATUSES as readonly string[]).includes(listing.status) && doneAt !== undefined && doneAt + DONE_VISIBLE_DAYS * DAY_MS <= now.getTime()) return 'expired';
  return 'available';
}

export function toSavedListing(doc: SavedListingDoc): SavedListing {
  return { id: doc._id, userId: doc.userId, listingId: doc.listingId, createdAt: doc.createdAt.toISOString() };
}
