// No zod here: the remotes' home sections use listItems, and zod must stay off the home page.

/**
 * Two shapes for every list endpoint (issue 25 §3), and the spec's bare arrays:
 * - THE list shape, `CursorPage` `{ items, nextCursor }`: a bounded slice of a list in its fixed order (forum posts
 *   and replies, businesses, Yellow Pages, ads asked with `limit`/`cursor`; always: a business's reviews,
 *   conversations, messages, blocks; suggestions and saved searches, one slice with nextCursor null).
 * - THE page shape, `PageResponse` `{ items, total, page, pageSize }`: a page asked by number, for screens that show
 *   "Page n of m" (search's pages, which add their facets or counts, My Listings, saved listings, the moderation
 *   queue, the sitemap feed).
 * - A bare JSON array (ListResponse) only where the product spec's call answers "the list" and the client filters it
 *   (spec §7: GET /api/listings, /api/forum/posts, /api/forum/posts/{id}/replies, /api/businesses, /api/yellow-pages,
 *   /api/advertisements asked without `limit`/`cursor`), bounded by FULL_LIST_MAX.
 * A client never guesses. The zod forms (common.ts): CursorPageSchema, PageResponseSchema (an answer with more fields
 * `.extend`s one of them, never re-spells it) and ListResponseSchema.
 */
export type ListResponse<T> = T[];

/**
 * The one cursor list shape (issue 24 §2): a bounded slice of a list in its fixed order, and the opaque cursor of the
 * next slice (pass it back as `?cursor=`; null on the last one). Asked with `?limit=` (1..the endpoint's max, zod-
 * checked: more is a 400) and/or `?cursor=`. The page-number form (`PageResponse`) is for screens that show "Page n
 * of m" (search's pages, My Listings, saved listings, the moderation queue). The zod form: CursorPageSchema (common.ts).
 */
export interface CursorPage<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * The page size of every bounded list, its one spelling: the default (`limit` of a cursor list, `pageSize` of a
 * numbered page) and its maximum (more is a 400). Zod-free, for the web's queries as well as the services' schemas.
 */
export const LIST_PAGE_SIZES = {
  forumPosts: { default: 20, max: 100 },
  forumReplies: { default: 50, max: 100 },
  businesses: { default: 24, max: 100 },
  yellowPages: { default: 24, max: 100 },
  reviews: { default: 20, max: 100 },
  advertisements: { default: 50, max: 100 },
  /** Numbered pages of listings: GET /api/listings?page=…, the search service's GET /api/search/listings, /listings. */
  listings: { default: 24, max: 100 },
  /** Numbered pages of GET /api/saved-listings (/saved). */
  savedListings: { default: 24, max: 100 },
  /** Numbered pages of GET /api/search (/search). */
  search: { default: 20, max: 50 },
  /** Numbered pages of the admin's moderation lists (cases, bans, log). */
  moderation: { default: 20, max: 50 },
  /** GET /api/conversations, a conversation's messages, GET /api/blocks (cursor lists). */
  conversations: { default: 20, max: 50 },
  messages: { default: 30, max: 100 },
  blocks: { default: 50, max: 100 },
} as const;

/**
 * The most one bare-array answer (ListResponse: the spec's "list of …", asked without `limit` or `cursor`) carries.
 * Past it the answer holds the first FULL_LIST_MAX items in the list's order and a `Link: <…>; rel="next"` header
 * names the cursor page that follows: a screen whose collection can grow past it asks for cursor pages instead.
 * At least the listings page's client-mode threshold (LISTINGS_SERVER_SEARCH_THRESHOLD), whose full list it downloads.
 */
export const FULL_LIST_MAX = 2000;

export interface PageResponse<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * The items of a list answer. Anything but an array is the service breaking the contract: it is thrown, so the screen
 * shows its error state instead of a list that looks empty.
 */
export function listItems<T>(data: unknown): ListResponse<T> {
  if (Array.isArray(data)) return data as T[];
  throw new TypeError('The service answered something else than a list');
}

/** Whether an answer is a cursor page (`{ items: [...], nextCursor }`). */
export function isCursorPage(data: unknown): data is CursorPage<unknown> {
  return typeof data === 'object' && data !== null && Array.isArray((data as { items?: unknown }).items) && 'nextCursor' in data;
}

/**
 * A cursor page of a list answer (what the screens that page use): a cursor page as is, a bare array as the one and
 * last page. Anything else is the service breaking the contract: thrown, as listItems does.
 */
export function cursorPageOf<T>(data: unknown): CursorPage<T> {
  if (Array.isArray(data)) return { items: data as T[], nextCursor: null };
  if (isCursorPage(data) && (data.nextCursor === null || typeof data.nextCursor === 'string')) return data as CursorPage<T>;
  throw new TypeError('The service answered something else than a list');
}
