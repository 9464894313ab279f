import '../zod-config.ts';
import { z } from 'zod';
import { ListResponseSchema } from '../common.ts';
import { FULL_LIST_MAX } from '../lists.ts';
import type { OwnPostingAction, PostingAction } from '../moderation-values.ts';

/**
 * How a service describes its HTTP operations, once: each entry of its operation table (`services/<name>/src/api.ts`,
 * service-kit's `defineOperations`, which adds the handler and builds the router from the same entry). The OpenAPI
 * generator (`npm run openapi`, scripts/openapi/) builds each service's document and the gateway's merged one from
 * these declarations. Every
 * schema is one of the contracts' zod schemas (or built from them, e.g. `ListResponseSchema(ListingSchema)`), never a
 * copy.
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call: `none` (anyone, the session is not read), `optional` (anyone; a valid session changes the answer, e.g.
 * the owner sees their own hidden item), `user` (a signed-in session: 401 without), `admin` (401 signed out, 403 without
 * the admin role), `internal` (service to service under /internal; the gateway never routes it).
 */
export type ApiAuth = 'none' | 'optional' | 'user' | 'admin' | 'internal';

/** An answer of an operation other than an error. */
export interface ApiResponse {
  description: string;
  /** The JSON body (a contracts schema); absent: no JSON body (204, a redirect, or `content` below). */
  schema?: z.ZodType;
  /** A body that is not JSON (an image, XML, an event stream, text). */
  content?: { type: string; description?: string };
  /** Response headers worth naming (Location of a redirect, Set-Cookie of a login). */
  headers?: Record<string, string>;
}

export interface ApiOperation {
  method: HttpMethod;
  /** The router's path as registered (`/api/listings/:id`, `/uploads/*key`). */
  path: string;
  /** A unique camelCase id within the service. */
  id: string;
  summary: string;
  description?: string;
  auth: ApiAuth;
  /** Path parameters by name (`:id` → `{ id: IdSchema }`); every `:name` of the path must be here. */
  params?: Record<string, z.ZodType>;
  /** The query string (a contracts object schema: each property is a query parameter). */
  query?: z.ZodType;
  /** The JSON request body; `form` also accepts `application/x-www-form-urlencoded` (one-click unsubscribe). */
  body?: z.ZodType;
  /** A request body that is not JSON (multipart uploads). */
  bodyContent?: { type: string; description: string };
  bodyAlsoForm?: boolean;
  /** The answers by status (200, 201, 202, 204, 303 ...). */
  responses: Record<number, ApiResponse>;
  /** The error statuses it may answer with `{ error }` (ErrorResponseSchema), besides 429/5xx every route may give. */
  errors: number[];
  /**
   * The per-account posting limit it counts in (service-kit posting-limits.ts): one of the site's (POSTING_LIMIT_DEFAULTS)
   * or the service's own action: 429.
   */
  postingLimit?: PostingAction | OwnPostingAction;
}

export interface ServiceApi {
  /** The service (or the gateway, for what it answers itself). */
  /** The service's name (its folder and manifest's), or 'gateway' for the gateway's own routes. */
  service: string;
  title: string;
  description: string;
  operations: ApiOperation[];
}

/**
 * What a list endpoint of the spec's "list of …" says when it also pages (ads, businesses, the Yellow Pages, forum
 * posts and replies): the bare list without `limit` or `cursor`, a cursor page with either. Its 200 answer:
 * `listOrPageAnswer(what, item, page)`.
 */
export const LIST_OR_PAGE_DESCRIPTION = `Without \`limit\` or \`cursor\`: the bare list (at most FULL_LIST_MAX, ${FULL_LIST_MAX}). With either: a cursor page \`{ items, nextCursor }\`; pass \`nextCursor\` back as \`cursor\` for the next one (null on the last).`;

/** The 200 answer of such an endpoint: `what` (the items named), the bare list of `item` or a `page`, the Link header past FULL_LIST_MAX. */
export function listOrPageAnswer(what: string, item: z.ZodType, page: z.ZodType): ApiResponse {
  return {
    description: `${what}: the bare list or a cursor page.`,
    schema: z.union([ListResponseSchema(item), page]),
    headers: { Link: 'Past FULL_LIST_MAX items, the bare list stops there and `<…?cursor=…>; rel="next"` names the cursor page that follows.' },
  };
}
