import './zod-config.ts';
import { z } from 'zod';
import { CursorPageSchema, IdSchema, IsoDateTimeSchema } from './common.ts';
import { ListingsQuerySchema } from './listings.ts';
import { LinkTokenSchema } from './listing-lifecycle.ts';
import { SAVED_SEARCH_FREQUENCIES, SAVED_SEARCH_MESSAGES, SAVED_SEARCH_NAME_MAX } from './saved-search-values.ts';

/**
 * Saved searches with alerts (issue 22 §3): a signed-in user's named /listings filters; a listing posted (or renewed)
 * later that matches them (the §9 rule, `listingMatchesFilters`) is mailed to the user, at once or in a daily digest.
 */

export const SavedSearchFrequencySchema = z.enum(SAVED_SEARCH_FREQUENCIES, { error: 'Choose instant or daily' });
export type SavedSearchFrequency = z.infer<typeof SavedSearchFrequencySchema>;

/**
 * The filters of a saved search: exactly the §9 filter fields of GET /api/listings (`ListingsQuerySchema`, not a
 * copy), strict (an unknown filter is a 400). Sort, page, tier and userId are not filters of an alert.
 */
export const SavedSearchFiltersSchema = ListingsQuerySchema.pick({ search: true, category: true, location: true, priceRange: true }).strict();
export type SavedSearchFilters = z.infer<typeof SavedSearchFiltersSchema>;

const NameSchema = z
  .string({ error: SAVED_SEARCH_MESSAGES.nameRequired })
  .trim()
  .min(1, SAVED_SEARCH_MESSAGES.nameRequired)
  .max(SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_MESSAGES.nameTooLong);

export const SavedSearchSchema = z.object({
  id: IdSchema,
  name: z.string(),
  filters: SavedSearchFiltersSchema,
  frequency: SavedSearchFrequencySchema,
  paused: z.boolean(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

/** POST /api/saved-searches. */
export const SavedSearchCreateSchema = z
  .object({ name: NameSchema, filters: SavedSearchFiltersSchema.default({}), frequency: SavedSearchFrequencySchema.default('instant') })
  .strict();
export type SavedSearchCreate = z.input<typeof SavedSearchCreateSchema>;

/** PATCH /api/saved-searches/{id}: any of name, frequency, paused (the filters are the search itself: save a new one). */
export const SavedSearchUpdateSchema = z
  .object({ name: NameSchema.optional(), frequency: SavedSearchFrequencySchema.optional(), paused: z.boolean().optional() })
  .strict()
  .refine((v) => v.name !== undefined || v.frequency !== undefined || v.paused !== undefined, 'Nothing to change');
export type SavedSearchUpdate = z.input<typeof SavedSearchUpdateSchema>;

/**
 * GET /api/saved-searches: every saved search of the user, newest first (at most SAVED_SEARCHES_PER_USER_MAX): the list
 * shape in one slice (nextCursor null), plus the cap `max`.
 */
export const SavedSearchListSchema = CursorPageSchema(SavedSearchSchema).extend({ max: z.number().int() });
export type SavedSearchList = z.infer<typeof SavedSearchListSchema>;

/** POST /api/saved-searches/unsubscribe: the token of an alert mail's link (JSON from the page; one-click sends it in the query). */
export const AlertUnsubscribeSchema = LinkTokenSchema;
export const AlertUnsubscribeResultSchema = z.object({ message: z.string(), status: z.enum(['paused', 'gone']), name: z.string().optional() });
export type AlertUnsubscribeResult = z.infer<typeof AlertUnsubscribeResultSchema>;

/** The signed data of an alert's unsubscribe link (purpose 'unsubscribe-alert'): pauses that saved search. */
export const AlertUnsubscribeLinkSchema = z.object({ savedSearchId: IdSchema }).strict();
/** The signed data of a daily digest's unsubscribe link (purpose 'unsubscribe-alert-digest'): pauses the user's daily saved searches. */
export const AlertDigestUnsubscribeLinkSchema = z.object({ userId: IdSchema }).strict();

/** What an alert mail shows of the listing (the event's copy: comms keeps no listings). */
export const AlertListingSchema = z.object({
  listingId: IdSchema,
  title: z.string(),
  category: z.string(),
  location: z.string(),
  price: z.number().int().nonnegative().nullable(),
  excerpt: z.string().max(300),
});
export type AlertListing = z.infer<typeof AlertListingSchema>;
