import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PageRenderer, PageRendererModule } from '@cp/contracts';
import type { Logger } from '@cp/service-kit';
import type { ServiceClient } from '../upstream.ts';
import type { RegisteredLookup } from '../registered.ts';
import { matchRoute } from '../platform-routes.ts';

/**
 * The pages' bodies (issue 20): the shell's server bundle (shell/src/server.tsx, built to dist/server/server.js)
 * renders the page with the remotes' server containers it loads from the registry at run time. Its data comes from the
 * services directly, by the public routes table (platform-routes.ts, from the services' manifests: the gateway forwards by the same table),
 * GET only, anonymous: never a visitor's cookie, so a rendered body is the same for everyone and may be cached.
 */
export interface BodyDeps {
  bundle: string;
  siteOrigin: string;
  registryTtlMs: number;
  /** The services the renderer may read a page's data from; an `/api` path of any other answers 503 (the browser asks). */
  services: Partial<Record<string, ServiceClient>>;
  logger: Logger;
}

/** Loads the shell's server bundle; undefined (and a warning) when it is not built: pages are then heads only. */
export function loadPageRenderer(deps: BodyDeps): PageRenderer | undefined {
  const file = path.resolve(deps.bundle);
  if (!existsSync(file)) {
    deps.logger.warn({ file }, 'shell server bundle missing (npm run build:web): pages are not rendered on the server');
    return undefined;
  }
  const mod = createRequire(import.meta.url)(file) as Partial<PageRendererModule>;
  if (typeof mod.createPageRenderer !== 'function') throw new Error(`${file} is not the shell's server bundle (no createPageRenderer)`);
  return mod.createPageRenderer({
    siteOrigin: deps.siteOrigin,
    registryTtlMs: deps.registryTtlMs,
    fetchApi: apiReader(deps.services),
    log: (level, message, data) => deps.logger[level](data ?? {}, message),
  });
}

/**
 * The page's API GETs, each routed to its service by the public routes table, else to a service that registered the
 * path at run time (`registered`, issue 35); any other path answers 503.
 */
export function apiReader(services: Partial<Record<string, ServiceClient>>, registered?: RegisteredLookup): (apiPath: string, signal: AbortSignal) => Promise<Response> {
  return async (apiPath, signal) => {
    const pathname = new URL(apiPath, 'http://x').pathname;
    const rule = matchRoute(pathname);
    const service = rule ? services[rule.service] : registered?.(pathname);
    if (!service) return Response.json({ error: 'Not available while rendering' }, { status: 503 });
    return service.get(apiPath, signal);
  };
}
