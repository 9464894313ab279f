/**
 * The Kubernetes base (infra/k8s/base): one file per deployable — its ConfigMap, Deployment, Service,
 * PodDisruptionBudget, its PodMonitor when it serves metrics and, when it scales, its HorizontalPodAutoscaler or KEDA
 * ScaledObject (monitoring.ts) — and the kustomization listing them with the platform's hand-written common.yaml.
 */
import { imageOf, KEY_FILES, KEYS_DIR, OTEL_SETTINGS, PLATFORM_FILES, podsOf, remotesOf, resolveSettings, resourcesOf, servicesOf, edgeOf, EDGE_SERVICE_PORT, type Model, type ResolvedSetting, type SecretRef, type Unit } from './model.ts';
import { autoscaler, metricsPort, otelEnv, PART_OF, podMonitor } from './monitoring.ts';
import { comment, flowMap, GENERATED_HEADER, indent, scalar } from './yaml-text.ts';

const component = (unit: Unit) => (unit.kind === 'edge' ? 'gateway' : unit.kind === 'remote' ? 'web-remote' : 'service');

export interface ContainerEnv {
  /** ConfigMaps taken whole (common.yaml's the deployable reads every key of, then its own). */
  envFrom: string[];
  /** Its own ConfigMap's data. */
  data: Array<[string, string]>;
  /** Variables from Secrets. */
  secrets: Array<[string, SecretRef]>;
  /** Variables set in the Deployment itself: the OpenTelemetry exporter's (monitoring.ts). */
  values: Array<[string, string]>;
  /** The key files it reads (mounted from the cp-jwt Secret). */
  keyFiles: string[];
}

/** How a deployable's settings reach its container in Kubernetes. */
export function containerEnv(model: Model, unit: Unit): ContainerEnv {
  const settings: ResolvedSetting[] = resolveSettings(model, unit, 'k8s');
  const names = new Set(settings.map((s) => s.name));
  const whole = [...model.platform.configMaps].filter(([name, data]) => Object.keys(data).every((k) => names.has(k) && settings.some((s) => s.name === k && s.value.kind === 'shared' && s.value.configMap === name)));
  const taken = new Set(whole.flatMap(([, data]) => Object.keys(data)));
  const data: Array<[string, string]> = [];
  const secrets: Array<[string, SecretRef]> = [];
  for (const s of settings) {
    if (s.value.kind === 'secret') secrets.push([s.name, s.value.ref]);
    else if (!taken.has(s.name) && !OTEL_SETTINGS.has(s.name)) data.push([s.name, s.value.value]);
  }
  return {
    envFrom: [...whole.map(([name]) => name), ...(data.length > 0 ? [`${unit.name}-config`] : [])],
    data,
    secrets,
    values: otelEnv(unit),
    keyFiles: settings.filter((s) => s.name in KEY_FILES).map((s) => KEY_FILES[s.name]!),
  };
}

const labels = (unit: Unit, withComponent = true) => [
  'labels:',
  `  app.kubernetes.io/name: ${unit.name}`,
  ...(withComponent ? [`  app.kubernetes.io/component: ${component(unit)}`] : []),
  `  app.kubernetes.io/part-of: ${PART_OF}`,
];

function configMap(unit: Unit, env: ContainerEnv): string[] {
  if (env.data.length === 0) return [];
  return [
    `# ${unit.name}: its own settings (secrets come from Secrets, see infra/k8s/secrets.example.yaml and infra/k8s/deployables-secrets.example.yaml).`,
    'apiVersion: v1',
    'kind: ConfigMap',
    'metadata:',
    `  name: ${unit.name}-config`,
    '  labels:',
    `    app.kubernetes.io/part-of: ${PART_OF}`,
    'data:',
    ...indent(2, env.data.map(([k, v]) => `${k}: ${scalar(v)}`)),
    '---',
  ];
}

function deployment(unit: Unit, env: ContainerEnv): string[] {
  const pods = podsOf(unit);
  const resources = resourcesOf(unit);
  const image = imageOf(unit);
  const startupSeconds = unit.deploy.startupSeconds ?? 60;
  const metrics = metricsPort(unit);
  const recipe = `${image.dockerfile}${image.target ? ` target ${image.target}` : ''}${image.args ? ` with ${Object.entries(image.args).map(([k, v]) => `${k}=${v}`).join(' ')}` : ''}`;
  const container = [
    `- name: ${unit.name}`,
    `  image: cp/${unit.name}`,
    '  imagePullPolicy: IfNotPresent',
    '  ports:',
    '    - name: http',
    `      containerPort: ${unit.port}`,
    ...(metrics === undefined ? [] : ['    - name: metrics', `      containerPort: ${metrics}`]),
    ...(env.envFrom.length > 0 ? ['  envFrom:', ...env.envFrom.flatMap((name) => ['    - configMapRef:', `        name: ${name}`])] : []),
    ...(env.secrets.length + env.values.length > 0
      ? [
          '  env:',
          ...env.values.flatMap(([name, value]) => [`    - name: ${name}`, `      value: ${scalar(value)}`]),
          ...env.secrets.flatMap(([name, ref]) => [`    - name: ${name}`, '      valueFrom:', `        secretKeyRef: ${flowMap({ name: ref.secret, key: ref.key })}`]),
        ]
      : []),
    '  volumeMounts:',
    '    - name: tmp',
    '      mountPath: /tmp',
    ...(env.keyFiles.length > 0 ? ['    - name: jwt', `      mountPath: ${KEYS_DIR}`, '      readOnly: true'] : []),
    '  resources:',
    `    requests: ${flowMap(resources.requests)}`,
    `    limits: ${flowMap(resources.limits)}`,
    '  securityContext:',
    '    allowPrivilegeEscalation: false',
    '    readOnlyRootFilesystem: true',
    '    runAsNonRoot: true',
    '    capabilities:',
    '      drop: [ALL]',
    '  # Alive: the process answers. Ready: what it needs answers (MongoDB, NATS; the gateway: its upstreams).',
    '  startupProbe:',
    `    httpGet: ${flowMap({ path: unit.health.live, port: 'http' })}`,
    '    periodSeconds: 2',
    `    failureThreshold: ${Math.ceil(startupSeconds / 2)}`,
    '  livenessProbe:',
    `    httpGet: ${flowMap({ path: unit.health.live, port: 'http' })}`,
    '    periodSeconds: 10',
    '    timeoutSeconds: 3',
    '    failureThreshold: 3',
    '  readinessProbe:',
    `    httpGet: ${flowMap({ path: unit.health.ready, port: 'http' })}`,
    '    periodSeconds: 5',
    '    timeoutSeconds: 3',
    '    failureThreshold: 2',
  ];
  const volumes = [
    '- name: tmp',
    '  emptyDir: { sizeLimit: 64Mi }',
    ...(env.keyFiles.length > 0
      ? [
          '- name: jwt',
          '  secret:',
          '    secretName: cp-jwt',
          '    defaultMode: 288 # 0440: read by the owner and the fsGroup (the service user)',
          '    items:',
          ...env.keyFiles.map((f) => `      - ${flowMap({ key: f, path: f })}`),
        ]
      : []),
  ];
  return [
    ...comment(`${unit.name}: ${unit.description} (image: ${recipe}).`),
    'apiVersion: apps/v1',
    'kind: Deployment',
    'metadata:',
    `  name: ${unit.name}`,
    ...indent(2, labels(unit)),
    'spec:',
    ...('replicas' in pods ? [`  replicas: ${pods.replicas}`] : [`  # replicas: set by its ${unit.consumers.length > 0 ? 'ScaledObject (KEDA)' : 'HorizontalPodAutoscaler'}`]),
    '  revisionHistoryLimit: 5',
    '  selector:',
    '    matchLabels:',
    `      app.kubernetes.io/name: ${unit.name}`,
    '  strategy:',
    '    type: RollingUpdate',
    '    rollingUpdate: { maxUnavailable: 0, maxSurge: 1 }',
    '  template:',
    '    metadata:',
    ...indent(6, labels(unit)),
    '    spec:',
    '      automountServiceAccountToken: false',
    '      # No <SERVICE>_PORT/_HOST variables from other Services: configuration comes from the ConfigMaps only.',
    '      enableServiceLinks: false',
    '      terminationGracePeriodSeconds: 30',
    '      securityContext:',
    '        runAsNonRoot: true',
    '        runAsUser: 1000',
    '        runAsGroup: 1000',
    '        fsGroup: 1000',
    '        seccompProfile:',
    '          type: RuntimeDefault',
    '      containers:',
    ...indent(8, container),
    '      volumes:',
    ...indent(8, volumes),
    '---',
  ];
}

function service(unit: Unit): string[] {
  return [
    'apiVersion: v1',
    'kind: Service',
    'metadata:',
    `  name: ${unit.name}`,
    ...indent(2, labels(unit)),
    'spec:',
    '  type: ClusterIP',
    '  selector:',
    `    app.kubernetes.io/name: ${unit.name}`,
    '  ports:',
    '    - name: http',
    `      port: ${unit.kind === 'edge' ? EDGE_SERVICE_PORT : unit.port}`,
    '      targetPort: http',
    '---',
  ];
}

function disruptionBudget(unit: Unit): string[] {
  return [
    `# Voluntary disruptions (node drains) take down at most one pod of ${unit.name} at a time.`,
    'apiVersion: policy/v1',
    'kind: PodDisruptionBudget',
    'metadata:',
    `  name: ${unit.name}`,
    ...indent(2, labels(unit, false)),
    'spec:',
    '  maxUnavailable: 1',
    '  selector:',
    '    matchLabels:',
    `      app.kubernetes.io/name: ${unit.name}`,
  ];
}

/** One deployable's file in infra/k8s/base. */
export function k8sFile(model: Model, unit: Unit): string {
  const env = containerEnv(model, unit);
  return [GENERATED_HEADER, ...configMap(unit, env), ...deployment(unit, env), ...service(unit), ...disruptionBudget(unit), ...podMonitor(unit), ...autoscaler(unit)].join('\n') + '\n';
}

export const k8sOrder = (model: Model): Unit[] => [edgeOf(model), ...servicesOf(model), ...remotesOf(model)];

/** infra/k8s/base/kustomization.yaml: the platform's common.yaml, then every deployable's file. */
export function kustomization(model: Model): string {
  return [
    GENERATED_HEADER,
    '# The whole application (not MongoDB and NATS: infra/k8s/helm and infra/k8s/mongodb). Build it through an overlay:',
    '#   kubectl apply -k infra/k8s/overlays/production',
    'apiVersion: kustomize.config.k8s.io/v1beta1',
    'kind: Kustomization',
    'resources:',
    `  - ${PLATFORM_FILES.commonConfigMaps.split('/').at(-1)!}`,
    ...k8sOrder(model).map((u) => `  - ${u.name}.yaml`),
  ].join('\n') + '\n';
}

/** infra/k8s/overlays/production/images/kustomization.yaml: the base with each deployable's image at the release. */
export function productionImages(model: Model): string {
  const { registry, tag } = model.platform.productionRelease;
  return [
    GENERATED_HEADER,
    `# The base with every deployable's image from ${PLATFORM_FILES.productionRelease.split('/').slice(-1)[0]} (registry and tag); the production overlay builds on it.`,
    'apiVersion: kustomize.config.k8s.io/v1beta1',
    'kind: Kustomization',
    'resources:',
    '  - ../../../base',
    'images:',
    ...k8sOrder(model).map((u) => `  - ${flowMap({ name: `cp/${u.name}`, newName: `${registry}/${u.name}`, newTag: tag })}`),
  ].join('\n') + '\n';
}
