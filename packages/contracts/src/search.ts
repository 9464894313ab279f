import './zod-config.ts';
import { z } from 'zod';
import { CursorPageSchema, IdSchema, IsoDateTimeSchema, PageResponseSchema, QueryTextSchema } from './common.ts';
import { PRICE_BUCKET_IDS, type PriceBucketId } from './constants.ts';
import { ListingSchema, ListingsQuerySchema } from './listings.ts';
import { LIST_PAGE_SIZES } from './lists.ts';
import {
  SEARCH_HIT_TYPES,
  SEARCH_SNIPPET_MAX,
  SUGGEST_LIMIT_DEFAULT,
  SUGGEST_LIMIT_MAX,
  SUGGEST_MIN_CHARS,
  type SearchHit,
  type SearchListingsPage,
  type SearchResponse,
  type SuggestResponse,
} from './search-values.ts';

export const SearchHitTypeSchema = z.enum(SEARCH_HIT_TYPES);

export const SearchHitSchema = z.object({
  type: SearchHitTypeSchema,
  id: IdSchema,
  title: z.string(),
  snippet: z.string().max(SEARCH_SNIPPET_MAX),
  url: z.string(),
});

/** GET /api/search/listings query: search, filters, sort and page with the §9 rules (ListingsQuerySchema). */
export const SearchListingsQuerySchema = ListingsQuerySchema;

const countsOf = <K extends string>(keys: readonly [K, ...K[]]) => z.object(Object.fromEntries(keys.map((k) => [k, z.number().int().nonnegative()])) as Record<K, z.ZodNumber>);

export const ListingFacetsSchema = z.object({
  category: z.record(z.string(), z.number().int().nonnegative()),
  location: z.record(z.string(), z.number().int().nonnegative()),
  priceRange: countsOf<PriceBucketId>(PRICE_BUCKET_IDS),
});

/** GET /api/search/listings answer: the page shape `{ items, total, page, pageSize }` of listings, plus the facets. */
export const SearchListingsPageSchema = PageResponseSchema(ListingSchema).extend({ facets: ListingFacetsSchema });

/** GET /api/search/suggest query: typo-tolerant prefix words, across listings, businesses and forum posts. */
export const SuggestQuerySchema = z
  .object({
    q: QueryTextSchema().pipe(z.string().min(SUGGEST_MIN_CHARS, `Type at least ${SUGGEST_MIN_CHARS} characters`)),
    limit: z.coerce.number().int().min(1).max(SUGGEST_LIMIT_MAX).default(SUGGEST_LIMIT_DEFAULT),
  })
  .strict();

/** GET /api/search/suggest answer: the list shape, one slice (nextCursor always null), best first. */
export const SuggestResponseSchema = CursorPageSchema(SearchHitSchema);

/** GET /api/search query: the words (typo-tolerant, prefix), an optional type, the page. */
export const SearchQuerySchema = z
  .object({
    q: QueryTextSchema().pipe(z.string().min(1, 'Type something to search for')),
    type: SearchHitTypeSchema.optional(),
    page: z.coerce.number().int().min(1).max(1_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(LIST_PAGE_SIZES.search.max).default(LIST_PAGE_SIZES.search.default),
  })
  .strict();

/** GET /api/search answer: the page shape of hits, plus the hits of each type. */
export const SearchResponseSchema = PageResponseSchema(SearchHitSchema).extend({ counts: countsOf(SEARCH_HIT_TYPES) });

/**
 * The search service's internal sitemap feed (issue 20), for the renderer's sitemaps: never routed by the gateway.
 * `GET /internal/sitemap/{kind}?page=&pageSize=` → one page of the public documents of a kind, in a stable order
 * (creation, then id), each with its last change.
 */
export const SITEMAP_KINDS = ['listings', 'posts', 'businesses'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];
export const SitemapKindSchema = z.enum(SITEMAP_KINDS);
/** The sitemaps.org limit of URLs per sitemap file, and so the largest page. */
export const SITEMAP_PAGE_SIZE_MAX = 50_000;
/** The highest page asked for (50,000 × 10,000 documents is far past what one search replica holds). */
export const SITEMAP_PAGE_MAX = 10_000;

export const SitemapQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(SITEMAP_PAGE_MAX).default(1),
    pageSize: z.coerce.number().int().min(1).max(SITEMAP_PAGE_SIZE_MAX).default(SITEMAP_PAGE_SIZE_MAX),
  })
  .strict();
export type SitemapQuery = z.output<typeof SitemapQuerySchema>;

export const SitemapEntrySchema = z.object({ id: IdSchema, lastmod: IsoDateTimeSchema });
export type SitemapEntry = z.output<typeof SitemapEntrySchema>;

/** `{ total, page, pageSize, items }`: `total` counts every public document of the kind (for the number of pages). */
export const SitemapPageSchema = PageResponseSchema(SitemapEntrySchema);
export type SitemapPage = z.output<typeof SitemapPageSchema>;

/** `GET /internal/sitemap/{kind}/summary?pageSize=`: what a sitemap index needs without reading every page. */
export const SitemapSummaryQuerySchema = z.object({ pageSize: SitemapQuerySchema.shape.pageSize }).strict();

/**
 * `total` public documents of the kind; `pages[i]`: page i + 1 at `pageSize`, with the latest `lastmod` of its
 * documents (at most SITEMAP_PAGE_MAX pages: the pages route serves no further).
 */
export const SitemapSummarySchema = z.object({
  total: z.number().int().nonnegative(),
  pageSize: z.number().int().positive(),
  pages: z.array(z.object({ lastmod: IsoDateTimeSchema })).max(SITEMAP_PAGE_MAX),
});
export type SitemapSummary = z.output<typeof SitemapSummarySchema>;

// The zod-free answer types (search-values.ts) are the schemas' outputs: a change to one without the other fails tsc.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameTypes: [
  Same<z.output<typeof SearchHitSchema>, SearchHit>,
  Same<z.output<typeof SearchListingsPageSchema>, SearchListingsPage>,
  Same<z.output<typeof SuggestResponseSchema>, SuggestResponse>,
  Same<z.output<typeof SearchResponseSchema>, SearchResponse>,
] = [true, true, true, true];
void sameTypes;
