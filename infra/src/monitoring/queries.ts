/**
 * The Grafana dashboard's panels (issue 36 §5), derived from the one list of the operators' panels in contracts
 * (OPERATIONS_PANELS, packages/contracts/src/operations-panels.ts), which the admin Operations tab draws too: the same
 * PromQL, with the service as Grafana's dashboard variable `$service` and Grafana's unit names.
 */
import { OPERATIONS_PANELS, type OperationsPanelId, type OperationsUnit } from '@cp/contracts';

/** The placeholder of the service in every expression (Grafana's dashboard variable of the same name). */
export const SERVICE_PLACEHOLDER = '$service';

/** How a panel's values read: Grafana's unit names. */
export type PanelUnit = 'reqps' | 's' | 'percentunit' | 'short';

export type PanelId = OperationsPanelId;

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
/** The window of every rate in the dashboard's panels. */
export const RATE_WINDOW = '5m';

const GRAFANA_UNIT: Record<OperationsUnit, PanelUnit> = { reqps: 'reqps', seconds: 's', ratio: 'percentunit', count: 'short' };

/** The panels, in the order they are drawn. */
export const PANEL_QUERIES: readonly PanelQuery[] = OPERATIONS_PANELS.map((p) => ({
  id: p.id,
  title: p.title,
  unit: GRAFANA_UNIT[p.unit],
  legend: '{{service}}',
  expr: p.query(`service=~"${SERVICE_PLACEHOLDER}"`, RATE_WINDOW),
}));

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
