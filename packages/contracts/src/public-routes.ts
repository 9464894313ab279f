/**
 * Which service owns which public path (issue 20: the gateway forwards by it, and the renderer fetches a page's data by
 * it, straight from the services). The gateway is the only origin the browser talks to; every service keeps its own
 * `/api/...` paths, so requests are forwarded with their path unchanged.
 */

export const SERVICE_NAMES = ['identity', 'listings', 'forum', 'directory', 'ads', 'comms', 'search', 'renderer', 'moderation', 'messages'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** `api`: JSON endpoints (small bodies, short timeout). `upload`: multipart image uploads (large bodies, long timeout). */
/** 'api': a request and its answer; 'upload': a large body, more time; 'stream': a long-lived answer (server-sent events). */
export type RouteKind = 'api' | 'upload' | 'stream';

/**
 * The gateway's per-IP rate-limit classes: a request a rule's `limits` name counts in its class's bucket (env
 * `RATE_LIMIT_<CLASS>`: one bucket per class, shared by every path of the class) besides the global one. The OpenAPI
 * documents take each operation's class from here (`routeRateLimit`), so the table and the API description agree.
 */
export const RATE_LIMIT_CLASSES = ['auth', 'password', 'contact', 'upload', 'adEvents'] as const;
export type RateLimitClass = (typeof RATE_LIMIT_CLASSES)[number];

/**
 * The `{ error }` of the gateway's 429 for a class whose answer says more than the general one (the service kit's
 * `rateLimit` default, "Too many requests, please try again later."). The gateway's limiter answers it, and the OpenAPI
 * documents show it beside the operations of the class.
 */
export const RATE_LIMIT_MESSAGES: Readonly<Partial<Record<RateLimitClass, string>>> = {
  auth: 'Too many attempts, please try again later.',
};

export interface RouteLimit {
  /** The method it counts (the classes are for state changes). */
  method: 'POST';
  class: RateLimitClass;
  /**
   * The one path it counts, router-style (`/api/advertisements/:id/click`: a `:name` is one segment), matched whole (a
   * trailing slash aside). Absent: the rule's prefix and everything below it.
   */
  path?: string;
}

export interface RouteRule {
  /** Matches the path itself and everything below it (`/api/auth` matches `/api/auth/user`, not `/api/authx`). */
  prefix: string;
  service: ServiceName;
  kind: RouteKind;
  /** The rate-limit classes of requests under this rule (see RouteLimit); the first that matches counts. */
  limits?: readonly RouteLimit[];
}

export const ROUTE_RULES: readonly RouteRule[] = [
  { prefix: '/api/register', service: 'identity', kind: 'api', limits: [{ method: 'POST', class: 'auth', path: '/api/register' }] },
  { prefix: '/api/local-login', service: 'identity', kind: 'api', limits: [{ method: 'POST', class: 'auth', path: '/api/local-login' }] },
  { prefix: '/api/logout', service: 'identity', kind: 'api' },
  { prefix: '/api/auth', service: 'identity', kind: 'api' },
  { prefix: '/api/forgot-password', service: 'identity', kind: 'api', limits: [{ method: 'POST', class: 'password', path: '/api/forgot-password' }] },
  { prefix: '/api/reset-password', service: 'identity', kind: 'api', limits: [{ method: 'POST', class: 'password', path: '/api/reset-password' }] },
  { prefix: '/api/listings', service: 'listings', kind: 'api' },
  { prefix: '/api/saved-listings', service: 'listings', kind: 'api' },
  { prefix: '/api/upload', service: 'listings', kind: 'upload', limits: [{ method: 'POST', class: 'upload' }] },
  // Saved searches and their alerts (issue 22 §3); the alert mails' one-click unsubscribe is under it.
  { prefix: '/api/saved-searches', service: 'listings', kind: 'api' },
  { prefix: '/uploads', service: 'listings', kind: 'api' },
  { prefix: '/api/forum', service: 'forum', kind: 'api' },
  { prefix: '/api/businesses', service: 'directory', kind: 'api' },
  { prefix: '/api/admin/businesses', service: 'directory', kind: 'api' },
  { prefix: '/api/yellow-pages', service: 'directory', kind: 'api' },
  {
    prefix: '/api/advertisements',
    service: 'ads',
    kind: 'api',
    limits: [
      { method: 'POST', class: 'adEvents', path: '/api/advertisements/:id/impression' },
      { method: 'POST', class: 'adEvents', path: '/api/advertisements/:id/click' },
    ],
  },
  { prefix: '/api/contact', service: 'comms', kind: 'api', limits: [{ method: 'POST', class: 'contact', path: '/api/contact' }] },
  { prefix: '/api/newsletter', service: 'comms', kind: 'api', limits: [{ method: 'POST', class: 'contact', path: '/api/newsletter/subscribe' }] },
  // The unread-message mails' unsubscribe (issue 23 §5).
  { prefix: '/api/message-mails', service: 'comms', kind: 'api' },
  { prefix: '/api/search', service: 'search', kind: 'api' },
  // Trust and safety (issue 21): reporting content, and the admin's moderation queue, bans and audit log.
  { prefix: '/api/reports', service: 'moderation', kind: 'api' },
  { prefix: '/api/admin/moderation', service: 'moderation', kind: 'api' },
  // The releases by percentage of the remotes (issue 35 §4): the admins' API, where admins are checked.
  { prefix: '/api/admin/releases', service: 'moderation', kind: 'api' },
  // Messages between neighbours (issue 23): conversations, the unread count, blocks.
  { prefix: '/api/conversations', service: 'messages', kind: 'api' },
  { prefix: '/api/messages', service: 'messages', kind: 'api' },
  { prefix: '/api/messages/stream', service: 'messages', kind: 'stream' },
  { prefix: '/api/blocks', service: 'messages', kind: 'api' },
  // The renderer's public files (issue 20): not under /api, so they count in the site's rate-limit bucket (as /uploads);
  // the renderer sets their Cache-Control. Its page heads are /internal (never routed): the page asks for them itself.
  { prefix: '/robots.txt', service: 'renderer', kind: 'api' },
  { prefix: '/sitemap.xml', service: 'renderer', kind: 'api' },
  { prefix: '/sitemaps', service: 'renderer', kind: 'api' },
  { prefix: '/og', service: 'renderer', kind: 'api' },
];

/** Paths that are never forwarded, whatever a rule says: service-to-service endpoints live under `/internal`. */
export const NEVER_ROUTED = ['/internal'];

export type RouteMatcher = (path: string) => RouteRule | undefined;

/**
 * Longest matching prefix wins, on whole path segments. Without rules: the table above. With rules of another shape
 * (the gateway's, whose services also come from the run-time registry): a matcher of those.
 */
export function createRouteMatcher(): RouteMatcher;
export function createRouteMatcher<R extends { prefix: string }>(rules: readonly R[]): (path: string) => R | undefined;
export function createRouteMatcher(rules: readonly { prefix: string }[] = ROUTE_RULES): (path: string) => { prefix: string } | undefined {
  // Each prefix with the slash after it made once (`under` per rule would build it again for every path asked).
  const wholeSegments = (prefix: string) => ({ prefix, below: prefix.endsWith('/') ? prefix : `${prefix}/` });
  const sorted = [...rules].sort((a, b) => b.prefix.length - a.prefix.length).map((rule) => ({ rule, ...wholeSegments(rule.prefix) }));
  const never = NEVER_ROUTED.map(wholeSegments);
  const isUnder = (path: string, p: { prefix: string; below: string }) => path === p.prefix || path.startsWith(p.below);
  return (path) => {
    if (never.some((p) => isUnder(path, p))) return undefined;
    return sorted.find((r) => isUnder(path, r))?.rule;
  };
}

/** `/api/advertisements/:id/click` → a whole-path pattern (a `:name` is one segment), kept per limit. */
const limitPatterns = new WeakMap<RouteLimit, RegExp>();
function limitPattern(limit: RouteLimit, path: string): RegExp {
  let re = limitPatterns.get(limit);
  if (!re) {
    re = new RegExp(`^${path.split('/').map((s) => (s.startsWith(':') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`);
    limitPatterns.set(limit, re);
  }
  return re;
}

/**
 * The rate-limit class a request counts in: the first of its rule's `limits` for its method and path (a trailing slash
 * aside), or none. `rule` is what the matcher answered for the path. The gateway's limiter and the OpenAPI documents
 * (an operation's router path, `:id` and all) both ask this.
 */
export function routeRateLimit(rule: { limits?: readonly RouteLimit[] | undefined } | undefined, method: string, path: string): RateLimitClass | undefined {
  if (!rule?.limits) return undefined;
  const m = method.toUpperCase();
  const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
  for (const limit of rule.limits) {
    if (limit.method !== m) continue;
    if (limit.path === undefined || limitPattern(limit, limit.path).test(p)) return limit.class;
  }
  return undefined;
}
