/**
 * Issue 36 §5, the Kubernetes side, proved without a cluster on the production overlay as kustomize builds it (the
 * objects' schemas are checked in k8s.test.ts, the custom resources' with their CRDs' models): every service is
 * scraped on its metrics port; the PrometheusRule holds alerts.yml's rules and passes promtool and their unit tests;
 * KEDA scales each service on exactly the durable consumers its main.ts starts; the HPAs' metric is the one the
 * prometheus-adapter serves; every PromQL of the dashboard, the adapter and KEDA parses in a real Prometheus; and every
 * service's OTLP exporter points at the collector, which batches and forwards to the tracing backend.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { eventStream, type EventDefinition } from '@cp/contracts';
import { consumerLanes, metricsPortOf, TelemetryEnv } from '@cp/service-kit';
import { ALERT_RULES_FILE, PROMTOOL, startPrometheus } from '../src/components/prometheus.ts';
import { MONITORING_FILES, NATS_ACCOUNT, NATS_MONITORING_ENDPOINT, OTEL_COLLECTOR, PROMETHEUS_URL } from '../src/deploy-gen/monitoring.ts';
import { discoverDeployables } from '../src/deployables.ts';
import { OPERATIONS_PANELS } from '@cp/contracts';
import { PANEL_QUERIES, forService, panelQuery } from '../src/monitoring/queries.ts';
import { freeLoopbackPorts } from '../src/proc.ts';
import { kustomizeBuild, readObjects, validateObjects, type K8sObject } from './support/kustomize.ts';
import { remoteDirs, REPO, serviceDirs } from './support/operator-files.ts';

jest.setTimeout(90_000);

const K8S = path.join(REPO, 'infra/k8s');
const objects = kustomizeBuild(path.join(K8S, 'overlays/production'));
const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
const find = (kind: string, name: string): K8sObject => {
  const o = objects.find((x) => x.kind === kind && x.metadata.name === name);
  if (!o) throw new Error(`no ${kind}/${name}`);
  return o;
};

const Container = z.object({ name: z.string(), ports: z.array(z.object({ name: z.string(), containerPort: z.number() })), env: z.array(z.object({ name: z.string(), value: z.string().optional() }).loose()).default([]) }).loose();
const Deployment = z.object({ spec: z.object({ template: z.object({ metadata: z.object({ labels: z.record(z.string(), z.string()) }), spec: z.object({ containers: z.array(Container) }).loose() }) }).loose() });
const podLabels = (name: string) => Deployment.parse(find('Deployment', name)).spec.template.metadata.labels;
const container = (name: string) => Deployment.parse(find('Deployment', name)).spec.template.spec.containers[0]!;
const matches = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([k, v]) => labels[k] === v);

test("the custom resources' validation (k8s.test.ts validates every object) bites: a PodMonitor, a PrometheusRule and a ScaledObject of the wrong shape are reported", async () => {
  const monitor = structuredClone(find('PodMonitor', 'listings')) as unknown as { spec: { podMetricsEndpoints: Array<{ honorLabels: unknown }> } };
  monitor.spec.podMetricsEndpoints[0]!.honorLabels = 'yes';
  const rule = structuredClone(ofKind('PrometheusRule')[0]!) as unknown as { spec: { groups: Array<{ rules: unknown }> } };
  rule.spec.groups[0]!.rules = 'none';
  const scaled = structuredClone(find('ScaledObject', 'listings')) as unknown as { spec: { minReplicaCount: unknown } };
  scaled.spec.minReplicaCount = 'two';
  expect((await validateObjects([monitor, rule, scaled])).map((p) => p.kind)).toEqual(['monitoring.coreos.com/v1/PodMonitor', 'monitoring.coreos.com/v1/PrometheusRule', 'keda.sh/v1alpha1/ScaledObject']);
  expect(await validateObjects([find('PodMonitor', 'listings'), ofKind('PrometheusRule')[0]!, find('ScaledObject', 'listings')])).toEqual([]);
});

describe('metrics: every service and the edge scraped on its metrics port', () => {
  const PodMonitor = z.object({
    metadata: z.object({ name: z.string() }).loose(),
    spec: z.object({
      selector: z.object({ matchLabels: z.record(z.string(), z.string()) }).strict(),
      podMetricsEndpoints: z.array(z.object({ port: z.string(), path: z.literal('/metrics'), honorLabels: z.literal(true), relabelings: z.array(z.object({ sourceLabels: z.array(z.string()), targetLabel: z.string() }).loose()) }).loose()).length(1),
    }),
  });
  const monitors = ofKind('PodMonitor').map((m) => PodMonitor.parse(m));

  test('one PodMonitor per service (the gateway and the renderer included), none for the remotes (static files, no metrics)', () => {
    expect(monitors.map((m) => m.metadata.name).sort()).toEqual(serviceDirs());
    expect(serviceDirs()).toEqual(expect.arrayContaining(['gateway', 'renderer']));
    for (const r of remoteDirs()) expect(container(r).ports.map((p) => p.name)).toEqual(['http']);
  });

  test.each(serviceDirs())("%s: its PodMonitor selects exactly its pods, on the container port named metrics, which is the kit's metrics port", (name) => {
    const m = monitors.find((x) => x.metadata.name === name)!;
    const selected = ofKind('Deployment').filter((d) => matches(m.spec.selector.matchLabels, podLabels(d.metadata.name)));
    expect(selected.map((d) => d.metadata.name)).toEqual([name]);
    const endpoint = m.spec.podMetricsEndpoints[0]!;
    const ports = container(name).ports;
    const http = ports.find((p) => p.name === 'http')!;
    expect(ports.find((p) => p.name === endpoint.port)?.containerPort).toBe(metricsPortOf({ PORT: http.containerPort }));
    // `up` and every series carry the service (the panels' and alerts' `service`) and the pod (the local stack's `process`).
    expect(endpoint.relabelings.map((r) => `${r.sourceLabels.join()}→${r.targetLabel}`)).toEqual(['__meta_kubernetes_pod_label_app_kubernetes_io_name→service', '__meta_kubernetes_pod_name→process']);
    expect(podLabels(name)['app.kubernetes.io/name']).toBe(name);
  });
});

describe('alerts: the PrometheusRule is infra/prometheus/alerts.yml', () => {
  const Rule = z.object({ metadata: z.object({ name: z.string() }).loose(), spec: z.object({ groups: z.array(z.object({ name: z.string(), rules: z.array(z.object({ alert: z.string(), expr: z.string() }).loose()) }).loose()) }).strict() });
  const rules = ofKind('PrometheusRule').map((r) => Rule.parse(r));

  test("its groups are alerts.yml's, with the five alerts of the issue", () => {
    expect(rules).toHaveLength(1);
    expect(rules[0]!.spec.groups).toEqual((parse(readFileSync(ALERT_RULES_FILE(), 'utf8')) as { groups: unknown }).groups);
    expect(rules[0]!.spec.groups.flatMap((g) => g.rules.map((r) => r.alert)).sort()).toEqual(['ConsumerBacklogGrowing', 'DeadLetters', 'OutboxStale', 'ServiceErrorRatioHigh', 'ServiceLatencyP95High']);
  });

  test('extracted from the cluster object, they pass promtool and the unit tests of alerts.test.yml', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cp-prometheus-rule-'));
    try {
      writeFileSync(path.join(dir, 'alerts.yml'), JSON.stringify({ groups: rules[0]!.spec.groups }));
      copyFileSync(path.join(path.dirname(ALERT_RULES_FILE()), 'alerts.test.yml'), path.join(dir, 'alerts.test.yml'));
      const check = spawnSync(PROMTOOL, ['check', 'rules', path.join(dir, 'alerts.yml')], { encoding: 'utf8' });
      expect(`${check.status} ${check.stdout}${check.stderr}`).toMatch(/^0 .*SUCCESS: 5 rules found/s);
      const unit = spawnSync(PROMTOOL, ['test', 'rules', path.join(dir, 'alerts.test.yml')], { encoding: 'utf8' });
      expect(`${unit.status} ${unit.stdout}${unit.stderr}`).toMatch(/^0 .*SUCCESS/s);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------------

const Trigger = z.object({ type: z.string(), metricType: z.string().optional(), metadata: z.record(z.string(), z.string()) }).strict();
const ScaledObject = z.object({ metadata: z.object({ name: z.string() }).loose(), spec: z.object({ scaleTargetRef: z.object({ name: z.string() }).strict(), minReplicaCount: z.number(), maxReplicaCount: z.number(), triggers: z.array(Trigger) }).loose() });
const scaledObjects = ofKind('ScaledObject').map((o) => ScaledObject.parse(o));
const Hpa = z.object({ metadata: z.object({ name: z.string() }).loose(), spec: z.object({ minReplicas: z.number(), maxReplicas: z.number(), metrics: z.array(z.object({ type: z.string(), pods: z.object({ metric: z.object({ name: z.string() }), target: z.object({ type: z.literal('AverageValue'), averageValue: z.string() }) }).optional() }).loose()) }).loose() });
const hpas = ofKind('HorizontalPodAutoscaler').map((h) => Hpa.parse(h));
const AdapterValues = z.object({
  prometheus: z.object({ url: z.string(), port: z.number() }),
  rules: z.object({ default: z.literal(false), custom: z.array(z.object({ seriesQuery: z.string(), resources: z.unknown(), name: z.object({ matches: z.string(), as: z.string() }), metricsQuery: z.string() }).strict()).length(1) }),
});
const adapter = AdapterValues.parse(parse(readFileSync(path.join(REPO, MONITORING_FILES.adapterValues), 'utf8')));

/**
 * The consumers a service's main.ts hands to startService (`consumers: [a, b]`), each imported from the module main.ts
 * imports it from: the one declaration each, read here independently of the generator's discovery.
 */
async function startedConsumers(service: string): Promise<Array<{ source: string; durable: string; events: EventDefinition[] }>> {
  const dir = path.join(REPO, 'services', service, 'src');
  const main = readFileSync(path.join(dir, 'main.ts'), 'utf8');
  const list = /\bconsumers:\s*\[([^\]]*)\]/.exec(main)?.[1];
  if (list === undefined) return [];
  const names = list.split(',').map((s) => s.trim()).filter(Boolean);
  const out = [];
  for (const name of names) {
    const from = new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*'(\\./[^']+)'`).exec(main)?.[1];
    if (!from) throw new Error(`${service}/src/main.ts: where ${name} comes from`);
    const declared = ((await import(path.join(dir, from))) as Record<string, { source: string; durable: string; events?: EventDefinition[]; handlers?: (deps: unknown) => Array<{ def: EventDefinition }> }>)[name]!;
    out.push({ source: declared.source, durable: declared.durable, events: declared.events ?? declared.handlers!(new Proxy({}, { get: () => undefined })).map((h) => h.def) });
  }
  return out;
}

describe('autoscaling', () => {
  test.each(serviceDirs())("%s: KEDA's nats-jetstream triggers name exactly the durables (lanes) of the consumers its main.ts starts", async (name) => {
    const expected = (await startedConsumers(name)).flatMap((c) => consumerLanes(c.durable, c.events).map((lane) => `${eventStream(c.source).name}/${lane.name}`));
    const scaled = scaledObjects.find((o) => o.metadata.name === name);
    const triggers = (scaled?.spec.triggers ?? []).filter((t) => t.type === 'nats-jetstream');
    expect(triggers.map((t) => `${t.metadata.stream}/${t.metadata.consumer}`).sort()).toEqual(expected.sort());
    for (const t of triggers) expect(t.metadata).toEqual({ natsServerMonitoringEndpoint: NATS_MONITORING_ENDPOINT, account: NATS_ACCOUNT, stream: expect.stringMatching(/^EVENTS_/), consumer: expect.any(String), lagThreshold: expect.stringMatching(/^\d+$/) });
    if (scaled) {
      // Its bounds: the manifest's replicas (at least 2), up to its max.
      const manifest = discoverDeployables(REPO).services.find((s) => s.manifest.name === name)!.manifest;
      expect([scaled.spec.minReplicaCount, scaled.spec.maxReplicaCount]).toEqual([Math.max(2, manifest.replicas.default), manifest.deploy?.autoscale?.maxReplicas ?? manifest.replicas.max]);
      // Scaled on its requests too when its manifest asks for deploy.autoscale.
      expect(scaled.spec.triggers.some((t) => t.type === 'prometheus')).toBe(manifest.deploy?.autoscale !== undefined);
    }
  });

  const helmfile = z.object({ releases: z.array(z.object({ name: z.string(), namespace: z.string(), chart: z.string(), values: z.array(z.string()) }).loose()) }).loose().parse(parse(readFileSync(path.join(K8S, 'helm/helmfile.yaml'), 'utf8')));
  const release = (chart: string) => {
    const r = helmfile.releases.find((x) => x.chart === chart);
    if (!r) throw new Error(`helmfile.yaml installs no ${chart}`);
    return r;
  };

  test("the lag is read where the nats chart's servers publish their monitoring: the headless Service of the release, in its namespace, port 8222", () => {
    const nats = release('nats/nats');
    expect(NATS_MONITORING_ENDPOINT).toBe(`${nats.name}-headless.${nats.namespace}.svc.cluster.local:8222`);
  });

  test('helmfile installs what reads these objects: the Prometheus Operator (whose Prometheus KEDA and the adapter query), the adapter with its generated rule, KEDA', () => {
    const stack = release('prometheus-community/kube-prometheus-stack');
    expect(new URL(PROMETHEUS_URL).host).toBe(`prometheus-operated.${stack.namespace}.svc:9090`);
    expect(release('prometheus-community/prometheus-adapter').values).toContain(path.basename(MONITORING_FILES.adapterValues));
    expect(`${adapter.prometheus.url}:${adapter.prometheus.port}`).toBe(PROMETHEUS_URL);
    // The admins' Operations tab (moderation) reads the same Prometheus.
    const monitoring = z.object({ data: z.object({ PROMETHEUS_URL: z.string() }) }).parse(find('ConfigMap', 'cp-monitoring'));
    expect(monitoring.data.PROMETHEUS_URL).toBe(PROMETHEUS_URL);
    release('kedacore/keda');
    // Prometheus takes the generated PodMonitors and rules (not only its release's), Grafana the labelled dashboards.
    const values = z
      .object({
        prometheus: z.object({ prometheusSpec: z.object({ podMonitorSelectorNilUsesHelmValues: z.literal(false), ruleSelectorNilUsesHelmValues: z.literal(false) }).loose() }).loose(),
        grafana: z.object({ sidecar: z.object({ dashboards: z.object({ enabled: z.literal(true), label: z.literal('grafana_dashboard'), labelValue: z.literal('1') }).loose() }).loose() }).loose(),
      })
      .loose();
    expect(() => values.parse(parse(readFileSync(path.join(K8S, 'helm', stack.values[0]!), 'utf8')))).not.toThrow();
  });

  test("the HPAs' per-pod metric is the one the prometheus-adapter's rule names, from the kit's request counter", () => {
    const rule = adapter.rules.custom[0]!;
    for (const h of hpas) {
      const pods = h.spec.metrics.find((m) => m.type === 'Pods')!.pods!;
      expect(pods.metric.name).toBe(rule.name.as);
      expect(Number(pods.target.averageValue)).toBeGreaterThan(0);
    }
    const series = /^([a-z_:]+)\{/.exec(rule.seriesQuery)![1]!;
    expect(new RegExp(rule.name.matches).test(series)).toBe(true);
    expect(series).toBe('http_server_request_duration_seconds_count');
  });
});

describe('PromQL: every expression of the dashboard, the adapter and KEDA parses and runs in a real Prometheus', () => {
  const dashboard = z
    .object({ panels: z.array(z.object({ type: z.string(), targets: z.array(z.object({ expr: z.string() })).optional() }).loose()) })
    .loose()
    .parse(JSON.parse(readFileSync(path.join(REPO, MONITORING_FILES.dashboard), 'utf8')));
  const dashboardExprs = dashboard.panels.flatMap((p) => p.targets?.map((t) => t.expr) ?? []);

  test('the dashboard draws the operators’ panels of contracts (the Operations tab’s), and its ConfigMap carries it for Grafana', () => {
    expect(dashboardExprs).toEqual(PANEL_QUERIES.map((p) => p.expr));
    expect(PANEL_QUERIES.map((p) => p.id)).toEqual(OPERATIONS_PANELS.map((p) => p.id));
    expect(PANEL_QUERIES.map((p) => p.expr)).toEqual(OPERATIONS_PANELS.map((p) => p.query('service=~"$service"', '5m')));
    const cm = z.object({ metadata: z.object({ labels: z.record(z.string(), z.string()) }).loose(), data: z.record(z.string(), z.string()) }).parse(find('ConfigMap', 'cp-grafana-dashboard'));
    expect(cm.metadata.labels.grafana_dashboard).toBe('1');
    expect(cm.data['platform.json']).toBe(readFileSync(path.join(REPO, MONITORING_FILES.dashboard), 'utf8'));
    expect(panelQuery('instances', 'listings')).toBe('sum by (service) (up{service=~"listings"})');
    expect(() => forService(PANEL_QUERIES[0]!.expr, 'x"}) or vector(1')).toThrow(/not a service name/);
  });

  test('each returns success (a malformed one would be a 400)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'cp-promql-'));
    const [port] = await freeLoopbackPorts(1);
    const prometheus = await startPrometheus({ dir, port: port!, pidDir: path.join(dir, 'run'), logDir: dir, rulesFiles: [], name: `prometheus-promql-${port}` });
    try {
      const rule = adapter.rules.custom[0]!;
      const adapterQuery = rule.metricsQuery.replace('<<.Series>>', 'http_server_request_duration_seconds_count').replace('<<.LabelMatchers>>', 'namespace="central-pa",pod=~"listings-.*"').replace('<<.GroupBy>>', 'pod');
      const kedaQueries = scaledObjects.flatMap((o) => o.spec.triggers.filter((t) => t.type === 'prometheus').map((t) => t.metadata.query!));
      expect(kedaQueries.length).toBeGreaterThan(0);
      const queries = [...dashboardExprs.flatMap((e) => [forService(e, 'listings'), e.split('$service').join('.+')]), adapterQuery, ...kedaQueries];
      const answers = await Promise.all(queries.map(async (q) => `${q} → ${((await (await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent(q)}`)).json()) as { status: string }).status}`));
      expect(answers).toEqual(queries.map((q) => `${q} → success`));
      // The check bites.
      const bad = (await (await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent('sum by (service (up)')}`)).json()) as { status: string };
      expect(bad.status).toBe('error');
    } finally {
      await prometheus.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('traces: the OpenTelemetry Collector and every service pointed at it', () => {
  const Config = z.object({
    receivers: z.object({ otlp: z.object({ protocols: z.object({ grpc: z.object({ endpoint: z.string() }), http: z.object({ endpoint: z.string() }) }) }) }).loose(),
    processors: z.object({ batch: z.object({}).loose() }).loose(),
    exporters: z.object({ otlp: z.object({ endpoint: z.string() }).loose() }).loose(),
    service: z.object({ pipelines: z.object({ traces: z.object({ receivers: z.array(z.string()), processors: z.array(z.string()), exporters: z.array(z.string()) }) }) }).loose(),
  });
  const configMap = z.object({ data: z.record(z.string(), z.string()) }).parse(find('ConfigMap', `${OTEL_COLLECTOR.name}-config`));
  const config = Config.parse(parse(configMap.data['config.yaml']!));
  const service = z.object({ spec: z.object({ selector: z.record(z.string(), z.string()), ports: z.array(z.object({ name: z.string(), port: z.number(), targetPort: z.string() })) }).loose() }).parse(find('Service', OTEL_COLLECTOR.name));
  const collector = z
    .object({ spec: z.object({ template: z.object({ spec: z.object({ containers: z.array(z.object({ args: z.array(z.string()), ports: z.array(z.object({ name: z.string(), containerPort: z.number() })), envFrom: z.array(z.object({ configMapRef: z.object({ name: z.string() }) })), volumeMounts: z.array(z.object({ name: z.string(), mountPath: z.string() }).loose()) }).loose()), volumes: z.array(z.object({ name: z.string(), configMap: z.object({ name: z.string() }) })) }).loose() }).loose() }).loose() })
    .parse(find('Deployment', OTEL_COLLECTOR.name)).spec.template.spec;

  test('OTLP in on gRPC 4317 and HTTP 4318 (container and Service), batched, OTLP out to the backend its ConfigMap names', () => {
    const c = collector.containers[0]!;
    const portOf = (endpoint: string) => Number(endpoint.split(':').at(-1));
    expect(portOf(config.receivers.otlp.protocols.grpc.endpoint)).toBe(4317);
    expect(portOf(config.receivers.otlp.protocols.http.endpoint)).toBe(4318);
    for (const [name, port] of [['otlp-grpc', 4317], ['otlp-http', 4318]] as const) {
      expect(c.ports.find((p) => p.name === name)?.containerPort).toBe(port);
      expect(service.spec.ports.find((p) => p.name === name)).toEqual({ name, port, targetPort: name });
    }
    expect(matches(service.spec.selector, podLabels(OTEL_COLLECTOR.name))).toBe(true);
    expect(config.service.pipelines.traces).toEqual({ receivers: ['otlp'], processors: expect.arrayContaining(['batch']), exporters: ['otlp'] });
    // Its configuration file is the ConfigMap's, mounted where its args read it.
    const file = /^--config=(.+)$/.exec(c.args[0]!)![1]!;
    const mount = c.volumeMounts.find((m) => m.mountPath === path.posix.dirname(file))!;
    expect(collector.volumes.find((v) => v.name === mount.name)?.configMap.name).toBe(`${OTEL_COLLECTOR.name}-config`);
    expect(Object.keys(configMap.data)).toEqual([path.posix.basename(file)]);
    // The backend: every ${env:X} of its configuration is a key of the ConfigMap it takes its environment from.
    const backend = z.object({ data: z.record(z.string(), z.string()) }).parse(find('ConfigMap', c.envFrom[0]!.configMapRef.name)).data;
    const vars = [...configMap.data['config.yaml']!.matchAll(/\$\{env:([A-Z_]+)\}/g)].map((m) => m[1]!);
    expect(vars).toContain(/^\$\{env:([A-Z_]+)\}$/.exec(config.exporters.otlp.endpoint)![1]);
    for (const v of vars) expect(backend[v]).toMatch(/.+/);
  });

  test.each(serviceDirs())('%s: OTEL_SERVICE_NAME is its name, OTEL_EXPORTER_OTLP_ENDPOINT the collector\'s OTLP/HTTP Service port', (name) => {
    const env = Object.fromEntries(container(name).env.filter((e) => e.value !== undefined).map((e) => [e.name, e.value!]));
    expect(env.OTEL_SERVICE_NAME).toBe(name);
    const url = new URL(env.OTEL_EXPORTER_OTLP_ENDPOINT!);
    expect(`${url.hostname}:${url.port}`).toBe(`${OTEL_COLLECTOR.name}:${service.spec.ports.find((p) => p.name === 'otlp-http')!.port}`);
    expect(env.OTEL_EXPORTER_OTLP_PROTOCOL).toBe('http/protobuf');
    // Head sampling, as the services' own telemetry settings read it: one new trace in ten, a caller's decision followed.
    const otel = Object.fromEntries(Object.entries(env).filter(([k]) => k.startsWith('OTEL_')));
    expect(TelemetryEnv.strict().parse(otel)).toMatchObject({ OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: 0.1 });
  });
});

test('the monitoring folder is what the overlay includes, and every file in it is generated', () => {
  const folder = path.join(REPO, MONITORING_FILES.folder);
  for (const f of readdirSync(folder)) expect(readFileSync(path.join(folder, f), 'utf8').split('\n')[0]).toMatch(/^# Generated by npm run deploy:gen/);
  const resources = z.object({ resources: z.array(z.string()) }).loose().parse(parse(readFileSync(path.join(folder, 'kustomization.yaml'), 'utf8'))).resources;
  for (const r of resources) for (const o of readObjects(path.join(folder, r))) expect(objects.some((x) => x.kind === o.kind && x.metadata.name === o.metadata.name)).toBe(true);
});
