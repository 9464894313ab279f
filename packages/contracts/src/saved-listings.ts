import './zod-config.ts';
import { z } from 'zod';
import { IdSchema, IsoDateTimeSchema, PageResponseSchema } from './common.ts';
import { ListingSchema, type SavedListingSchema } from './listings.ts';
import { LIST_PAGE_SIZES } from './lists.ts';
import { SAVED_LISTING_STATES, SAVED_LISTINGS_MERGE_MAX } from './saved-listing-values.ts';

/** The saved_listings entity is SavedListingSchema (listings.ts): one listing one signed-in user saved, unique per (userId, listingId). */
export type SavedListing = z.infer<typeof SavedListingSchema>;

export const SavedListingStateSchema = z.enum(SAVED_LISTING_STATES);

/** POST /api/saved-listings: save one listing (saving it again changes nothing). */
export const SaveListingRequestSchema = z.object({ listingId: IdSchema }).strict();
export type SaveListingRequest = z.infer<typeof SaveListingRequestSchema>;

/** POST /api/saved-listings/merge: the browser's local saves, merged into the account at login. */
export const SavedListingsMergeRequestSchema = z
  .object({
    listingIds: z.array(IdSchema).max(SAVED_LISTINGS_MERGE_MAX, `At most ${SAVED_LISTINGS_MERGE_MAX} listings can be merged at once`),
  })
  .strict();
export type SavedListingsMergeRequest = z.infer<typeof SavedListingsMergeRequestSchema>;

/** The merge's answer: how many ids were added, how many were skipped (unknown, already saved, past the cap), the total saved now. */
export const SavedListingsMergeResponseSchema = z.object({
  merged: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
});
export type SavedListingsMergeResponse = z.infer<typeof SavedListingsMergeResponseSchema>;

/** GET /api/saved-listings: newest saved first, one page at a time. */
export const SavedListingsQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(1000).default(1),
    pageSize: z.coerce.number().int().min(1).max(LIST_PAGE_SIZES.savedListings.max).default(LIST_PAGE_SIZES.savedListings.default),
  })
  .strict();
export type SavedListingsQuery = z.input<typeof SavedListingsQuerySchema>;

/**
 * One saved listing as /saved shows it: the listing as visitors see it when `available`; otherwise its state, and for
 * an `expired` one its title (the saver saw it; nothing else of a listing no longer shown).
 */
export const SavedListingItemSchema = z.object({
  listingId: IdSchema,
  savedAt: IsoDateTimeSchema,
  state: SavedListingStateSchema,
  listing: ListingSchema.optional(),
  title: z.string().optional(),
});
export type SavedListingItem = z.infer<typeof SavedListingItemSchema>;

export const SavedListingsPageSchema = PageResponseSchema(SavedListingItemSchema);
export type SavedListingsPage = z.infer<typeof SavedListingsPageSchema>;

/** GET /api/saved-listings/ids: every saved listing's id (at most SAVED_LISTINGS_MAX), for the Save toggles. */
export const SavedListingIdsResponseSchema = z.object({ listingIds: z.array(IdSchema) });
export type SavedListingIdsResponse = z.infer<typeof SavedListingIdsResponseSchema>;
