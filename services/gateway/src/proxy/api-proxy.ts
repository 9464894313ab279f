import type { Context, Middleware, Next } from 'koa';
import { HttpError, type Logger, type ReadinessCheck } from '@cp/service-kit';
import { forwardInfoOf, proxyRequest, SERVICE_UNAVAILABLE, Upstream, UpstreamGroup } from '../shared/upstream.ts';
import type { ProxyConfig } from './config.ts';
import { crossSiteProtection } from './csrf.ts';
import { rateLimits } from './rate-limits.ts';
import { apiDocsRoutes } from './api-docs.ts';
import { createRouteMatcher, ROUTE_RULES, SERVICE_NAMES, type RouteRule, type ServiceName } from './routes-table.ts';

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

export interface ApiProxy {
  /** One per configured service: its upstreams (replicas). */
  upstreams: ReadonlyMap<ServiceName, UpstreamGroup>;
  /** The gateway's /readyz checks, one per configured service. */
  readiness: ReadinessCheck[];
  /** Sets `ctx.state.route`, the table's rule for the path (undefined: no service owns it); the limits read it. */
  resolveRoute: Middleware;
  /** The per-IP limits (rate-limits.ts): the global and web buckets, and the table's classes. */
  rateLimits: Middleware[];
  /** Refuses cross-site state changes (csrf.ts). */
  crossSite: Middleware;
  /** `/api/openapi.json`, `/api/docs` (api-docs.ts). */
  apiDocs: ReturnType<ReturnType<typeof apiDocsRoutes>['routes']>;
  /** Forwards the request to the service of its rule, streaming both ways. */
  forward(ctx: Context, rule: RouteRule): Promise<void>;
  /** Closes the upstream connection pools. */
  close(): Promise<void>;
}

/** The API proxy: the route table's services behind pools and breakers, the limits, the cross-site rule, the API docs. */
export function createApiProxy(config: ProxyConfig, logger: Logger): ApiProxy {
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
            connectTimeoutMs: config.pool.connectMs,
            breakerFailures: config.pool.breaker.failures,
            breakerCooldownMs: config.pool.breaker.cooldownMs,
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

  return {
    upstreams,
    readiness: readinessChecks(upstreams, config.timeouts.readyMs),
    resolveRoute: function resolveRoute(ctx: Context, next: Next) {
      ctx.state.route = match(ctx.path);
      return next();
    },
    rateLimits: rateLimits(config.rateLimits),
    crossSite: crossSiteProtection({ allowedOrigins: config.allowedOrigins, allowSameSite: config.allowSameSite }),
    apiDocs: apiDocsRoutes({ bundle: config.apiDocsBundle, logger }).routes(),
    forward: async (ctx, rule) => {
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
    },
    close: async () => {
      await Promise.all([...upstreams.values(), ...streamUpstreams.values()].map((u) => u.close()));
    },
  };
}
