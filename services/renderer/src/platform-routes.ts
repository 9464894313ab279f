/**
 * The public route table as the renderer knows it when it starts: every route of the platform's manifests beside its
 * own folder (`services/<name>/service.json`, issue 35), made by contracts' routeRules — the same table the gateway
 * forwards by. A page's API read under one of them goes to that service; any other, to a service that registered the
 * path at run time (registered.ts).
 */
import { createRouteMatcher, routeRules, type RouteRule } from '@cp/contracts';
import { platformManifests } from '@cp/service-kit';

export const ROUTE_RULES: readonly RouteRule[] = routeRules(platformManifests(import.meta.url).filter((m) => m.kind === 'service'));

/** The owner of a path by ROUTE_RULES (longest prefix). */
export const matchRoute = createRouteMatcher(ROUTE_RULES);
