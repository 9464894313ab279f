/**
 * Prometheus' HTTP API, read by the operations use case (issue 36 §4): `GET /api/v1/query_range`. Every call has a
 * deadline (AbortSignal.timeout), so a Prometheus that is down or slow costs a request at most that long and never
 * hangs it; any failure is a `MetricsUnavailable` with a sentence the admin can read.
 */

/** One series of a range query: its labels, and its points as [unix seconds, value] (NaN and ±Inf: null). */
export interface RangeSeries {
  labels: Record<string, string>;
  points: Array<[number, number | null]>;
}

export interface MetricsSource {
  queryRange(query: string, range: { start: number; end: number; step: number }): Promise<RangeSeries[]>;
}

/** Prometheus could not answer (not configured, unreachable, too slow, an error of its own). */
export class MetricsUnavailable extends Error {
  override name = 'MetricsUnavailable';
}

/** The deadline of one call to Prometheus. */
export const PROMETHEUS_TIMEOUT_MS = 3_000;

interface QueryRangeBody {
  status?: string;
  error?: string;
  data?: { resultType?: string; result?: Array<{ metric?: Record<string, string>; values?: Array<[number, string]> }> };
}

/** A DOMException (not always `instanceof Error`: another realm's) named TimeoutError or AbortError. */
const timedOut = (err: unknown) => typeof err === 'object' && err !== null && ['TimeoutError', 'AbortError'].includes(String((err as { name?: unknown }).name));

/** The Prometheus at `baseUrl` (http://host:9090, possibly with a path prefix). */
export function prometheusSource(baseUrl: string, opts: { timeoutMs?: number } = {}): MetricsSource {
  const base = baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? PROMETHEUS_TIMEOUT_MS;
  return {
    async queryRange(query, { start, end, step }) {
      const body = new URLSearchParams({ query, start: String(start), end: String(end), step: String(step) });
      let res: Response;
      try {
        res = await fetch(`${base}/api/v1/query_range`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new MetricsUnavailable(timedOut(err) ? `Prometheus did not answer within ${timeoutMs / 1000} s` : 'Prometheus cannot be reached');
      }
      let parsed: QueryRangeBody;
      try {
        parsed = (await res.json()) as QueryRangeBody;
      } catch (err) {
        throw new MetricsUnavailable(timedOut(err) ? `Prometheus did not answer within ${timeoutMs / 1000} s` : `Prometheus answered ${res.status} without JSON`);
      }
      if (!res.ok || parsed.status !== 'success' || parsed.data?.resultType !== 'matrix') {
        throw new MetricsUnavailable(`Prometheus refused the query (${res.status}${parsed.error ? `: ${parsed.error}` : ''})`);
      }
      return (parsed.data.result ?? []).map((r) => ({
        labels: r.metric ?? {},
        points: (r.values ?? []).map(([t, v]) => {
          const n = Number(v);
          return [Number(t), Number.isFinite(n) ? n : null] as [number, number | null];
        }),
      }));
    },
  };
}
