/**
 * How public paths are owned (issue 20: the gateway forwards by it, and the renderer fetches a page's data by it,
 * straight from the services). The gateway is the only origin the browser talks to; every service keeps its own
 * `/api/...` paths, so requests are forwarded with their path unchanged. Which service owns which prefix is declared
 * once, by each service in its manifest (`services/<name>/service.json` routes, issue 35); `routeRules` (deployables.ts)
 * makes the table from the manifests.
 */

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
  /** The service whose manifest declares the prefix. */
  service: string;
  kind: RouteKind;
  /** The rate-limit classes of requests under this rule (see RouteLimit); the first that matches counts. */
  limits?: readonly RouteLimit[];
}

/** Paths that are never forwarded, whatever a rule says: service-to-service endpoints live under `/internal`. */
export const NEVER_ROUTED = ['/internal'];

export type RouteMatcher = (path: string) => RouteRule | undefined;

/** Longest matching prefix wins, on whole path segments; nothing under NEVER_ROUTED matches. */
export function createRouteMatcher<R extends { prefix: string }>(rules: readonly R[]): (path: string) => R | undefined {
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
