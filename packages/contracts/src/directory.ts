import './zod-config.ts';
import { z } from 'zod';
import { ModerationStateSchema } from './moderation.ts';
import { CursorPageSchema, cursorQuery, HttpUrlSchema, IdSchema, ImageUrlSchema, IsoDateTimeSchema, QueryTextSchema } from './common.ts';
import { LIMITS } from './constants.ts';
import { LIST_PAGE_SIZES } from './lists.ts';
import { REVIEW_COMMENT_MAX } from './directory-values.ts';
import { isValidYellowPagesPair, YELLOW_PAGES_MAIN_CATEGORIES } from './yellow-pages-values.ts';

// The Yellow Pages tree and the page's selection are plain values (yellow-pages-values.ts, exported by index.ts): the
// schemas here are built from them.
export const YellowPagesMainCategorySchema = z.enum(YELLOW_PAGES_MAIN_CATEGORIES, { error: 'Please select a main category' });

/** businesses (spec §3). */
export const BusinessSchema = z.object({
  id: IdSchema,
  userId: IdSchema,
  name: z.string(),
  category: z.string(),
  mainCategory: z.string().nullable().optional(),
  subCategory: z.string().nullable().optional(),
  description: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string().nullable().optional(),
  website: z.string().nullable().optional(),
  logoUrl: z.string().nullable().optional(),
  rating: z.number().min(0).max(5).default(0),
  reviewCount: z.number().int().nonnegative().default(0),
  verified: z.boolean().default(false),
  premium: z.boolean().default(false),
  createdAt: IsoDateTimeSchema,
  /** Issue 21: 'under-review' when hidden pending review; only the author gets it then (absent when visible to all). */
  moderation: ModerationStateSchema.optional(),
});
export type Business = z.infer<typeof BusinessSchema>;

/** Business insert (spec §5): omits id, userId, rating, reviewCount, verified, createdAt. */
export const BusinessInsertSchema = z
  .object({
    name: z.string({ error: 'Business name is required' }).trim().min(1, 'Business name is required').max(LIMITS.titleMax),
    category: z.string().trim().min(1).max(LIMITS.titleMax).optional(),
    mainCategory: YellowPagesMainCategorySchema,
    subCategory: z.string().trim().max(LIMITS.titleMax).optional(),
    description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(LIMITS.descriptionMax),
    address: z.string({ error: 'Address is required' }).trim().min(1, 'Address is required').max(LIMITS.shortTextMax),
    phone: z.string({ error: 'Phone is required' }).trim().min(1, 'Phone is required').max(LIMITS.phoneMax),
    email: z.union([z.literal(''), z.email('Invalid email address').max(LIMITS.emailMax)]).optional(),
    website: z.union([z.literal(''), HttpUrlSchema], { error: 'Please enter a valid URL' }).optional(),
    logoUrl: z.union([z.literal(''), ImageUrlSchema], { error: 'Please enter a valid logo URL (http or https)' }).optional(),
    premium: z.boolean().default(false),
  })
  .strict()
  .refine((b) => isValidYellowPagesPair(b.mainCategory, b.subCategory), { message: 'Subcategory does not belong to the main category', path: ['subCategory'] })
  // category follows the main category (spec §5: the form sets it so); a different one sent is not kept.
  .transform((b) => ({ ...b, category: b.mainCategory }));
export type BusinessInsert = z.input<typeof BusinessInsertSchema>;

/**
 * GET /api/yellow-pages query (spec §7: both optional). Any text is accepted and checked against the tree by the
 * service (a value not in the tree finds nothing); a repeated parameter, an operator (`mainCategory[$ne]`), an
 * unknown parameter or control characters are a 400.
 */
export const YellowPagesQuerySchema = z
  .object({ mainCategory: QueryTextSchema(LIMITS.titleMax).optional(), subCategory: QueryTextSchema(LIMITS.titleMax).optional(), ...cursorQuery(LIST_PAGE_SIZES.yellowPages) })
  .strict();
export type YellowPagesQuery = z.infer<typeof YellowPagesQuerySchema>;

export const BUSINESS_NOT_FOUND = 'Business not found';
export const ALREADY_REVIEWED = 'You have already reviewed this business';

/** business_reviews (spec §3), with the reviewer's username (shown with the review; a user id means nothing to readers). */
export const BusinessReviewSchema = z.object({
  id: IdSchema,
  businessId: IdSchema,
  userId: IdSchema,
  username: z.string(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable().optional(),
  createdAt: IsoDateTimeSchema,
  /**
   * Held back from the rating until the author's account is a day old (REVIEW_HOLD_MS): only its author sees it, marked
   * so; absent on a review that counts.
   */
  pending: z.boolean().optional(),
  /** Issue 21: 'under-review' when hidden pending review; only the author gets it then (absent when visible to all). */
  moderation: ModerationStateSchema.optional(),
});
export type BusinessReview = z.infer<typeof BusinessReviewSchema>;

/** A review by an account younger than this is held: it counts in the rating (and shows to others) once the account is this old. */
export const REVIEW_HOLD_MS = 24 * 60 * 60 * 1000;
export const VERIFY_EMAIL_TO_REVIEW = 'Please verify your e-mail address to write a review.';
export { businessCategoryText, OWN_BUSINESS_REVIEW, REVIEW_PENDING, REVIEW_COMMENT_MAX } from './directory-values.ts';
/** Review insert: omits id and timestamps (businessId from the path, userId from the session). */
export const BusinessReviewInsertSchema = z
  .object({
    rating: z.number({ error: 'Please choose a rating from 1 to 5' }).int('Please choose a rating from 1 to 5').min(1, 'Please choose a rating from 1 to 5').max(5, 'Please choose a rating from 1 to 5'),
    comment: z.string().trim().max(REVIEW_COMMENT_MAX, `A review comment can be at most ${REVIEW_COMMENT_MAX} characters`).optional(),
  })
  .strict();
export type BusinessReviewInsert = z.input<typeof BusinessReviewInsertSchema>;

/** GET /api/businesses query: `limit`/`cursor` ask for a cursor page (BusinessPageSchema); without them, the bare list. */
export const BusinessesQuerySchema = z.object(cursorQuery(LIST_PAGE_SIZES.businesses)).strict();
/** GET /api/businesses and GET /api/yellow-pages asked for a cursor page: in the list's order (premium first, then the newest). */
export const BusinessPageSchema = CursorPageSchema(BusinessSchema);
/** GET /api/businesses/{id}/reviews query: `limit` (LIST_PAGE_SIZES.reviews) and `cursor` of its cursor page (BusinessReviewPageSchema), newest first. */
export const BusinessReviewsQuerySchema = z.object(cursorQuery(LIST_PAGE_SIZES.reviews)).strict();
/** GET /api/businesses/{id}/reviews: always one cursor page (no bare-array form); rating and count are the business's. */
export const BusinessReviewPageSchema = CursorPageSchema(BusinessReviewSchema);
