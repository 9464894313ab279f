/**
 * Issue 36 §5, the Kubernetes side of "operators see which service is busy", derived like the rest of the base:
 * - per deployable (in its own file of infra/k8s/base): its metrics port, a PodMonitor scraping it, and its
 *   autoscaler — a KEDA ScaledObject when it has JetStream consumers (one nats-jetstream trigger per durable, plus
 *   its requests per second when its manifest asks for `deploy.autoscale`), else a HorizontalPodAutoscaler on its
 *   requests per second (the prometheus-adapter's `http_requests_per_second`) and CPU;
 * - for the platform (infra/k8s/monitoring, included by the production overlay): the alert rules of
 *   infra/prometheus/alerts.yml as a PrometheusRule, the Grafana dashboard (infra/grafana/platform.json, from the
 *   panels of contracts' OPERATIONS_PANELS, through infra/src/monitoring/queries.ts) as a ConfigMap its sidecar loads, and the OpenTelemetry Collector
 *   every service's OTLP exporter points at; and the prometheus-adapter's rule (infra/k8s/helm).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { z } from 'zod';
import { metricsPortOf } from '@cp/service-kit';
import { PANEL_QUERIES, REQUESTS_SERIES, SERVICE_PLACEHOLDER, forService } from '../monitoring/queries.ts';
import { DeployGenError, OTEL_SETTINGS, podsOf, type Unit } from './model.ts';
import { comment, flowMap, GENERATED_HEADER, indent, scalar } from './yaml-text.ts';

export const PART_OF = 'central-pa-community';

/** The platform's monitoring files, relative to the root. */
export const MONITORING_FILES = {
  alerts: 'infra/prometheus/alerts.yml',
  dashboard: 'infra/grafana/platform.json',
  folder: 'infra/k8s/monitoring',
  adapterValues: 'infra/k8s/helm/prometheus-adapter-values.yaml',
} as const;

/**
 * The cluster's Prometheus: the Prometheus Operator's `prometheus-operated` Service, in the namespace helmfile installs
 * kube-prometheus-stack in (central-pa, with everything else). KEDA's prometheus triggers and the adapter query it.
 */
export const PROMETHEUS_URL = 'http://prometheus-operated.central-pa.svc:9090';
/**
 * The NATS servers' monitoring endpoint (the nats chart's headless Service, release `nats` in central-pa): KEDA reads
 * each consumer's lag there, from the stream's leader in a cluster (`<server>.<endpoint>`).
 */
export const NATS_MONITORING_ENDPOINT = 'nats-headless.central-pa.svc.cluster.local:8222';
/** The NATS account of the deployables' users (users without accounts: the global account). */
export const NATS_ACCOUNT = '$G';
/** Messages waiting per pod before a consumer's service gets another pod. */
export const LAG_PER_POD = 100;
/** Requests per second per pod a request-serving deployable is scaled to: the edge's, any other's. */
export const REQUESTS_PER_POD = { edge: 200, service: 50 } as const;
/** The per-pod metric the prometheus-adapter serves to the HPAs (the custom metrics API). */
export const REQUESTS_METRIC = 'http_requests_per_second';
/** The adapter's and KEDA's window of the request rate (shorter than the panels': autoscaling follows a rise sooner). */
export const SCALING_RATE_WINDOW = '2m';

/** The OpenTelemetry Collector: its Service's name and ports (OTLP gRPC and HTTP). */
export const OTEL_COLLECTOR = { name: 'otel-collector', grpcPort: 4317, httpPort: 4318, healthPort: 13133 } as const;
/** The collector's image, pinned (the core distribution: OTLP in, batch, OTLP out). */
export const OTEL_COLLECTOR_IMAGE = 'otel/opentelemetry-collector:0.114.0';

// ---------------------------------------------------------------------------------------------------------------------
// Per deployable.

/** Whether a deployable serves Prometheus metrics: its configuration reads the kit's METRICS_PORT (every service, the edge). */
export const servesMetrics = (unit: Unit): boolean => unit.kind !== 'remote' && unit.settings.includes('METRICS_PORT');

/** Its metrics port in the container: the kit's rule (METRICS_PORT, unset here: its port + 1000). */
export function metricsPort(unit: Unit): number | undefined {
  return servesMetrics(unit) ? metricsPortOf({ PORT: unit.port }) : undefined;
}

/**
 * Head sampling in production (issue 36: tracing's cost): the gateway, where a visitor's trace starts, records one new
 * trace in ten, and every service follows the decision its caller made (the `traceparent`'s flag, carried through the
 * outbox and NATS), so a recorded trace is always whole. A request whose caller already samples it is always recorded.
 */
export const TRACE_SAMPLING = { OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' } as const;

/** The standard OpenTelemetry variables of a service's container: its name, the collector's OTLP/HTTP endpoint, the sampling. */
export function otelEnv(unit: Unit): Array<[string, string]> {
  if (unit.kind === 'remote') return [];
  const env: Array<[string, string]> = [
    ['OTEL_SERVICE_NAME', unit.name],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', `http://${OTEL_COLLECTOR.name}:${OTEL_COLLECTOR.httpPort}`],
    ['OTEL_EXPORTER_OTLP_PROTOCOL', 'http/protobuf'],
    ...Object.entries(TRACE_SAMPLING),
  ];
  if (env.some(([name]) => !OTEL_SETTINGS.has(name))) throw new DeployGenError('otelEnv: a variable missing from OTEL_SETTINGS');
  return env;
}

const labelLines = (unit: Unit) => ['labels:', `  app.kubernetes.io/name: ${unit.name}`, `  app.kubernetes.io/part-of: ${PART_OF}`];

/** The PodMonitor scraping a deployable's pods on their `metrics` port; `up` and every series get `service` and `process` (its pod). */
export function podMonitor(unit: Unit): string[] {
  if (!servesMetrics(unit)) return [];
  return [
    '---',
    `# Prometheus scrapes every pod of ${unit.name} on its metrics port (never served by the public gateway).`,
    'apiVersion: monitoring.coreos.com/v1',
    'kind: PodMonitor',
    'metadata:',
    `  name: ${unit.name}`,
    ...indent(2, labelLines(unit)),
    'spec:',
    '  selector:',
    '    matchLabels:',
    `      app.kubernetes.io/name: ${unit.name}`,
    '  podMetricsEndpoints:',
    '    - port: metrics',
    '      path: /metrics',
    '      interval: 15s',
    '      # Its series carry their own `service` label (the kit\'s); `up` gets the same from the pod.',
    '      honorLabels: true',
    '      relabelings:',
    '        - { sourceLabels: [__meta_kubernetes_pod_label_app_kubernetes_io_name], targetLabel: service, action: replace }',
    '        - { sourceLabels: [__meta_kubernetes_pod_name], targetLabel: process, action: replace }',
  ];
}

/** The request rate of a deployable, summed over its pods (KEDA's prometheus trigger). */
export const requestRateQuery = (unit: Unit): string => forService(`sum(rate(${REQUESTS_SERIES}{service="${SERVICE_PLACEHOLDER}"}[${SCALING_RATE_WINDOW}]))`, unit.name);

const requestsPerPod = (unit: Unit) => (unit.kind === 'edge' ? REQUESTS_PER_POD.edge : REQUESTS_PER_POD.service);

/**
 * Its autoscaler: none for fixed replicas; a KEDA ScaledObject when it has consumers (KEDA then owns its HPA: never a
 * second one); else a HorizontalPodAutoscaler on requests per second and CPU.
 */
export function autoscaler(unit: Unit): string[] {
  const pods = podsOf(unit);
  if ('replicas' in pods) return [];
  if (unit.consumers.length > 0) {
    const triggers = [
      ...unit.consumers.flatMap((c) => [
        '- type: nats-jetstream',
        '  metadata:',
        `    natsServerMonitoringEndpoint: ${scalar(NATS_MONITORING_ENDPOINT)}`,
        `    account: ${scalar(NATS_ACCOUNT)}`,
        `    stream: ${c.stream}`,
        `    consumer: ${scalar(c.durable)}`,
        `    lagThreshold: ${scalar(String(LAG_PER_POD))}`,
      ]),
      ...(pods.requests
        ? [
            '- type: prometheus',
            '  metadata:',
            `    serverAddress: ${PROMETHEUS_URL}`,
            `    query: ${scalar(requestRateQuery(unit))}`,
            `    threshold: ${scalar(String(requestsPerPod(unit)))}`,
            '- type: cpu',
            '  metricType: Utilization',
            '  metadata:',
            `    value: ${scalar(String(pods.requests.cpuUtilization))}`,
          ]
        : []),
    ];
    return [
      '---',
      ...comment(
        `${unit.name} scales on the lag of its JetStream consumers (KEDA's nats-jetstream scaler, one trigger per durable: ${LAG_PER_POD} messages waiting per pod)${pods.requests ? ', its requests per second and CPU' : ''}; KEDA makes and owns its HorizontalPodAutoscaler.`,
      ),
      'apiVersion: keda.sh/v1alpha1',
      'kind: ScaledObject',
      'metadata:',
      `  name: ${unit.name}`,
      ...indent(2, labelLines(unit)),
      'spec:',
      '  scaleTargetRef:',
      `    name: ${unit.name}`,
      `  minReplicaCount: ${pods.min}`,
      `  maxReplicaCount: ${pods.max}`,
      '  pollingInterval: 15',
      '  advanced:',
      '    horizontalPodAutoscalerConfig:',
      '      behavior:',
      '        scaleDown:',
      '          stabilizationWindowSeconds: 300',
      '  triggers:',
      ...indent(4, triggers),
    ];
  }
  if (!pods.requests) throw new DeployGenError(`${unit.folder}: scaled without consumers or deploy.autoscale`);
  return [
    '---',
    ...comment(`${unit.name} scales on its requests per second (${requestsPerPod(unit)} per pod; the prometheus-adapter's ${REQUESTS_METRIC}) and CPU, whichever asks for more pods.`),
    'apiVersion: autoscaling/v2',
    'kind: HorizontalPodAutoscaler',
    'metadata:',
    `  name: ${unit.name}`,
    ...indent(2, labelLines(unit)),
    'spec:',
    '  scaleTargetRef:',
    '    apiVersion: apps/v1',
    '    kind: Deployment',
    `    name: ${unit.name}`,
    `  minReplicas: ${pods.min}`,
    `  maxReplicas: ${pods.max}`,
    '  metrics:',
    '    - type: Pods',
    '      pods:',
    `        metric: ${flowMap({ name: REQUESTS_METRIC })}`,
    `        target: ${flowMap({ type: 'AverageValue', averageValue: String(requestsPerPod(unit)) })}`,
    '    - type: Resource',
    '      resource:',
    '        name: cpu',
    '        target:',
    '          type: Utilization',
    `          averageUtilization: ${pods.requests.cpuUtilization}`,
    '  behavior:',
    '    scaleDown:',
    '      stabilizationWindowSeconds: 300',
  ];
}

// ---------------------------------------------------------------------------------------------------------------------
// The platform's part: infra/k8s/monitoring and the adapter's values.

const header = (what: string) => [GENERATED_HEADER, ...comment(what)];

const AlertsFile = z.object({ groups: z.array(z.object({ name: z.string(), rules: z.array(z.object({ alert: z.string(), expr: z.string() }).loose()).min(1) }).loose()).min(1) }).loose();

/** The alert rules of infra/prometheus/alerts.yml (the local Prometheus's), as they are. */
export function alertGroups(platformRoot: string): z.infer<typeof AlertsFile>['groups'] {
  const parsed = AlertsFile.safeParse(parse(readFileSync(path.join(platformRoot, MONITORING_FILES.alerts), 'utf8')));
  if (!parsed.success) throw new DeployGenError(`${MONITORING_FILES.alerts}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data.groups;
}

/** infra/k8s/monitoring/prometheus-rules.yaml: alerts.yml's groups in a PrometheusRule. */
export function prometheusRule(platformRoot: string): string {
  const rule = {
    apiVersion: 'monitoring.coreos.com/v1',
    kind: 'PrometheusRule',
    metadata: { name: 'cp-alerts', labels: { 'app.kubernetes.io/name': 'cp-alerts', 'app.kubernetes.io/part-of': PART_OF } },
    spec: { groups: alertGroups(platformRoot) },
  };
  return [...header(`The platform's alert rules: ${MONITORING_FILES.alerts} (the local Prometheus's, tested with promtool) as a PrometheusRule.`), stringify(rule, { lineWidth: 0 })].join('\n');
}

/** Grafana's unit and legend of each panel, two panels a row, a row per service (repeated over the `service` variable). */
export function grafanaDashboard(): string {
  const panels = PANEL_QUERIES.map((p, i) => ({
    id: i + 2,
    type: 'timeseries',
    title: `${p.title} — $service`,
    datasource: { type: 'prometheus', uid: '${datasource}' },
    gridPos: { x: (i % 3) * 8, y: 1 + Math.floor(i / 3) * 8, w: 8, h: 8 },
    fieldConfig: { defaults: { unit: p.unit }, overrides: [] },
    options: { legend: { displayMode: 'list', placement: 'bottom', showLegend: true }, tooltip: { mode: 'multi', sort: 'none' } },
    targets: [{ refId: 'A', expr: p.expr, legendFormat: p.legend, datasource: { type: 'prometheus', uid: '${datasource}' } }],
  }));
  const dashboard = {
    uid: 'cp-platform',
    title: 'Central PA community — services',
    description: `Per service: requests, latency, errors, instances, outbox and consumers (generated by npm run deploy:gen from the operators' panels of packages/contracts/src/operations-panels.ts).`,
    tags: ['central-pa', 'issue-36'],
    timezone: 'browser',
    schemaVersion: 39,
    version: 1,
    editable: false,
    refresh: '30s',
    time: { from: 'now-1h', to: 'now' },
    templating: {
      list: [
        { name: 'datasource', label: 'Prometheus', type: 'datasource', query: 'prometheus', current: {} },
        {
          name: 'service',
          label: 'Service',
          type: 'query',
          datasource: { type: 'prometheus', uid: '${datasource}' },
          query: { query: 'label_values(up, service)', refId: 'service' },
          definition: 'label_values(up, service)',
          refresh: 2,
          multi: true,
          includeAll: true,
          current: { text: 'All', value: '$__all' },
          sort: 1,
        },
      ],
    },
    panels: [{ id: 1, type: 'row', title: '$service', repeat: 'service', collapsed: false, gridPos: { x: 0, y: 0, w: 24, h: 1 }, panels: [] }, ...panels],
  };
  return `${JSON.stringify(dashboard, null, 2)}\n`;
}

/** infra/k8s/monitoring/grafana-dashboard.yaml: the dashboard in a ConfigMap Grafana's sidecar loads (label grafana_dashboard). */
export function grafanaDashboardConfigMap(dashboardJson: string): string {
  const cm = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'cp-grafana-dashboard', labels: { grafana_dashboard: '1', 'app.kubernetes.io/part-of': PART_OF } },
    data: { 'platform.json': dashboardJson },
  };
  return [...header(`Grafana's dashboard of the services (${MONITORING_FILES.dashboard}), loaded by its sidecar from ConfigMaps labelled grafana_dashboard.`), stringify(cm, { lineWidth: 0 })].join('\n');
}

/** The collector's own configuration: OTLP in (gRPC, HTTP), memory limit and batches, OTLP out to the tracing backend. */
export function otelCollectorConfig(): Record<string, unknown> {
  return {
    extensions: { health_check: { endpoint: `0.0.0.0:${OTEL_COLLECTOR.healthPort}` } },
    receivers: { otlp: { protocols: { grpc: { endpoint: `0.0.0.0:${OTEL_COLLECTOR.grpcPort}` }, http: { endpoint: `0.0.0.0:${OTEL_COLLECTOR.httpPort}` } } } },
    processors: { memory_limiter: { check_interval: '1s', limit_percentage: 80, spike_limit_percentage: 20 }, batch: { timeout: '5s', send_batch_size: 1024 } },
    exporters: { otlp: { endpoint: '${env:TRACING_BACKEND_ENDPOINT}', tls: { insecure: '${env:TRACING_BACKEND_INSECURE}' } } },
    service: { extensions: ['health_check'], pipelines: { traces: { receivers: ['otlp'], processors: ['memory_limiter', 'batch'], exporters: ['otlp'] } } },
  };
}

/** infra/k8s/monitoring/otel-collector.yaml: its ConfigMaps (configuration, backend), Deployment, Service and PodDisruptionBudget. */
export function otelCollector(): string {
  const name = OTEL_COLLECTOR.name;
  const labels = { 'app.kubernetes.io/name': name, 'app.kubernetes.io/component': 'telemetry', 'app.kubernetes.io/part-of': PART_OF };
  const selector = { matchLabels: { 'app.kubernetes.io/name': name } };
  const probe = { httpGet: { path: '/', port: 'health' }, periodSeconds: 10, timeoutSeconds: 3, failureThreshold: 3 };
  const docs = [
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${name}-config`, labels }, data: { 'config.yaml': stringify(otelCollectorConfig(), { lineWidth: 0 }) } },
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: `${name}-backend`, labels },
      // The tracing backend's OTLP/gRPC address: an overlay patches it (Tempo, Jaeger, a vendor's endpoint).
      data: { TRACING_BACKEND_ENDPOINT: 'tracing-backend:4317', TRACING_BACKEND_INSECURE: 'true' },
    },
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name, labels },
      spec: {
        replicas: 2,
        revisionHistoryLimit: 5,
        selector,
        strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
        template: {
          metadata: { labels },
          spec: {
            automountServiceAccountToken: false,
            enableServiceLinks: false,
            securityContext: { runAsNonRoot: true, runAsUser: 10001, runAsGroup: 10001, seccompProfile: { type: 'RuntimeDefault' } },
            containers: [
              {
                name,
                image: OTEL_COLLECTOR_IMAGE,
                imagePullPolicy: 'IfNotPresent',
                args: ['--config=/conf/config.yaml'],
                ports: [
                  { name: 'otlp-grpc', containerPort: OTEL_COLLECTOR.grpcPort },
                  { name: 'otlp-http', containerPort: OTEL_COLLECTOR.httpPort },
                  { name: 'health', containerPort: OTEL_COLLECTOR.healthPort },
                ],
                envFrom: [{ configMapRef: { name: `${name}-backend` } }],
                volumeMounts: [{ name: 'config', mountPath: '/conf', readOnly: true }],
                resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '1', memory: '512Mi' } },
                securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } },
                livenessProbe: probe,
                readinessProbe: probe,
              },
            ],
            volumes: [{ name: 'config', configMap: { name: `${name}-config` } }],
          },
        },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name, labels },
      spec: {
        type: 'ClusterIP',
        selector: selector.matchLabels,
        ports: [
          { name: 'otlp-grpc', port: OTEL_COLLECTOR.grpcPort, targetPort: 'otlp-grpc' },
          { name: 'otlp-http', port: OTEL_COLLECTOR.httpPort, targetPort: 'otlp-http' },
        ],
      },
    },
    { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget', metadata: { name, labels }, spec: { maxUnavailable: 1, selector } },
  ];
  return [
    ...header(
      "The OpenTelemetry Collector every service's OTLP exporter sends its spans to (OTEL_EXPORTER_OTLP_ENDPOINT): OTLP in, batches, OTLP out to the tracing backend of the ConfigMap otel-collector-backend. A slow or absent backend costs the services nothing: they export in batches to the collector, which drops what it cannot hold.",
    ),
    docs.map((d) => stringify(d, { lineWidth: 0 })).join('---\n'),
  ].join('\n');
}

/** infra/k8s/monitoring/kustomization.yaml. */
export function monitoringKustomization(): string {
  return [
    ...header('The platform\'s monitoring (issue 36 §5): the alert rules, the Grafana dashboard and the OpenTelemetry Collector. The production overlay includes it.'),
    'apiVersion: kustomize.config.k8s.io/v1beta1',
    'kind: Kustomization',
    'resources:',
    '  - prometheus-rules.yaml',
    '  - grafana-dashboard.yaml',
    '  - otel-collector.yaml',
  ].join('\n') + '\n';
}

/** The adapter's rule: `http_requests_per_second` of each pod, from the kit's request counter. */
export function adapterRule(): { seriesQuery: string; resources: unknown; name: { matches: string; as: string }; metricsQuery: string } {
  return {
    seriesQuery: `${REQUESTS_SERIES}{namespace!="",pod!=""}`,
    resources: { overrides: { namespace: { resource: 'namespace' }, pod: { resource: 'pod' } } },
    name: { matches: `^${REQUESTS_SERIES}$`, as: REQUESTS_METRIC },
    metricsQuery: `sum(rate(<<.Series>>{<<.LabelMatchers>>}[${SCALING_RATE_WINDOW}])) by (<<.GroupBy>>)`,
  };
}

/** infra/k8s/helm/prometheus-adapter-values.yaml: the prometheus-adapter chart's values (the cluster's Prometheus, the rule). */
export function prometheusAdapterValues(): string {
  const url = new URL(PROMETHEUS_URL);
  const values = { prometheus: { url: `${url.protocol}//${url.hostname}`, port: Number(url.port) }, rules: { default: false, custom: [adapterRule()] } };
  return [...header(`The prometheus-adapter's values: the per-pod ${REQUESTS_METRIC} the request-serving deployables' HorizontalPodAutoscalers scale on.`), stringify(values, { lineWidth: 0 })].join('\n');
}

/** The monitoring files, by path relative to the root. */
export function monitoringFiles(platformRoot: string): Map<string, string> {
  const dashboard = grafanaDashboard();
  return new Map([
    [MONITORING_FILES.dashboard, dashboard],
    [`${MONITORING_FILES.folder}/kustomization.yaml`, monitoringKustomization()],
    [`${MONITORING_FILES.folder}/prometheus-rules.yaml`, prometheusRule(platformRoot)],
    [`${MONITORING_FILES.folder}/grafana-dashboard.yaml`, grafanaDashboardConfigMap(dashboard)],
    [`${MONITORING_FILES.folder}/otel-collector.yaml`, otelCollector()],
    [MONITORING_FILES.adapterValues, prometheusAdapterValues()],
  ]);
}
