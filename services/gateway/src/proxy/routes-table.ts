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
