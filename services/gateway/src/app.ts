import type http from 'node:http';
import Koa, { type Context, type Middleware, type Next } from 'koa';
import { errorMiddleware, healthRoutes, HttpError, listen, notFound, rateLimit, requestContext, securityHeaders, type Logger, type ReadinessCheck } from '@cp/service-kit';
import type { GatewayConfig } from './config.ts';
import { compressForwarded } from './compression.ts';
import { crossSiteProtection } from './csrf.ts';
import { forwardInfoOf, proxyRequest, SERVICE_UNAVAILABLE, Upstream, UpstreamGroup } from './proxy.ts';
import { createWebSite } from './web.ts';
import { pageHeadSource } from './page-head.ts';
import { createRouteMatcher, isSafePath, ROUTE_RULES, SERVICE_NAMES, type ServiceName } from './routes-table.ts';
import { visitorCookie } from './visitor-cookie.ts';
import { apiDocsRoutes } from './api-docs.ts';

export interface GatewayOptions {
  /**
   * Replaces the web site (web.ts: shell, microfrontends, remote registry, from config.web) for every request that is
   * not `/api/*`, `/uploads/*`, `/internal/*`, `/healthz` or `/readyz` (after security headers, rate limits and
   * cross-site protection). Without it and without web configuration, such requests answer 404 JSON.
   */
  staticRoutes?: Middleware;
}

export interface GatewayApp {
  app: Koa;
  /** One per configured service: its upstreams (replicas). */
  upstreams: ReadonlyMap<ServiceName, UpstreamGroup>;
  /** Closes the upstream connection pools (after the HTTP server stopped accepting). */
  close(): Promise<void>;
}

/** Methods the site uses; anything else (TRACE, WebDAV...) is answered here and never forwarded. */
const FORWARDED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

function under(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** Path without trailing slashes, as the services' routers (non-strict) see it. */
function normalized(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** One upstream's own readiness: its /readyz answers 2xx within `readyMs`. Rejects with the reason otherwise. */
async function upstreamReady(u: Upstream, readyMs: number): Promise<void> {
  const signal = AbortSignal.timeout(readyMs);
  try {
    const res = await u.pool.request({ path: '/readyz', method: 'GET', signal, headersTimeout: readyMs, bodyTimeout: readyMs });
    await res.body.dump();
    if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(`answered ${res.statusCode}`);
  } catch (err) {
    const timedOut = signal.aborted || (err as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT';
    throw new Error(`${u.origin} ${timedOut ? `no answer within ${readyMs} ms` : err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
}

/**
 * The gateway's readiness checks (the kit's /readyz): one per configured service, passing when at least one of its
 * upstreams is ready itself (its /readyz). A failing check names every upstream of the service and why, and makes the
 * answer 'degraded' — not 503: every gateway instance sees the same services, so taking instances out of rotation
 * would turn one service's outage into the whole site's (the pages, the other services' routes), while the gateway
 * already answers that service's routes 502/503 and the page shows its fallback. Services left unconfigured on
 * purpose are not checked.
 */
function readinessChecks(upstreams: ReadonlyMap<ServiceName, UpstreamGroup>, readyMs: number): ReadinessCheck[] {
  return [...upstreams.values()].map((group) => ({
    name: group.name,
    required: false,
    check: async () => {
      const results = await Promise.allSettled(group.members.map((u) => upstreamReady(u, readyMs)));
      if (results.some((r) => r.status === 'fulfilled')) return;
      throw new Error(results.map((r) => (r.status === 'rejected' ? (r.reason as Error).message : '')).join('; '));
    },
  }));
}

/** The per-IP limits: a global one, stricter ones on the routes attackers like. A limit of 0 is off. */
function rateLimits(config: GatewayConfig): Middleware[] {
  const r = config.rateLimits;
  const post = (ctx: Context) => ctx.method === 'POST';
  // The site's files (shell, remotes, registry) and the listing images (/uploads: a page of cards shows tens of them)
  // have their own, larger bucket, so browsing never uses up the API limit.
  const isApi = (ctx: Context) => under(ctx.path, '/api') || under(ctx.path, '/internal');
  const rules: Array<{ limit: number; when?: (ctx: Context) => boolean; message?: string }> = [
    { limit: r.global, when: isApi },
    { limit: r.web, when: (ctx) => !isApi(ctx) },
    {
      limit: r.auth,
      when: (ctx) => post(ctx) && ['/api/local-login', '/api/register'].includes(normalized(ctx.path)),
      message: 'Too many attempts, please try again later.',
    },
    { limit: r.password, when: (ctx) => post(ctx) && ['/api/forgot-password', '/api/reset-password'].includes(normalized(ctx.path)) },
    { limit: r.contact, when: (ctx) => post(ctx) && ['/api/contact', '/api/newsletter/subscribe'].includes(normalized(ctx.path)) },
    { limit: r.upload, when: (ctx) => post(ctx) && under(normalized(ctx.path), '/api/upload') },
    { limit: r.adEvents, when: (ctx) => post(ctx) && /^\/api\/advertisements\/[^/]+\/(impression|click)$/.test(normalized(ctx.path)) },
  ];
  return rules
    .filter((rule) => rule.limit > 0)
    .map((rule) =>
      rateLimit({
        limit: rule.limit,
        windowMs: r.windowMs,
        ...(rule.when ? { when: rule.when } : {}),
        ...(rule.message ? { message: rule.message } : {}),
      }),
    );
}

/**
 * The gateway's Koa app. It is built from the kit's pieces (error mapping, security headers, rate limiting) but not
 * with createApp: a proxy must not parse request bodies, it streams them.
 * Order: request id + log → security headers → the visitor cookie → JSON errors → health (the kit's /healthz, /readyz) → rate limits →
 * cross-site check → compression of forwarded answers → route.
 */
export function buildGatewayApp(config: GatewayConfig, logger: Logger, options: GatewayOptions = {}): GatewayApp {
  const groups = (names: readonly ServiceName[], connections: number) => {
    const out = new Map<ServiceName, UpstreamGroup>();
    for (const name of names) {
      const origins = config.services[name];
      if (!origins || origins.length === 0) continue;
      const members = origins.map(
        (origin) =>
          new Upstream({
            name,
            origin,
            connections,
            maxQueue: config.pool.maxQueue,
            connectTimeoutMs: config.timeouts.connectMs,
            breakerFailures: config.breaker.failures,
            breakerCooldownMs: config.breaker.cooldownMs,
          }),
      );
      out.set(name, new UpstreamGroup(name, members));
    }
    return out;
  };
  const upstreams = groups(SERVICE_NAMES, config.pool.connections);
  // Live streams have connections of their own (config STREAM_CONNECTIONS): open tabs never take the API's.
  const streamUpstreams = groups([...new Set(ROUTE_RULES.filter((r) => r.kind === 'stream').map((r) => r.service))], config.streams.connections);
  const match = createRouteMatcher();
  // The web site (shell, remotes, registry) when configured; a staticRoutes option (tests) replaces it.
  // Each page's head and status come from the renderer when it is configured (page-head.ts).
  const renderer = upstreams.get('renderer');
  const pageHead = renderer ? pageHeadSource(renderer, { ...config.pageHead, siteSettings: config.siteSettings }) : undefined;
  const web = !options.staticRoutes && (config.web.root || config.web.remotes.length > 0) ? createWebSite(config, logger, { pageHead }) : undefined;
  const staticRoutes = options.staticRoutes ?? web?.middleware;

  const app = new Koa({ proxy: config.trustProxy, maxIpsCount: config.trustProxy ? 1 : 0 });
  app.silent = true; // errors are logged by the error middleware and the proxy

  app.use(requestContext(logger, { logFields: (ctx) => ({ upstream: ctx.state.upstream as string | undefined }) }));
  app.use(securityHeaders); // outside the error middleware, so error answers get the headers too
  app.use(visitorCookie({ secure: config.nodeEnv === 'production' })); // the page's cp_vid (visitor-cookie.ts)
  app.use(errorMiddleware(logger));
  app.use(healthRoutes(readinessChecks(upstreams, config.timeouts.readyMs)).routes());
  for (const limiter of rateLimits(config)) app.use(limiter);
  app.use(crossSiteProtection({ allowedOrigins: config.allowedOrigins, allowSameSite: config.allowSameSite }));
  app.use(compressForwarded(logger));
  app.use(apiDocsRoutes({ bundle: config.apiDocsBundle, logger }).routes()); // /api/openapi.json, /api/docs (api-docs.ts)

  app.use(async function route(ctx: Context, next: Next): Promise<void> {
    if (!isSafePath(ctx.path)) throw new HttpError(400, 'Invalid path');
    if (!FORWARDED_METHODS.has(ctx.method)) {
      throw new HttpError(405, 'Method not allowed', { headers: { Allow: [...FORWARDED_METHODS].join(', ') } });
    }
    const rule = match(ctx.path);
    if (!rule) {
      if (under(ctx.path, '/api') || under(ctx.path, '/internal') || under(ctx.path, '/uploads')) throw notFound();
      if (staticRoutes) return staticRoutes(ctx, next); // the shell, the microfrontends, the remote registry
      throw notFound();
    }
    ctx.state.upstream = rule.service;
    const upstream = (rule.kind === 'stream' ? streamUpstreams : upstreams).get(rule.service);
    if (!upstream) throw new HttpError(503, SERVICE_UNAVAILABLE);
    const upload = rule.kind === 'upload';
    await proxyRequest(ctx, upstream, {
      timeoutMs: upload ? config.timeouts.uploadMs : rule.kind === 'stream' ? config.streams.idleMs : config.timeouts.upstreamMs,
      maxBodyBytes: upload ? config.bodyLimits.uploadBytes : config.bodyLimits.apiBytes,
      forward: forwardInfoOf(ctx),
      log: ctx.state.log as Logger,
    });
  });

  return {
    app,
    upstreams,
    close: async () => {
      await Promise.all([...upstreams.values(), ...streamUpstreams.values()].map((u) => u.close()));
      await web?.close();
    },
  };
}

export interface RunningGateway extends GatewayApp {
  server: http.Server;
  port: number;
  /** http://host:port the gateway listens on. */
  url: string;
  /** Stops accepting, drains connections, then closes the upstream pools. */
  close(): Promise<void>;
}

/** Builds the gateway and listens on config.host:config.port (0 picks a free port). */
export async function startGateway(config: GatewayConfig, logger: Logger, options: GatewayOptions = {}): Promise<RunningGateway> {
  const gateway = buildGatewayApp(config, logger, options);
  const running = await listen(gateway.app, config.port, config.host, logger);
  // Uploads of ~110 MB over slow links need longer than the kit's 30 s to arrive; headers must still come quickly.
  running.server.requestTimeout = config.timeouts.clientRequestMs;
  running.server.headersTimeout = Math.min(running.server.headersTimeout, config.timeouts.clientRequestMs);
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    ...gateway,
    server: running.server,
    port: running.port,
    url: `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${running.port}`,
    close: async () => {
      await running.close();
      await gateway.close();
    },
  };
}
