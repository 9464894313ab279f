import './zod-config.ts';
import { z } from 'zod';
import { ModerationStateSchema } from './moderation.ts';
import { IdSchema, IsoDateTimeSchema, PageResponseSchema, QueryTextSchema, StoredImageUrlSchema } from './common.ts';
import { LIMITS, MAX_IMAGES_PER_LISTING, MIN_LISTING_DESCRIPTION, MIN_LISTING_TITLE, PRICE_BUCKET_IDS } from './constants.ts';
import { detailsNotOf, LISTING_DETAIL_KEYS, listingDetail, type ListingDetailKey, type ListingDetailSpec } from './listing-details.ts';
import { EVENT_TYPES, LISTING_CATEGORIES, LISTING_STATUSES, LISTING_TIERS, LOCATIONS, type ListingCategory } from './listing-values.ts';
import { CONTACT_PREFERENCES, DEFAULT_CONTACT_PREFERENCE } from './contact-preference.ts';
import { LIST_PAGE_SIZES } from './lists.ts';

export const ListingCategorySchema = z.enum(LISTING_CATEGORIES, { error: 'Please select a category' });
export const LocationSchema = z.enum(LOCATIONS, { error: 'Please select a location' });
export const EventTypeSchema = z.enum(EVENT_TYPES);
export const ListingTierSchema = z.enum(LISTING_TIERS);
export const ListingStatusSchema = z.enum(LISTING_STATUSES);
/** Issue 23 §2: show the phone and e-mail, or messages through the site only (contact-preference.ts). */
export const ContactPreferenceSchema = z.enum(CONTACT_PREFERENCES, { error: 'Please choose how buyers contact you' });

/** listings (spec §3) as stored and returned. */
export const ListingSchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  category: ListingCategorySchema,
  title: z.string(),
  description: z.string(),
  price: z.number().int().nonnegative().nullable().optional(),
  location: z.string(),
  imageUrls: z.array(z.string()).default([]),
  contactPhone: z.string().nullable().optional(),
  contactEmail: z.string().nullable().optional(),
  /**
   * Issue 23 §2: absent on listings stored before the choice existed, which mean 'show'. With 'messages-only', only the
   * owner ever gets `contactPhone` and `contactEmail` (withoutHiddenContacts).
   */
  contactPreference: ContactPreferenceSchema.optional(),
  tier: ListingTierSchema.default('free'),
  status: ListingStatusSchema.default('active'),
  /** The optional details (listing-details.ts): the event fields, a job's employer. */
  ...detailShape(() => z.string().nullable().optional()),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
  /** Issue 21: 'under-review' when hidden pending review; only the author gets it then (absent when visible to all). */
  moderation: ModerationStateSchema.optional(),
  /**
   * Issue 22: when the listing stops being shown (created or renewed + LISTING_TTL_DAYS; an event's the day after its
   * date). Optional only for listings stored before the lifecycle existed.
   */
  expiresAt: IsoDateTimeSchema.optional(),
  /** Issue 22: when the owner marked it sold, rented or filled (shown with its badge for DONE_VISIBLE_DAYS). */
  doneAt: IsoDateTimeSchema.optional(),
});
export type Listing = z.infer<typeof ListingSchema>;

const optionalTrimmed = (max: number) => z.string().trim().max(max).optional();

/** One zod schema per optional detail (listing-details.ts), in the table's order. */
function detailShape<S extends z.ZodType>(schemaOf: (key: ListingDetailKey) => S): Record<ListingDetailKey, S> {
  return Object.fromEntries(LISTING_DETAIL_KEYS.map((key) => [key, schemaOf(key)])) as Record<ListingDetailKey, S>;
}

/** What a client may send for a detail: an ISO date, one of its options, or trimmed text within its bounds. */
function detailInput(detail: ListingDetailSpec): z.ZodType<string> {
  if (detail.control === 'date') return z.iso.date();
  if (detail.control === 'choice') return detail.options === EVENT_TYPES ? EventTypeSchema : z.enum(detail.options as [string, ...string[]]);
  let text = z.string().trim();
  if (detail.minLength !== undefined) text = text.min(detail.minLength, `${detail.label} must be at least ${detail.minLength} characters`);
  return text.max(detail.maxLength ?? LIMITS.shortTextMax, `${detail.label} must be at most ${detail.maxLength ?? LIMITS.shortTextMax} characters`);
}

/** The listing fields a client sets, without defaults (so a partial update never resets a field). */
const ListingFields = z
  .object({
    category: ListingCategorySchema,
    title: z.string({ error: 'Title must be at least 5 characters' }).trim().min(MIN_LISTING_TITLE, 'Title must be at least 5 characters').max(LIMITS.titleMax),
    description: z
      .string({ error: 'Description must be at least 20 characters' })
      .trim()
      .min(MIN_LISTING_DESCRIPTION, 'Description must be at least 20 characters')
      .max(LIMITS.descriptionMax),
    price: z.number().int('Price must be a whole number').min(0, 'Price cannot be negative').max(100_000_000).optional(),
    location: LocationSchema,
    imageUrls: z.array(StoredImageUrlSchema).max(MAX_IMAGES_PER_LISTING, 'Limit Reached: You can upload a maximum of 10 images per listing').optional(),
    contactPhone: optionalTrimmed(LIMITS.phoneMax),
    contactEmail: z.union([z.literal(''), z.email('Invalid email address').max(LIMITS.emailMax)]).optional(),
    contactPreference: ContactPreferenceSchema,
    tier: ListingTierSchema,
    status: ListingStatusSchema,
    ...detailShape((key) => detailInput(listingDetail(key)).optional()),
  })
  .strict();

/**
 * Listing insert shape (spec §5): omits id, userId, createdAt, updatedAt; tier defaults to free, status to active,
 * contactPreference to 'show' (issue 23). A
 * new listing is always active (issue 22): any other status is a 400.
 */
export const ListingInsertSchema = ListingFields.extend({
  tier: ListingTierSchema.default('free'),
  contactPreference: ContactPreferenceSchema.default(DEFAULT_CONTACT_PREFERENCE),
  status: z.literal('active', { error: 'A new listing is active' }).default('active'),
}).strict();
export type ListingInsert = z.input<typeof ListingInsertSchema>;

/**
 * Listing update shape: every field optional, none defaulted. `status` is accepted (the spec's edit form sends the
 * listing's status back) but never written by an edit (issue 22): it changes only through mark done, renew and expiry.
 */
export const ListingUpdateSchema = ListingFields.partial().strict();
export type ListingUpdate = z.input<typeof ListingUpdateSchema>;


/**
 * The §5 submit rules, used by the form and enforced again by the server: values trimmed, blank optional text
 * omitted, price kept only when greater than 0, a detail only for the category that takes it (listing-details.ts).
 */
export function normalizeListingInput<T extends Record<string, unknown>>(input: T): Partial<T> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(input)) {
    const value = typeof raw === 'string' ? raw.trim() : raw;
    if (value === undefined || value === null || value === '') continue;
    if (key === 'price') {
      const n = typeof value === 'number' ? value : Number(value);
      if (Number.isFinite(n) && n > 0) out.price = n;
      continue;
    }
    out[key] = value;
  }
  if (out.category !== undefined) for (const key of detailsNotOf(out.category as ListingCategory)) delete out[key];
  return out as Partial<T>;
}

/**
 * GET /api/search/listings query (the search service owns the server-side listings pages): search, filters, sort and
 * pages with the §9 rules. GET /api/listings itself takes no query (FullListQuerySchema).
 */
export const LISTING_SORTS = ['newest', 'oldest', 'price-asc', 'price-desc'] as const;
export const ListingsQuerySchema = z
  .object({
    search: QueryTextSchema().optional(),
    category: ListingCategorySchema.optional(),
    location: QueryTextSchema().optional(),
    priceRange: z.enum(PRICE_BUCKET_IDS).optional(),
    tier: ListingTierSchema.optional(),
    userId: IdSchema.optional(),
    sort: z.enum(LISTING_SORTS).default('newest'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(LIST_PAGE_SIZES.listings.max).default(LIST_PAGE_SIZES.listings.default),
  })
  .strict();
export type ListingsQuery = z.input<typeof ListingsQuerySchema>;

/** GET /api/listings: no query parameter (spec §7: the full list, filtered by the client); any other is a 400. */
export const FullListQuerySchema = z.object({}).strict();

/** GET /api/listings/mine: the signed-in user's own listings (My Listings), every state, newest first, by page. */
export const MyListingsQuerySchema = ListingsQuerySchema.pick({ page: true, pageSize: true }).strict();
export type MyListingsQuery = z.input<typeof MyListingsQuerySchema>;

/** A page (the page shape) of listings: My Listings. */
export const ListingsPageSchema = PageResponseSchema(ListingSchema);
export type ListingsPage = z.infer<typeof ListingsPageSchema>;

/** One stored image: the display size and its thumbnail (both WebP), with the display size's dimensions. */
export const UploadedImageSchema = z.object({
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type UploadedImage = z.infer<typeof UploadedImageSchema>;

/**
 * POST /api/upload answer (spec §7: the client reads `url`). `url`, `thumbnailUrl`, `width` and `height` describe the
 * first (or only) file; `urls` and `images` list every file of the request in order.
 */
export const UploadResponseSchema = z.object({
  url: z.string(),
  thumbnailUrl: z.string().optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  urls: z.array(z.string()).optional(),
  images: z.array(UploadedImageSchema).optional(),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

/** saved_listings (spec §3): a signed-in user's saved listing (issue 22 §2; its requests and answers: saved-listings.ts). */
export const SavedListingSchema = z.object({ id: IdSchema, userId: IdSchema, listingId: IdSchema, createdAt: IsoDateTimeSchema });
