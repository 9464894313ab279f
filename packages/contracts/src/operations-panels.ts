/**
 * The operators' panels (issue 36 §4, §5): what the admin's Operations tab draws per service over the last hour, and
 * what a Grafana dashboard of the same panels should query. One list, plain TypeScript without imports, so any tool
 * (the moderation service's operations API, a dashboard generator) reads the same PromQL.
 *
 * Every series the services export carries the labels `service` and `process` (one process per replica); each query
 * here is grouped `by (service)`, so one range query answers every service at once. `selector` narrows it: '' for
 * every service, `service="listings"` for one, `service=~"$service"` in a Grafana dashboard.
 *
 * Metrics (packages/service-kit/src/metrics): `http_server_request_duration_seconds` (histogram: route, method,
 * status), `outbox_oldest_pending_age_seconds`, `nats_consumer_pending_messages` (stream, consumer), and Prometheus'
 * own `up` per scraped process.
 */

/** The admin API of the operations charts (moderation's; admins only). The constants are here, apart from the zod schemas of operations.ts, so the tab's chunk carries no zod. */
export const ADMIN_OPERATIONS_PATH = '/api/admin/operations';

/** The windows one may ask for, and each one's seconds. */
export const OPERATIONS_WINDOWS = { '15m': 900, '1h': 3_600, '3h': 10_800, '6h': 21_600 } as const;
export type OperationsWindow = keyof typeof OPERATIONS_WINDOWS;
/** At most this many points per series (window / step), so an answer stays small whatever is asked. */
export const OPERATIONS_MAX_POINTS = 720;
/** The default step: the window in this many points (1 h: every 30 s). */
export const OPERATIONS_DEFAULT_POINTS = 120;

export type OperationsPanelId = 'requests' | 'latencyP95' | 'errorRatio' | 'instances' | 'outboxAge' | 'consumerBacklog';

/** How a panel's values read: per second, seconds, a ratio of 0..1, or a count. */
export type OperationsUnit = 'reqps' | 'seconds' | 'ratio' | 'count';

export interface OperationsPanel {
  id: OperationsPanelId;
  title: string;
  unit: OperationsUnit;
  /** One line for the chart's description (and a dashboard panel's). */
  description: string;
  /**
   * The PromQL, one series per service. `selector`: extra label matchers ('' for none); `rateWindow`: the range of
   * rate() (at least two scrape intervals: '1m' for the local stack's 5 s, Grafana's '$__rate_interval').
   */
  query(selector?: string, rateWindow?: string): string;
}

/** `{a, b}` of the non-empty matchers. */
const matchers = (...parts: string[]) => `{${parts.filter((p) => p !== '').join(',')}}`;
const REQUESTS = 'http_server_request_duration_seconds';

export const OPERATIONS_PANELS: readonly OperationsPanel[] = [
  {
    id: 'requests',
    title: 'Requests per second',
    unit: 'reqps',
    description: 'HTTP requests answered per second, every route, method and status, all instances together.',
    query: (selector = '', w = '1m') => `sum by (service) (rate(${REQUESTS}_count${matchers(selector)}[${w}]))`,
  },
  {
    id: 'latencyP95',
    title: 'p95 latency',
    unit: 'seconds',
    description: "The 95th percentile of the requests' durations (unmatched paths left out).",
    query: (selector = '', w = '1m') => `histogram_quantile(0.95, sum by (service, le) (rate(${REQUESTS}_bucket${matchers('route!="unmatched"', selector)}[${w}])))`,
  },
  {
    id: 'errorRatio',
    title: 'Error rate (5xx)',
    unit: 'ratio',
    description: 'The share of the requests answered with a 5xx status.',
    // A service that never answered a 5xx has no such series: 0 then, as long as it answers requests at all.
    query: (selector = '', w = '1m') =>
      `(sum by (service) (rate(${REQUESTS}_count${matchers('status=~"5.."', selector)}[${w}])) or (0 * sum by (service) (rate(${REQUESTS}_count${matchers(selector)}[${w}])))) / sum by (service) (rate(${REQUESTS}_count${matchers(selector)}[${w}]))`,
  },
  {
    id: 'instances',
    title: 'Instances',
    unit: 'count',
    description: 'The processes of the service that answer their metrics scrape (up).',
    query: (selector = '') => `sum by (service) (up${matchers(selector)})`,
  },
  {
    id: 'outboxAge',
    title: 'Outbox age',
    unit: 'seconds',
    description: 'The age of the oldest event written but not yet published to NATS (0: none waiting).',
    query: (selector = '') => `max by (service) (outbox_oldest_pending_age_seconds${matchers(selector)})`,
  },
  {
    id: 'consumerBacklog',
    title: 'Consumer backlog',
    unit: 'count',
    description: "Messages waiting for the service's NATS consumers, all consumers together.",
    query: (selector = '') => `sum by (service) (nats_consumer_pending_messages${matchers(selector)})`,
  },
];

/** `12.3 req/s`, `180 ms`, `2.5 %`, `3`: a panel's value in words (the charts' summaries and axes). */
export function formatOperationsValue(unit: OperationsUnit, value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'no data';
  // Three significant digits, whole numbers from 100 up: 12.5, 0.025, 180, 1234.
  const round = (v: number) => (Math.abs(v) >= 100 ? v.toFixed(0) : String(Number(v.toPrecision(3))));
  switch (unit) {
    case 'reqps':
      return `${round(value)} req/s`;
    case 'seconds':
      return value === 0 ? '0 s' : value < 1 ? `${round(value * 1000)} ms` : `${round(value)} s`;
    case 'ratio':
      return `${round(value * 100)} %`;
    case 'count':
      return round(value);
  }
}
