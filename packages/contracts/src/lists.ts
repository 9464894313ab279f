// No zod here: the remotes' home sections use listItems, and zod must stay off the home page.

/**
 * One contract for every list endpoint. An endpoint that answers "the list" in the product spec — GET /api/listings,
 * /api/forum/posts, /api/forum/posts/{id}/replies, /api/businesses, /api/yellow-pages, /api/advertisements — answers
 * a bare JSON array of the entity (ListResponse), which the client filters. An endpoint asked for a page (query
 * parameters such as page, pageSize, search: GET /api/listings?…) answers a PageResponse. A client never guesses.
 * The zod forms for services and tests: ListResponseSchema and PageResponseSchema (common.ts).
 */
export type ListResponse<T> = T[];

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
