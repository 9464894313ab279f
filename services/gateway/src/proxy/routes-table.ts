// Which service owns which public path, and each path's rate-limit class: @cp/contracts (public-routes.ts), shared
// with the renderer (it fetches a page's data by it) and the OpenAPI documents (they take each operation's class from it).

export {
  createRouteMatcher,
  NEVER_ROUTED,
  RATE_LIMIT_CLASSES,
  RATE_LIMIT_MESSAGES,
  routeRateLimit,
  type RateLimitClass,
  type RouteKind,
  type RouteLimit,
  type RouteMatcher,
  type RouteRule,
} from '@cp/contracts';

import { routeRules, type RouteRule } from '@cp/contracts';
import { platformManifests } from '@cp/service-kit';

/**
 * The platform's services as the gateway knows them when it starts: the manifests beside its own folder
 * (`services/<name>/service.json`; the image holds them all). Each may be configured with an upstream (`<NAME>_URL`,
 * SERVICE_URLS); any service, known here or not, may also register at run time (issue 35).
 */
const PLATFORM = platformManifests(import.meta.url).filter((m) => m.kind === 'service');

/** The services the gateway can be configured with, by name. */
export const SERVICE_NAMES: readonly string[] = PLATFORM.map((m) => m.name);

/** The configured route table: every route the platform's manifests declare (contracts' routeRules). */
export const ROUTE_RULES: readonly RouteRule[] = routeRules(PLATFORM);

/** `listings` → `LISTINGS_URL`, `saved-search` → `SAVED_SEARCH_URL`: the variable of a service's upstream origins. */
export const upstreamVariable = (service: string) => `${service.toUpperCase().replace(/-/g, '_')}_URL`;

/**
 * A rule of the gateway's table: the configured table's or one a running service registered (issue 35), whose service
 * may be one the gateway was never configured with.
 */
export type GatewayRoute = RouteRule;
