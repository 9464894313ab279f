/**
 * The PromQL of the platform's per-service panels (issue 36 §4, §5), declared once: the Grafana dashboard
 * (infra/grafana/platform.json, written by `npm run deploy:gen`) and the admin Operations tab draw the same panels
 * from these definitions. Pure TypeScript, no imports: a service or a web app may import it as it is.
 *
 * Each expression names the service as the placeholder `$service` in a label matcher (`service=~"$service"`): Grafana
 * fills it from the dashboard's variable; anything else calls `panelQuery(id, service)` or `forService(expr, service)`.
 * Every series carries `service` (the kit's default label on each metric; `up` gets it from the scrape's relabelling).
 */

/** The placeholder of the service in every expression (Grafana's dashboard variable of the same name). */
export const SERVICE_PLACEHOLDER = '$service';

/** How a panel's values read: Grafana's unit names. */
export type PanelUnit = 'reqps' | 's' | 'percentunit' | 'short';

export type PanelId = 'requestsPerSecond' | 'latencyP95' | 'errorRatio' | 'instances' | 'outboxAge' | 'consumerBacklog';

export interface PanelQuery {
  id: PanelId;
  title: string;
  /** The PromQL, with `$service` where the service goes. */
  expr: string;
  unit: PanelUnit;
  /** The legend of each line (Grafana's `{{label}}` form). */
  legend: string;
}

/** The requests a service answered: the kit's latency histogram counts every answer, by route, method and status. */
export const REQUESTS_SERIES = 'http_server_request_duration_seconds_count';
/** The window of every rate in the panels. */
export const RATE_WINDOW = '5m';

const svc = `service=~"${SERVICE_PLACEHOLDER}"`;

/** The panels, in the order they are drawn. */
export const PANEL_QUERIES: readonly PanelQuery[] = [
  { id: 'requestsPerSecond', title: 'Requests per second', unit: 'reqps', legend: '{{service}}', expr: `sum by (service) (rate(${REQUESTS_SERIES}{${svc}}[${RATE_WINDOW}]))` },
  {
    id: 'latencyP95',
    title: 'p95 latency',
    unit: 's',
    legend: '{{service}}',
    expr: `histogram_quantile(0.95, sum by (service, le) (rate(http_server_request_duration_seconds_bucket{${svc}, route!="unmatched"}[${RATE_WINDOW}])))`,
  },
  {
    id: 'errorRatio',
    title: 'Error rate (5xx)',
    unit: 'percentunit',
    legend: '{{service}}',
    expr: `sum by (service) (rate(${REQUESTS_SERIES}{${svc}, status=~"5.."}[${RATE_WINDOW}])) / sum by (service) (rate(${REQUESTS_SERIES}{${svc}}[${RATE_WINDOW}]))`,
  },
  { id: 'instances', title: 'Instances', unit: 'short', legend: '{{service}}', expr: `sum by (service) (up{${svc}})` },
  { id: 'outboxAge', title: 'Outbox age (oldest unpublished event)', unit: 's', legend: '{{service}}', expr: `max by (service) (outbox_oldest_pending_age_seconds{${svc}})` },
  { id: 'consumerBacklog', title: 'Consumer backlog', unit: 'short', legend: '{{consumer}}', expr: `sum by (service, consumer) (nats_consumer_pending_messages{${svc}})` },
];

/** A deployable's name (`listings`, `saved-search`): nothing a regular expression or a PromQL string would read otherwise. */
const SERVICE_NAME = /^[a-z][a-z0-9-]{0,62}$/;

/** `expr` for one service: its `$service` replaced by the name (refused unless it is a deployable's name). */
export function forService(expr: string, service: string): string {
  if (!SERVICE_NAME.test(service)) throw new Error(`not a service name: ${JSON.stringify(service)}`);
  return expr.split(SERVICE_PLACEHOLDER).join(service);
}

/** The PromQL of panel `id` for `service`. */
export function panelQuery(id: PanelId, service: string): string {
  const panel = PANEL_QUERIES.find((p) => p.id === id);
  if (!panel) throw new Error(`no panel ${id}`);
  return forService(panel.expr, service);
}
