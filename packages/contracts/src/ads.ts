import './zod-config.ts';
import { z } from 'zod';
import { CursorPageSchema, cursorQuery, HttpUrlSchema, IdSchema, ImageUrlSchema, IsoDateTimeSchema } from './common.ts';
import { LIMITS } from './constants.ts';
import { LIST_PAGE_SIZES } from './lists.ts';
import { PAGE_VIEW_ID_PATTERN } from './visitor.ts';

export const AD_PLACEMENTS = ['homepage-top', 'homepage-middle', 'homepage-bottom', 'category-top'] as const;
export const AD_SIZES = ['small', 'large'] as const;
export const AD_PRICING_TIERS = ['banner', 'sponsored', 'premium'] as const;
export const AD_STATUSES = ['active', 'paused', 'expired'] as const;
export const AdPlacementSchema = z.enum(AD_PLACEMENTS);
export const AdSizeSchema = z.enum(AD_SIZES);
export const AdPricingTierSchema = z.enum(AD_PRICING_TIERS);
export const AdStatusSchema = z.enum(AD_STATUSES);

/** advertisements (spec §3). */
export const AdvertisementSchema = z.object({
  id: IdSchema,
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable().optional(),
  ctaText: z.string(),
  ctaUrl: z.string(),
  placement: AdPlacementSchema,
  size: AdSizeSchema.default('large'),
  pricingTier: AdPricingTierSchema.nullable().optional(),
  /** The status the ad shows: expired once its end date passed, whatever the admin set. */
  status: AdStatusSchema.default('active'),
  /** The status the admin set (what the edit form starts from: saving an ad that merely ended must not store expired). */
  storedStatus: AdStatusSchema.optional(),
  /** Counted: once per visitor per ad per page view (impressions) or per click window (clicks). */
  impressions: z.number().int().nonnegative().default(0),
  clicks: z.number().int().nonnegative().default(0),
  /** Accepted but not counted: the same visitor again within its window, or the ad not showing when it happened. */
  impressionsFiltered: z.number().int().nonnegative().default(0),
  clicksFiltered: z.number().int().nonnegative().default(0),
  startDate: IsoDateTimeSchema.nullable().optional(),
  endDate: IsoDateTimeSchema.nullable().optional(),
  createdAt: IsoDateTimeSchema,
  updatedAt: IsoDateTimeSchema,
});
export type Advertisement = z.infer<typeof AdvertisementSchema>;

/** Advertisement insert (spec §5): omits id, impressions, clicks, timestamps; form defaults as the spec says. */
export const AdvertisementInsertSchema = z
  .object({
    title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(LIMITS.titleMax),
    description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(1000),
    imageUrl: z.union([z.literal(''), ImageUrlSchema], { error: 'Please enter a valid image URL (http or https)' }).optional(),
    ctaText: z.string({ error: 'Call-to-action text is required' }).trim().min(1, 'Call-to-action text is required').max(40),
    ctaUrl: HttpUrlSchema,
    placement: AdPlacementSchema.default('homepage-top'),
    size: AdSizeSchema.default('large'),
    pricingTier: AdPricingTierSchema.default('banner').optional(),
    status: AdStatusSchema.default('active'),
    startDate: IsoDateTimeSchema.optional(),
    endDate: IsoDateTimeSchema.optional(),
  })
  .strict()
  // Instants, not strings: the schema accepts offsets, so '…T10:00+05:00' (05:00Z) is before '…T08:00Z'.
  .refine((a) => !a.startDate || !a.endDate || Date.parse(a.startDate) <= Date.parse(a.endDate), {
    message: 'End date must be after the start date',
    path: ['endDate'],
  });
export type AdvertisementInsert = z.input<typeof AdvertisementInsertSchema>;

/** GET /api/advertisements query (a visitor's status is ignored: visitors see active ads only). */
export const AdvertisementsQuerySchema = z
  .object({ placement: AdPlacementSchema.optional(), status: AdStatusSchema.optional(), ...cursorQuery(LIST_PAGE_SIZES.advertisements) })
  .strict();
/** GET /api/advertisements asked with `limit`/`cursor`: a cursor page, newest first. */
export const AdvertisementPageSchema = CursorPageSchema(AdvertisementSchema);

/**
 * POST /api/advertisements/:id/impression and /click query (no body, spec §7): `view`, the page view the impression
 * belongs to (made by the page once per load), so an impression counts once per visitor, ad and page view.
 */
export const AdEventQuerySchema = z.object({ view: z.string().regex(PAGE_VIEW_ID_PATTERN, 'Invalid page view id').optional() }).strict();
/** Their answer (202): whether this impression or click counts (once per visitor, ad and page view or click window). */
export const AdEventAnswerSchema = z.object({ counted: z.boolean() });

export const AD_NOT_FOUND = 'Advertisement not found';
