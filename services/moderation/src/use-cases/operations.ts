import { OPERATIONS_DEFAULT_POINTS, OPERATIONS_PANELS, OPERATIONS_WINDOWS, OperationsQuerySchema, type OperationsAnswer, type OperationsPanelId } from '@cp/contracts';
import type { Logger } from '@cp/service-kit';
import { MetricsUnavailable, type MetricsSource } from '../data/prometheus.ts';

/**
 * The admins' Operations tab (issue 36 §4): per service, requests per second, p95 latency, error rate, instances,
 * outbox age and consumer backlog over a recent window, read from Prometheus (the PromQL: the contracts'
 * operations-panels.ts, shared with the dashboards). Here because this service already hosts the admin APIs and checks
 * admins on the server; it only reads Prometheus, so it adds no load to the other services.
 */
export interface OperationsDeps {
  /** Prometheus (main: PROMETHEUS_URL); absent, the answer says the metrics are unavailable. */
  metrics?: MetricsSource | undefined;
  logger: Logger;
  now: () => Date;
}

/** Every service's series are at most this many (a label gone wild must not make the answer unbounded). */
const MAX_SERVICES = 100;

/** GET /api/admin/operations?window=1h&step=30: 200 always (400 for a bad query); `available: false` when Prometheus cannot answer. */
export async function readOperations(deps: OperationsDeps, query: unknown): Promise<OperationsAnswer> {
  const q = OperationsQuerySchema.parse(query);
  if (!deps.metrics) return { available: false, error: 'No Prometheus is configured for this server (PROMETHEUS_URL).' };
  const windowS = OPERATIONS_WINDOWS[q.window];
  const step = q.step ?? Math.round(windowS / OPERATIONS_DEFAULT_POINTS);
  // Aligned on the step, so the points of every query fall on the same timestamps.
  const end = Math.floor(deps.now().getTime() / 1000 / step) * step;
  const start = end - windowS;
  const points = Math.floor(windowS / step) + 1;
  const timestamps = Array.from({ length: points }, (_, i) => start + i * step);
  // rate() over at least a minute (several scrapes) and at least two steps, so no request falls between two points.
  const rateWindow = `${Math.max(60, 2 * step)}s`;

  let results;
  try {
    results = await Promise.all(OPERATIONS_PANELS.map((panel) => deps.metrics!.queryRange(panel.query('', rateWindow), { start, end, step })));
  } catch (err) {
    const error = err instanceof MetricsUnavailable ? err.message : 'Prometheus could not be read';
    deps.logger.warn({ err: String(err) }, 'operations: the metrics are unavailable');
    return { available: false, error };
  }

  const services = new Map<string, Partial<Record<OperationsPanelId, Array<number | null>>>>();
  OPERATIONS_PANELS.forEach((panel, i) => {
    for (const series of results[i]!) {
      const service = series.labels.service;
      if (!service) continue;
      if (!services.has(service) && services.size >= MAX_SERVICES) continue;
      const row = services.get(service) ?? {};
      services.set(service, row);
      const values = (row[panel.id] ??= new Array<number | null>(points).fill(null));
      for (const [t, v] of series.points) {
        const k = Math.round((t - start) / step);
        if (k >= 0 && k < points) values[k] = v;
      }
    }
  });
  const empty = () => new Array<number | null>(points).fill(null);
  return {
    available: true,
    window: q.window,
    step,
    start,
    end,
    timestamps,
    panels: OPERATIONS_PANELS.map(({ id, title, unit, description }) => ({ id, title, unit, description })),
    services: [...services.keys()].sort().map((service) => ({
      service,
      series: Object.fromEntries(OPERATIONS_PANELS.map((p) => [p.id, services.get(service)![p.id] ?? empty()])) as Record<OperationsPanelId, Array<number | null>>,
    })),
  };
}
