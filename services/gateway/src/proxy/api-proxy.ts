import type { Context, Middleware, Next } from 'koa';
import { HttpError, operationsRouter, type Logger, type ReadinessCheck, type RegistryTable, type RegistryWatch } from '@cp/service-kit';
import { forwardInfoOf, proxyRequest, RegisteredUpstreams, SERVICE_UNAVAILABLE, Upstream, UpstreamGroup } from '../shared/upstream.ts';
import type { ProxyConfig } from './config.ts';
import { crossSiteProtection } from './csrf.ts';
import { rateLimits } from './rate-limits.ts';
import { apiDocsAssets, gatewayApi } from './api-docs.ts';
import { createRouteMatcher, ROUTE_RULES, SERVICE_NAMES, type GatewayRoute } from './routes-table.ts';

export type { GatewayRoute } from './routes-table.ts';

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
function readinessChecks(upstreams: ReadonlyMap<string, UpstreamGroup>, readyMs: number): ReadinessCheck[] {
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
  /** One per configured service: its upstreams (replicas). Those from the registry come and go (`registered`). */
  upstreams: ReadonlyMap<string, UpstreamGroup>;
  /** What the registry adds now: each registered service's instances and granted prefixes, and what it refused. */
  registered(): RegistryView;
  /** The gateway's /readyz checks, one per configured service. */
  readiness: ReadinessCheck[];
  /** Sets `ctx.state.route`, the table's rule for the path (undefined: no service owns it); the limits read it. */
  resolveRoute: Middleware;
  /** The per-IP limits (rate-limits.ts): the global and web buckets, and the table's classes. */
  rateLimits: Middleware[];
  /** Refuses cross-site state changes (csrf.ts). */
  crossSite: Middleware;
  /** `/api/openapi.json`, `/api/docs` (api-docs.ts). */
  apiDocs: ReturnType<ReturnType<typeof operationsRouter>['routes']>;
  /** Forwards the request to the service of its rule, streaming both ways. */
  forward(ctx: Context, rule: GatewayRoute): Promise<void>;
  /** Closes the upstream connection pools. */
  close(): Promise<void>;
}

/** What the registry adds to the gateway's table, as /readyz shows it. */
export interface RegistryView {
  services: Record<string, { prefixes: string[]; instances: Array<{ address: string; version: string }> }>;
  refused: RegistryTable['refused'];
}

/**
 * The API proxy: the route table's services behind pools and breakers, the limits, the cross-site rule, the API docs.
 * With a `registry` (issue 35), services that register themselves at run time join the table: their granted prefixes
 * are routed to their live instances, within the registry's time-to-live of a change, with no restart. A service the
 * gateway was configured with keeps its configured upstreams; the registry may add prefixes to it.
 */
export function createApiProxy(config: ProxyConfig, logger: Logger, registry?: RegistryWatch): ApiProxy {
  const upstreamFor = (name: string, origin: string, connections: number) =>
    new Upstream({
      name,
      origin,
      connections,
      maxQueue: config.pool.maxQueue,
      connectTimeoutMs: config.pool.connectMs,
      breakerFailures: config.pool.breaker.failures,
      breakerCooldownMs: config.pool.breaker.cooldownMs,
    });
  const groups = (names: readonly string[], connections: number) => {
    const out = new Map<string, UpstreamGroup>();
    for (const name of names) {
      const origins = config.services[name as keyof ProxyConfig['services']];
      if (!origins || origins.length === 0) continue;
      out.set(name, new UpstreamGroup(name, origins.map((origin) => upstreamFor(name, origin, connections))));
    }
    return out;
  };
  const upstreams = groups(SERVICE_NAMES, config.pool.connections);
  // Live streams have connections of their own (config STREAM_CONNECTIONS): open tabs never take the API's.
  const streamUpstreams = groups([...new Set(ROUTE_RULES.filter((r) => r.kind === 'stream').map((r) => r.service))], config.streams.connections);
  const staticGroups = new Set(upstreams.keys());
  const staticStreamGroups = new Set(streamUpstreams.keys());
  let match = createRouteMatcher<GatewayRoute>(ROUTE_RULES);
  let view: RegistryView = { services: {}, refused: [] };

  /** One Upstream per registered origin and kind, kept while the origin stays registered (its pool, its breaker). */
  const registeredUpstreams = new RegisteredUpstreams();
  const apply = (table: RegistryTable) => {
    const rules: GatewayRoute[] = [...ROUTE_RULES];
    const services: RegistryView['services'] = {};
    for (const [name, entry] of table.services) {
      services[name] = { prefixes: entry.routes.map((r) => r.prefix), instances: entry.instances.map((i) => ({ address: i.address, version: i.version })) };
      for (const route of entry.routes) {
        if (!rules.some((r) => r.prefix.toLowerCase() === route.prefix.toLowerCase())) rules.push({ prefix: route.prefix, kind: route.kind, service: name, ...(route.limits ? { limits: route.limits } : {}) });
      }
      if (staticGroups.has(name)) continue; // its configured upstreams stay
      const origins = [...new Set(entry.instances.map((i) => i.address))];
      const kinds: Array<['api' | 'stream', Map<string, UpstreamGroup>, number]> = [['api', upstreams, config.pool.connections]];
      if (entry.routes.some((r) => r.kind === 'stream')) kinds.push(['stream', streamUpstreams, config.streams.connections]);
      for (const [kind, into, connections] of kinds) {
        const members = origins.map((origin) => registeredUpstreams.get(`${kind} ${name} ${origin}`, () => upstreamFor(name, origin, connections)));
        into.set(name, new UpstreamGroup(name, members));
      }
    }
    // Services that left: out of the table; their pools close once their requests in flight are done.
    for (const into of [upstreams, streamUpstreams]) {
      for (const name of [...into.keys()]) if (!staticGroups.has(name) && !table.services.has(name)) into.delete(name);
    }
    registeredUpstreams.sweep(config.timeouts.upstreamMs);
    match = createRouteMatcher(rules);
    view = { services, refused: table.refused };
    logger.info({ services: Object.fromEntries(Object.entries(services).map(([n, s]) => [n, s.instances.map((i) => i.address)])), refused: table.refused.length }, 'registry: route table updated');
  };
  if (registry) {
    apply(registry.table());
    registry.onChange(apply);
  }

  return {
    upstreams,
    registered: () => view,
    readiness: readinessChecks(upstreams, config.timeouts.readyMs),
    resolveRoute: function resolveRoute(ctx: Context, next: Next) {
      ctx.state.route = match(ctx.path);
      return next();
    },
    rateLimits: rateLimits(config.rateLimits),
    crossSite: crossSiteProtection({ allowedOrigins: config.allowedOrigins, allowSameSite: config.allowSameSite }),
    apiDocs: operationsRouter(gatewayApi, apiDocsAssets({ bundle: config.apiDocsBundle, logger })).routes(),
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
      // The configured groups, then the registered upstreams (each once: a registered group shares them).
      const configured = [...upstreams].filter(([n]) => staticGroups.has(n)).concat([...streamUpstreams].filter(([n]) => staticStreamGroups.has(n)));
      await Promise.all(configured.map(([, u]) => u.close()));
      await registeredUpstreams.close();
    },
  };
}
