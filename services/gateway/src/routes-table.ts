// Which service owns which public path: @cp/contracts (public-routes.ts), shared with the renderer.

export { createRouteMatcher, NEVER_ROUTED, ROUTE_RULES, SERVICE_NAMES, type RouteKind, type RouteMatcher, type RouteRule, type ServiceName } from '@cp/contracts';

/**
 * A path is forwarded only if no upstream could read it as another path: no `.`/`..` segments (also percent-encoded),
 * no encoded slash or backslash, no NUL, valid percent-encoding. Stops `/api/listings/../../internal/...`.
 */
export function isSafePath(path: string): boolean {
  if (!path.startsWith('/') || path.includes('\\')) return false;
  for (const segment of path.split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false;
    }
    if (decoded === '.' || decoded === '..' || decoded.includes('/') || decoded.includes('\\') || decoded.includes('\0')) return false;
  }
  return true;
}
