/**
 * Prometheus metrics of one process (issue 36 §1), pulled, never pushed: a scrape that does not come costs nothing,
 * and a slow or absent Prometheus never slows a request. Each process has its own registry (a test may run several
 * services in one process), with the labels `service` on every series, and serves it on an internal port of its own
 * (`METRICS_PORT`), never on its public one: the gateway forwards no path to it.
 *
 * What is measured:
 * - requests, by the route's template (`/api/listings/:id`, never the raw path: 10,000 listing ids add no series),
 *   method and status, with their latency (`http_server_request_duration_seconds`);
 * - the Node runtime (prom-client's defaults: event-loop lag, heap, GC, handles);
 * - what the service adds with `gauge`/`collect` (the outbox, its consumers: events/metrics.ts).
 */
import { createServer, type Server } from 'node:http';
import type { Context, Middleware, Next } from 'koa';
import client from 'prom-client';
import type { Logger } from '../logger.ts';

/** Methods are a closed set: anything else is `other` (a client may send any token). */
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
/** The latency buckets, in seconds: 5 ms (a cached read) to 10 s (an upload, a timeout). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** A process's registry of series (prom-client's), which a service adds its own gauges to (addGauge). */
export type MetricsRegistry = client.Registry;

export interface ServiceMetrics {
  /** The process's registry: every series of this service. */
  registry: client.Registry;
  /** Counts and times every request by its route's template; first in the app, so it sees every answer. */
  http: Middleware;
  /** The Prometheus text of every series (what /metrics answers). */
  text(): Promise<string>;
}

/** The template of the route that answered: @koa/router's matched path, else `unmatched` (a 404, a probe outside the router). */
export function routeTemplate(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: unknown })._matchedRoute;
  return typeof matched === 'string' ? matched : 'unmatched';
}

/**
 * The metrics of a service: its registry with the default labels, the Node runtime's series and the HTTP ones.
 * `route`: how a request's route is named (default routeTemplate; the gateway names its own rule or path class).
 */
export function createMetrics(service: string, opts: { route?: (ctx: Context) => string } = {}): ServiceMetrics {
  const registry = new client.Registry();
  registry.setDefaultLabels({ service });
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const duration = new client.Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time from a request to its answer, by route template, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const routeOf = opts.route ?? routeTemplate;
  const http: Middleware = async function metrics(ctx: Context, next: Next) {
    const end = duration.startTimer();
    try {
      await next();
    } finally {
      // The status the client gets: an error the error middleware answers has set it by now (it runs inside this).
      end({ route: routeOf(ctx), method: METHODS.has(ctx.method) ? ctx.method : 'other', status: String(ctx.status) });
    }
  };
  return { registry, http, text: () => registry.metrics() };
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Serves `GET /metrics` (the Prometheus text format) on its own port: internal, scraped by Prometheus, never behind the
 * public gateway. Anything else answers 404. `port` 0: a free one (tests).
 */
export async function serveMetrics(metrics: ServiceMetrics, host: string, port: number, logger: Logger): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'Not found' }));
      return;
    }
    metrics.text().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      (err: unknown) => {
        logger.warn({ err: String(err) }, 'metrics: a collector failed');
        res.writeHead(503, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'Metrics unavailable' }));
      },
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  logger.info({ port: bound }, 'metrics listening');
  return {
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A value a gauge reports, alone or with its labels (one series per label set). */
export type GaugeReading = number | Array<{ labels: Record<string, string>; value: number }>;

/**
 * A service's own gauge (live streams open, documents in an index ...), read when Prometheus scrapes: `read` is called
 * then and its value (or values per label set) reported. A read that throws reports NaN (no value), never a false 0;
 * a labelled gauge then has no series.
 */
export function addGauge(registry: client.Registry, opts: { name: string; help: string; labelNames?: readonly string[]; read: () => GaugeReading | Promise<GaugeReading> }): void {
  new client.Gauge({
    name: opts.name,
    help: opts.help,
    labelNames: [...(opts.labelNames ?? [])],
    registers: [registry],
    async collect() {
      this.reset();
      let reading: GaugeReading;
      try {
        reading = await opts.read();
      } catch {
        if (!opts.labelNames?.length) this.set(NaN);
        return;
      }
      if (typeof reading === 'number') this.set(reading);
      else for (const r of reading) this.set(r.labels, r.value);
    },
  });
}

/** A service's own counter: `inc(labels)` counts one (labels from a closed set the service names, never raw input). */
export function addCounter<L extends string>(registry: client.Registry, opts: { name: string; help: string; labelNames: readonly L[] }): { inc(labels: Record<L, string>): void } {
  const counter = new client.Counter({ name: opts.name, help: opts.help, labelNames: [...opts.labelNames], registers: [registry] });
  return { inc: (labels) => counter.inc(labels) };
}
