import { MessagingListingSchema, type MessagingListing } from '@cp/contracts';
import { getInternal, HttpError } from '@cp/service-kit';

/** Where the messages service learns what a listing is: the listings service's internal endpoint. */
export interface ListingSource {
  /** The listing (owner, title, first image, status, visible), or null when it does not exist; 503 when listings cannot answer. */
  get(listingId: string): Promise<MessagingListing | null>;
}

/** GET {listings}/internal/listings/{id}/messaging (never routed by the gateway), checked with MessagingListingSchema. */
export function httpListingSource(listingsUrl: string, timeoutMs = 3_000): ListingSource {
  return {
    async get(listingId) {
      let found: MessagingListing | null;
      try {
        found = await getInternal(new URL(`/internal/listings/${encodeURIComponent(listingId)}/messaging`, listingsUrl), MessagingListingSchema, timeoutMs);
      } catch {
        throw new HttpError(503, 'Service unavailable');
      }
      // An answer about another listing is listings breaking its contract: "try again later", never a conversation about it.
      if (found && found.id !== listingId) throw new HttpError(503, 'Service unavailable');
      return found;
    },
  };
}
