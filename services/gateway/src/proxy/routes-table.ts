// Which service owns which public path, and each path's rate-limit class: @cp/contracts (public-routes.ts), shared
// with the renderer (it fetches a page's data by it) and the OpenAPI documents (they take each operation's class from it).

export {
  createRouteMatcher,
  NEVER_ROUTED,
  RATE_LIMIT_CLASSES,
  RATE_LIMIT_MESSAGES,
  ROUTE_RULES,
  routeRateLimit,
  SERVICE_NAMES,
  type RateLimitClass,
  type RouteKind,
  type RouteLimit,
  type RouteMatcher,
  type RouteRule,
  type ServiceName,
} from '@cp/contracts';

import type { RouteRule } from '@cp/contracts';

/**
 * A rule of the gateway's table: the static table's (contracts ROUTE_RULES) or one a running service registered
 * (issue 35), whose service may be one the gateway was never configured with.
 */
export type GatewayRoute = Omit<RouteRule, 'service'> & { service: string };
