import type http from 'node:http';
import Koa, { type Context, type Middleware, type Next } from 'koa';
import { BEACON_PATH } from '@cp/contracts';
import { addCounter, createMetrics, errorMiddleware, healthRoutes, HttpError, listen, notFound, requestContext, securityHeaders, serveMetrics, serverSpans, type Logger, type RegistryWatch, type ReleasesWatch, type ServiceMetrics } from '@cp/service-kit';
import type { GatewayConfig } from './config.ts';
import { compressForwarded } from './shared/compression.ts';
import { isSafePath } from './shared/paths.ts';
import type { UpstreamGroup } from './shared/upstream.ts';
import { createApiProxy } from './proxy/api-proxy.ts';
import { API_DOCS_PATH, OPENAPI_PATH } from './proxy/api-docs.ts';
import { matchedRule } from './proxy/rate-limits.ts';
import { servesSite } from './web/config.ts';
import { createWebSite } from './web/web.ts';
import { visitorCookie, visitorIds } from './web/visitor-cookie.ts';
import { releaseMonitor, type ReleaseMonitor } from './releases/monitor.ts';
import { beaconRoute, type BeaconLimits } from './releases/beacon.ts';

/**
 * The gateway: the API proxy (proxy/) and the web site (web/) behind one origin. This file is the one place they
 * meet: one Koa app, the order of the middleware, and which half answers a path.
 */

export interface GatewayOptions {
  /**
   * Replaces the web site (web/: shell, microfrontends, remote registry, from config.web) for every request that is
   * not `/api/*`, `/uploads/*`, `/internal/*`, `/healthz` or `/readyz` (after security headers, rate limits and
   * cross-site protection). Without it and without web configuration, such requests answer 404 JSON.
   */
  staticRoutes?: Middleware;
  /** The run-time registry (issue 35): services and remotes that register themselves join the gateway's tables. */
  registry?: RegistryWatch;
  /**
   * The releases by percentage (issue 35 §4): each visitor is served his version of a remote with a release, the
   * browsers' reports come to the beacon route (BEACON_PATH), and a failing candidate is rolled back here.
   */
  releases?: ReleasesWatch;
  /** The beacon's own rate limits (default beacon.ts DEFAULT_BEACON_LIMITS). */
  beaconLimits?: BeaconLimits;
}

export interface GatewayApp {
  app: Koa;
  /** Its Prometheus metrics (issue 36): every request by gatewayRoute, the Node runtime. */
  metrics: ServiceMetrics;
  /** One per configured or registered service: its upstreams (replicas). */
  upstreams: ReadonlyMap<string, UpstreamGroup>;
  /** The releases' counting and rollback, when the gateway watches the releases. */
  releases: ReleaseMonitor | undefined;
  /** Closes the upstream connection pools (after the HTTP server stopped accepting). */
  close(): Promise<void>;
}

/** Methods the site uses; anything else (TRACE, WebDAV...) is answered here and never forwarded. */
const FORWARDED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * `router` asked only for a path that starts like one of `paths` (case-insensitively, up to a segment: a superset of
 * what a router matches), so a request for anything else goes on without walking the router's layers.
 */
function onlyFor<C extends Context>(paths: readonly string[], router: (ctx: C, next: Next) => Promise<unknown>): Middleware {
  const mayMatch = new RegExp(`^(?:${paths.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?:/|$)`, 'i');
  return function ownPath(ctx: Context, next: Next) {
    return mayMatch.test(ctx.path) ? router(ctx as C, next) : next();
  };
}

/**
 * The gateway's Koa app. It is built from the kit's pieces (error mapping, security headers, rate limiting) but not
 * with createApp: a proxy must not parse request bodies, it streams them.
 * Order: request id + log → security headers → the visitor cookie → JSON errors → health (the kit's /healthz, /readyz)
 * → the route table's rule → rate limits → cross-site check → compression of forwarded answers → API docs → a path
 * the table routes goes to the proxy; any other /api, /uploads, /internal is 404; the rest is the web site's.
 */
/**
 * The route label of a gateway request (issue 36): the prefix of the rule that forwarded it (`/api/listings`,
 * whichever service, configured or registered, owns it), or the class of what the gateway answered itself — never the
 * raw path, so the series stay few.
 */
export function gatewayRoute(ctx: Context): string {
  const rule = matchedRule(ctx);
  if (rule) return rule.prefix;
  const path = ctx.path;
  if (path === '/healthz' || path === '/readyz' || path === OPENAPI_PATH || path === API_DOCS_PATH) return path;
  if (under(path, '/api') || under(path, '/internal') || under(path, '/uploads')) return 'unmatched';
  if (under(path, '/mf')) return '/mf';
  // The site's own files (hashed bundles, icons) and its pages (the shell's HTML with the renderer's head).
  return /\.[A-Za-z0-9]{1,8}$/.test(path) ? 'file' : 'page';
}

export function buildGatewayApp(config: GatewayConfig, logger: Logger, options: GatewayOptions = {}): GatewayApp {
  const metrics = createMetrics('gateway', { route: gatewayRoute });
  // How pages' heads and bodies were found (issue 36): kept for PAGE_HEAD_CACHE_TTL_MS, shared with a request already asking, or asked of the renderer.
  const pageAnswers = addCounter(metrics.registry, { name: 'gateway_page_answers_total', help: 'Pages answered by how their rendering was found: hit (kept), shared (already asked), miss (asked of the renderer)', labelNames: ['outcome'] });
  const proxy = createApiProxy(config.proxy, logger, options.registry);
  const releases = options.releases ? releaseMonitor(options.releases, logger) : undefined;
  // The web site (shell, remotes, registry) when configured; a staticRoutes option (tests) replaces it. It asks the
  // renderer for each page's head through the proxy's pools and breakers.
  const web = !options.staticRoutes && servesSite(config.web) ? createWebSite(config.web, logger, { renderer: proxy.upstreams.get('renderer'), registry: options.registry, releases, onPageLookup: (outcome) => pageAnswers.inc({ outcome }) }) : undefined;
  const staticRoutes = options.staticRoutes ?? web?.middleware;

  const app = new Koa({ proxy: config.trustProxy, maxIpsCount: config.trustProxy ? 1 : 0 });
  app.silent = true; // errors are logged by the error middleware and the proxy

  app.use(serverSpans({ route: gatewayRoute })); // the request's trace context (tracing on), its span named as its metrics
  if (config.metricsEnabled !== false) app.use(metrics.http); // every answer, by gatewayRoute
  app.use(requestContext(logger, { logFields: (ctx) => ({ upstream: ctx.state.upstream as string | undefined }) }));
  app.use(securityHeaders); // outside the error middleware, so error answers get the headers too
  // The visitor id of a signed cp_vid for everything after it; the page's new cp_vid (web/visitor-cookie.ts).
  app.use(visitorCookie({ secure: config.web.nodeEnv === 'production', ids: config.web.visitorIdKeys ? visitorIds(config.web.visitorIdKeys) : undefined }));
  app.use(errorMiddleware(logger));
  // /readyz also shows what the registry added and refused (issue 35 §3).
  // /readyz also shows the releases by percentage with their recent counts (issue 35 §4).
  const details = options.registry || releases ? () => ({ ...(options.registry ? { registry: proxy.registered() } : {}), ...(releases ? { releases: releases.view() } : {}) }) : undefined;
  app.use(onlyFor(['/healthz', '/readyz'], healthRoutes(proxy.readiness, details).routes()));
  app.use(proxy.resolveRoute);
  for (const limiter of proxy.rateLimits) app.use(limiter);
  app.use(proxy.crossSite);
  app.use(compressForwarded(logger));
  app.use(onlyFor([OPENAPI_PATH, API_DOCS_PATH], proxy.apiDocs)); // /api/openapi.json, /api/docs (proxy/api-docs.ts)
  if (releases) app.use(onlyFor([BEACON_PATH], beaconRoute(releases, options.beaconLimits))); // the browsers' reports (releases/beacon.ts)

  app.use(async function route(ctx: Context, next: Next): Promise<void> {
    if (!isSafePath(ctx.path)) throw new HttpError(400, 'Invalid path');
    if (!FORWARDED_METHODS.has(ctx.method)) {
      throw new HttpError(405, 'Method not allowed', { headers: { Allow: [...FORWARDED_METHODS].join(', ') } });
    }
    const rule = matchedRule(ctx);
    if (rule) return proxy.forward(ctx, rule);
    if (under(ctx.path, '/api') || under(ctx.path, '/internal') || under(ctx.path, '/uploads')) throw notFound();
    if (staticRoutes) return staticRoutes(ctx, next); // the shell, the microfrontends, the remote registry
    throw notFound();
  });

  return {
    app,
    metrics,
    upstreams: proxy.upstreams,
    releases,
    close: async () => {
      await proxy.close();
      await web?.close();
    },
  };
}

export interface RunningGateway extends GatewayApp {
  server: http.Server;
  port: number;
  /** http://host:port the gateway listens on. */
  url: string;
  /** Where its Prometheus metrics are served (internal; `GET /metrics`). */
  metricsPort: number;
  /** Stops accepting, drains connections, then closes the upstream pools. */
  close(): Promise<void>;
}

/** Builds the gateway and listens on config.host:config.port (0 picks a free port). */
export async function startGateway(config: GatewayConfig, logger: Logger, options: GatewayOptions = {}): Promise<RunningGateway> {
  const gateway = buildGatewayApp(config, logger, options);
  const running = await listen(gateway.app, config.port, config.host, logger);
  // Its metrics on an internal port of their own: the public one answers /metrics 404 like any unknown path.
  const metricsServer = config.metricsEnabled !== false ? await serveMetrics(gateway.metrics, config.host, config.metricsPort, logger) : undefined;
  // Uploads of ~110 MB over slow links need longer than the kit's 30 s to arrive; headers must still come quickly.
  running.server.requestTimeout = config.clientRequestTimeoutMs;
  running.server.headersTimeout = Math.min(running.server.headersTimeout, config.clientRequestTimeoutMs);
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    ...gateway,
    server: running.server,
    port: running.port,
    url: `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${running.port}`,
    metricsPort: metricsServer?.port ?? 0,
    close: async () => {
      await running.close();
      await metricsServer?.close();
      await gateway.close();
    },
  };
}
