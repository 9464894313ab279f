import { BUSINESS_NOT_FOUND, CATEGORY_NOT_FOUND, IdSchema, LISTING_CATEGORIES, LISTING_NOT_FOUND, type ListingCategory } from '@cp/contracts';
import { badRequest, HttpError, notFound } from '@cp/service-kit';
import type { PreviewCache, PreviewImage } from './cache.ts';
import { MAX_INPUT_PIXELS, type PreviewImageDeps } from './deps.ts';
import { DEFAULT_SITE_NAME, renderCard, renderLogoCard, renderPhoto } from './render.ts';
import { isStoredImage, UpstreamError, type PreviewSources } from './sources.ts';

/** A listing category's slug in /og/category/<slug>.jpg: 'Buy & Sell' → 'buy-sell'. */
export const categorySlug = (category: string) =>
  category
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const CATEGORY_BY_SLUG = new Map<string, ListingCategory>(LISTING_CATEGORIES.map((c) => [categorySlug(c), c]));
const SLUG = /^[a-z0-9-]{1,60}$/;

export interface PreviewContext {
  deps: PreviewImageDeps;
  sources: PreviewSources;
  cache: PreviewCache;
}

/** An image that can be given instead of the one asked for, and how long a previewer may keep it. */
export interface PreviewAnswer {
  image: PreviewImage;
  /** Seconds: an hour, or a minute for a fallback given because a service did not answer. */
  maxAge: number;
}

const HOUR = 3600;
const FALLBACK_MAX_AGE = 60;
const siteName = (deps: PreviewImageDeps) => deps.config.SITE_NAME ?? DEFAULT_SITE_NAME;
const maxPixels = (deps: PreviewImageDeps) => deps.maxInputPixels ?? MAX_INPUT_PIXELS;

const id = (raw: string, what: string) => {
  const parsed = IdSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(`Invalid ${what} id`);
  return parsed.data;
};

/** The site's card: every page without an image of its own (forum posts, the home page...). */
export function siteImage({ deps, cache }: PreviewContext): Promise<PreviewImage> {
  const name = siteName(deps);
  return cache.get('site', [name], () => renderCard({ siteName: name, title: name, subtitle: 'Classifieds · Forum · Businesses · Yellow Pages' }));
}

function categoryCard({ deps, cache }: PreviewContext, category: ListingCategory): Promise<PreviewImage> {
  const name = siteName(deps);
  return cache.get('category', [name, category], () => renderCard({ siteName: name, title: category, subtitle: 'Listings in Central Pennsylvania' }));
}

/** GET /og/category/<slug>.jpg: the category's branded card; 400 for a malformed slug, 404 for no such category. */
export async function categoryImage(ctx: PreviewContext, slug: string): Promise<PreviewAnswer> {
  if (!SLUG.test(slug)) throw badRequest('Invalid category');
  const category = CATEGORY_BY_SLUG.get(slug);
  if (!category) throw notFound(CATEGORY_NOT_FOUND);
  return { image: await categoryCard(ctx, category), maxAge: HOUR };
}

/** GET /og/site.jpg. */
export async function siteImageAnswer(ctx: PreviewContext): Promise<PreviewAnswer> {
  return { image: await siteImage(ctx), maxAge: HOUR };
}

/**
 * GET /og/listing/<id>.jpg: the listing's first image fitted to 1200×630 (an image stored by this site; anything
 * else, or an image that cannot be read, gives the category's card). 400 bad id, 404 no such listing; the listings
 * service not answering gives the site's card for a minute.
 */
export async function listingImage(ctx: PreviewContext, rawId: string): Promise<PreviewAnswer> {
  const listingId = id(rawId, 'listing');
  let listing;
  try {
    listing = await ctx.sources.listing(listingId);
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    ctx.deps.logger.warn({ err: err.message, listingId }, 'listing unavailable; site card as its preview image');
    return { image: await siteImage(ctx), maxAge: FALLBACK_MAX_AGE };
  }
  if (!listing) throw notFound(LISTING_NOT_FOUND);
  const first = listing.imageUrls[0];
  if (isStoredImage(first)) {
    try {
      return {
        image: await ctx.cache.get('listing', [first], async () => renderPhoto(await ctx.sources.storedImage(first), maxPixels(ctx.deps))),
        maxAge: HOUR,
      };
    } catch (err) {
      if (err instanceof HttpError) throw err; // the render queue is full: 503
      ctx.deps.logger.warn({ err: String(err), listingId, image: first }, 'listing image unusable; category card as its preview image');
      return { image: await categoryCard(ctx, listing.category), maxAge: err instanceof UpstreamError ? FALLBACK_MAX_AGE : HOUR };
    }
  }
  return { image: await categoryCard(ctx, listing.category), maxAge: HOUR };
}

/**
 * GET /og/business/<id>.jpg: the business's logo centred on the branded card when the logo is an image stored by
 * this site; an external logo is never fetched (SSRF): the site's card. 400 bad id, 404 no such business.
 */
export async function businessImage(ctx: PreviewContext, rawId: string): Promise<PreviewAnswer> {
  const businessId = id(rawId, 'business');
  let business;
  try {
    business = await ctx.sources.business(businessId);
  } catch (err) {
    if (!(err instanceof UpstreamError)) throw err;
    ctx.deps.logger.warn({ err: err.message, businessId }, 'directory unavailable; site card as the preview image');
    return { image: await siteImage(ctx), maxAge: FALLBACK_MAX_AGE };
  }
  if (!business) throw notFound(BUSINESS_NOT_FOUND);
  const logo = business.logoUrl;
  if (!isStoredImage(logo)) return { image: await siteImage(ctx), maxAge: HOUR };
  const name = siteName(ctx.deps);
  try {
    return {
      image: await ctx.cache.get('business', [name, logo, business.name], async () =>
        renderLogoCard(await ctx.sources.storedImage(logo), { siteName: name, name: business.name, maxPixels: maxPixels(ctx.deps) }),
      ),
      maxAge: HOUR,
    };
  } catch (err) {
    if (err instanceof HttpError) throw err; // the render queue is full: 503
    ctx.deps.logger.warn({ err: String(err), businessId, logo }, 'business logo unusable; site card as its preview image');
    return { image: await siteImage(ctx), maxAge: err instanceof UpstreamError ? FALLBACK_MAX_AGE : HOUR };
  }
}
