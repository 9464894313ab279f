import './zod-config.ts';
import { z } from 'zod';
import { IdSchema, QueryTextSchema } from './common.ts';
import { PRICE_BUCKET_IDS, type PriceBucketId } from './constants.ts';
import { ListingSchema, ListingsQuerySchema } from './listings.ts';
import {
  SEARCH_HIT_TYPES,
  SEARCH_PAGE_SIZE_DEFAULT,
  SEARCH_PAGE_SIZE_MAX,
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

/** GET /api/search/listings query: exactly GET /api/listings' query (search, filters, sort, page) with the §9 rules. */
export const SearchListingsQuerySchema = ListingsQuerySchema;

const countsOf = <K extends string>(keys: readonly [K, ...K[]]) => z.object(Object.fromEntries(keys.map((k) => [k, z.number().int().nonnegative()])) as Record<K, z.ZodNumber>);

export const ListingFacetsSchema = z.object({
  category: z.record(z.string(), z.number().int().nonnegative()),
  location: z.record(z.string(), z.number().int().nonnegative()),
  priceRange: countsOf<PriceBucketId>(PRICE_BUCKET_IDS),
});

/** GET /api/search/listings answer: `{ items, total, page, pageSize }` as GET /api/listings?..., plus the facets. */
export const SearchListingsPageSchema = z.object({
  items: z.array(ListingSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  facets: ListingFacetsSchema,
});

/** GET /api/search/suggest query: typo-tolerant prefix words, across listings, businesses and forum posts. */
export const SuggestQuerySchema = z
  .object({
    q: QueryTextSchema().pipe(z.string().min(SUGGEST_MIN_CHARS, `Type at least ${SUGGEST_MIN_CHARS} characters`)),
    limit: z.coerce.number().int().min(1).max(SUGGEST_LIMIT_MAX).default(SUGGEST_LIMIT_DEFAULT),
  })
  .strict();

export const SuggestResponseSchema = z.object({ items: z.array(SearchHitSchema) });

/** GET /api/search query: the words (typo-tolerant, prefix), an optional type, the page. */
export const SearchQuerySchema = z
  .object({
    q: QueryTextSchema().pipe(z.string().min(1, 'Type something to search for')),
    type: SearchHitTypeSchema.optional(),
    page: z.coerce.number().int().min(1).max(1_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE_DEFAULT),
  })
  .strict();

export const SearchResponseSchema = z.object({
  items: z.array(SearchHitSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  counts: countsOf(SEARCH_HIT_TYPES),
});

// The zod-free answer types (search-values.ts) are the schemas' outputs: a change to one without the other fails tsc.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameTypes: [
  Same<z.output<typeof SearchHitSchema>, SearchHit>,
  Same<z.output<typeof SearchListingsPageSchema>, SearchListingsPage>,
  Same<z.output<typeof SuggestResponseSchema>, SuggestResponse>,
  Same<z.output<typeof SearchResponseSchema>, SearchResponse>,
] = [true, true, true, true];
void sameTypes;
