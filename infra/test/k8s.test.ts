/**
 * infra/k8s, proved without a cluster: the production overlay built as kustomize builds it (support/kustomize.ts),
 * every object validated against the Kubernetes API schemas (kubernetes-models), then the rules of the deployment:
 * every service and remote has its Deployment, Service, probes, hardening and PodDisruptionBudget, the HPAs and PDBs
 * point at what exists, every ConfigMap and Secret key read exists, each service's environment passes its own
 * configuration loader, and MongoDB and NATS come from their official charts and operator, pinned.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { SERVICE_NAMES } from '../../services/gateway/src/proxy/routes-table.ts';
import { NoticeMailRequested, REGISTRY_BUCKET, ServiceManifestSchema } from '@cp/contracts';
import { connectNatsClient, ensureStream } from '@cp/service-kit';
import type { NatsConnection } from '@nats-io/nats-core';
import { AckPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import { Kvm } from '@nats-io/kv';
import { NATS_SERVER } from '../src/components/nats.ts';
import { discoverDeployables } from '../src/deployables.ts';
import { loadModel, OTEL_SETTINGS, podsOf, servicesOf, type Unit } from '../src/deploy-gen/model.ts';
import { natsPermissions } from '../src/deploy-gen/nats.ts';
import { kustomizeBuild, readObjects, validateObjects, type K8sObject } from './support/kustomize.ts';
import { loadServiceConfig, loadServiceConfigs, remoteDirs, REPO, serviceDirs, staticServerReadyz, tempKeyFiles, type Env } from './support/operator-files.ts';

const K8S = path.join(REPO, 'infra/k8s');

/** A free TCP port on loopback. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Helm's merge of values files: maps merged key by key, anything else replaced by the later file. */
function mergeValues(a: unknown, b: unknown): unknown {
  const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!isMap(a) || !isMap(b)) return b;
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = k in out ? mergeValues(out[k], v) : v;
  return out;
}
const objects = kustomizeBuild(path.join(K8S, 'overlays/production'));
// The platform's Secrets, and each deployable's own (generated with its manifests, npm run deploy:gen).
const secrets = [...readObjects(path.join(K8S, 'secrets.example.yaml')), ...readObjects(path.join(K8S, 'deployables-secrets.example.yaml'))];
const mongodb = readObjects(path.join(K8S, 'mongodb/replica-set.yaml'));

const Probe = z.object({ httpGet: z.object({ path: z.string(), port: z.union([z.string(), z.number()]) }) });
const Container = z.object({
  name: z.string(),
  image: z.string(),
  ports: z.array(z.object({ name: z.string().optional(), containerPort: z.number() })).default([]),
  envFrom: z.array(z.object({ configMapRef: z.object({ name: z.string() }) }).strict()).default([]),
  env: z.array(z.object({ name: z.string(), value: z.string().optional(), valueFrom: z.object({ secretKeyRef: z.object({ name: z.string(), key: z.string() }) }).strict().optional() })).default([]),
  volumeMounts: z.array(z.object({ name: z.string(), mountPath: z.string(), readOnly: z.boolean().optional() })).default([]),
  resources: z.object({ requests: z.object({ cpu: z.string(), memory: z.string() }), limits: z.object({ cpu: z.string(), memory: z.string() }) }),
  securityContext: z.object({ allowPrivilegeEscalation: z.literal(false), readOnlyRootFilesystem: z.literal(true), runAsNonRoot: z.literal(true), capabilities: z.object({ drop: z.tuple([z.literal('ALL')]) }).strict() }).strict(),
  livenessProbe: Probe,
  readinessProbe: Probe,
  startupProbe: Probe.optional(),
});
const Deployment = z.object({
  metadata: z.object({ name: z.string() }),
  spec: z.object({
    replicas: z.number().optional(),
    selector: z.object({ matchLabels: z.record(z.string(), z.string()) }),
    template: z.object({
      metadata: z.object({ labels: z.record(z.string(), z.string()) }),
      spec: z.object({
        automountServiceAccountToken: z.literal(false),
        securityContext: z.object({ runAsNonRoot: z.literal(true), runAsUser: z.number().min(1), seccompProfile: z.object({ type: z.literal('RuntimeDefault') }) }).loose(),
        containers: z.array(Container).length(1),
        volumes: z.array(z.object({ name: z.string(), emptyDir: z.object({}).loose().optional(), secret: z.object({ secretName: z.string(), items: z.array(z.object({ key: z.string(), path: z.string() })) }).loose().optional() })).default([]),
      }).loose(),
    }),
  }),
});
type Deployment = z.infer<typeof Deployment>;
const ServiceSpec = z.object({ metadata: z.object({ name: z.string() }), spec: z.object({ selector: z.record(z.string(), z.string()), ports: z.array(z.object({ name: z.string(), port: z.number(), targetPort: z.union([z.string(), z.number()]) })).length(1) }) });

const ofKind = (kind: string) => objects.filter((o) => o.kind === kind);
const find = (kind: string, name: string): K8sObject | undefined => objects.find((o) => o.kind === kind && o.metadata.name === name);
const deployment = (name: string): Deployment => Deployment.parse(find('Deployment', name));
const service = (name: string) => ServiceSpec.parse(find('Service', name));
const container = (name: string) => deployment(name).spec.template.spec.containers[0]!;
const matches = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([k, v]) => labels[k] === v);
const configMapData = (name: string): Env => {
  const cm = find('ConfigMap', name);
  if (!cm) throw new Error(`ConfigMap ${name} does not exist`);
  return z.record(z.string(), z.string()).parse(cm.data);
};
const secretValue = (name: string, key: string): string | undefined => {
  const s = secrets.find((o) => o.metadata.name === name);
  return z.record(z.string(), z.string()).optional().parse(s?.stringData)?.[key];
};

/**
 * The environment a Deployment's container gets for its configuration: its ConfigMaps in order, then env (Secret
 * keys: the samples). Not the OpenTelemetry SDK's own variables (OTEL_*), which no configuration schema reads.
 */
function containerEnv(name: string): Env {
  const c = container(name);
  const env: Env = {};
  for (const from of c.envFrom) Object.assign(env, configMapData(from.configMapRef.name));
  for (const e of c.env) {
    if (OTEL_SETTINGS.has(e.name)) continue;
    const value = e.value ?? (e.valueFrom ? secretValue(e.valueFrom.secretKeyRef.name, e.valueFrom.secretKeyRef.key) : undefined);
    if (value === undefined) throw new Error(`${name}: ${e.name} has no value`);
    env[e.name] = value;
  }
  return env;
}

const apps = () => [...serviceDirs(), ...remoteDirs()];

beforeAll(() => loadServiceConfigs());

describe('infra/k8s overlays/production, built as kustomize builds it', () => {
  test('every object is valid against the Kubernetes API schemas, also the example Secrets', async () => {
    expect(await validateObjects([...objects, ...secrets])).toEqual([]);
    expect(objects.length).toBeGreaterThan(apps().length * 3);
  });

  test('the validator bites: a wrong type is reported', async () => {
    const broken = structuredClone(find('Deployment', 'forum')!) as unknown as { spec: { template: { spec: { containers: Array<{ ports: Array<{ containerPort: unknown }> }> } } } };
    broken.spec.template.spec.containers[0]!.ports[0]!.containerPort = 'http';
    expect(await validateObjects([broken])).toEqual([expect.objectContaining({ name: 'forum', error: expect.stringContaining('containerPort') })]);
  });

  test('the builder refuses what it does not build exactly (a list in a strategic-merge patch, an unknown field)', () => {
    expect(() => kustomizeBuild(path.join(__dirname, 'fixtures/k8s/list-patch'))).toThrow(/lists in strategic-merge patches/);
    expect(() => kustomizeBuild(path.join(__dirname, 'fixtures/k8s/unknown-field'))).toThrow(/commonLabels/);
  });

  test('everything is in the namespace, every image from the registry at a version', () => {
    for (const o of objects) if (o.kind !== 'Namespace') expect(`${o.kind}/${o.metadata.name} ${o.metadata.namespace}`).toBe(`${o.kind}/${o.metadata.name} central-pa`);
    // The platform's own (the OpenTelemetry Collector): its project's image at a release.
    const platform = ofKind('Deployment').filter((d) => !apps().includes(d.metadata.name));
    expect(platform.map((d) => d.metadata.name)).toEqual(['otel-collector']);
    for (const d of platform) expect(container(d.metadata.name).image).toMatch(/^[a-z0-9.-]+\/[a-z0-9-]+:\d+\.\d+\.\d+$/);
    for (const d of ofKind('Deployment').filter((x) => apps().includes(x.metadata.name))) {
      const image = container(d.metadata.name).image;
      expect(image).toMatch(/^registry\.example\.org\/central-pa\/[a-z-]+(:\d+\.\d+\.\d+|@sha256:[0-9a-f]{64})$/);
      expect(image.split('/').at(-1)!.split(/[:@]/)[0]).toBe(d.metadata.name);
    }
  });

  test.each(apps())('%s: Deployment and Service, probes /healthz and /readyz, resources, non-root, read-only, no capabilities', (name) => {
    const d = deployment(name); // the schema above checks hardening, resources and probes' presence
    const c = container(name);
    expect(c.name).toBe(name);
    expect(d.spec.selector.matchLabels).toEqual({ 'app.kubernetes.io/name': name });
    expect(matches(d.spec.selector.matchLabels, d.spec.template.metadata.labels)).toBe(true);
    expect(c.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(c.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    const http = c.ports.find((p) => p.name === 'http');
    expect(http).toBeDefined();
    const s = service(name);
    expect(s.spec.selector).toEqual(d.spec.selector.matchLabels);
    expect(s.spec.ports[0]!.targetPort).toBe('http');
    expect(http!.containerPort).toBe(Number(containerEnv(name).PORT));
    // A read-only root: /tmp is an emptyDir.
    const tmp = c.volumeMounts.find((m) => m.mountPath === '/tmp');
    expect(d.spec.template.spec.volumes.find((v) => v.name === tmp?.name)?.emptyDir).toBeDefined();
  });

  test('a PodDisruptionBudget for every Deployment, each selecting exactly its pods', () => {
    const pdbs = ofKind('PodDisruptionBudget').map((p) => z.object({ metadata: z.object({ name: z.string() }), spec: z.object({ selector: z.object({ matchLabels: z.record(z.string(), z.string()) }) }) }).parse(p));
    for (const d of ofKind('Deployment')) {
      const labels = deployment(d.metadata.name).spec.template.metadata.labels;
      expect(`${d.metadata.name}: ${pdbs.filter((p) => matches(p.spec.selector.matchLabels, labels)).map((p) => p.metadata.name).join()}`).toBe(`${d.metadata.name}: ${d.metadata.name}`);
    }
  });

  test('autoscalers: HPAs on requests per second for the gateway and the renderer, KEDA ScaledObjects for every service with consumers; never both, on Deployments that leave replicas to them', async () => {
    const hpas = ofKind('HorizontalPodAutoscaler').map((h) =>
      z.object({ metadata: z.object({ name: z.string() }), spec: z.object({ scaleTargetRef: z.object({ apiVersion: z.literal('apps/v1'), kind: z.literal('Deployment'), name: z.string() }), minReplicas: z.number().min(2), maxReplicas: z.number(), metrics: z.array(z.object({ type: z.string(), pods: z.object({ metric: z.object({ name: z.string() }) }).loose().optional() }).loose()) }) }).parse(h),
    );
    const scaled = ofKind('ScaledObject').map((o) => z.object({ metadata: z.object({ name: z.string() }), spec: z.object({ scaleTargetRef: z.object({ name: z.string() }).strict(), minReplicaCount: z.number().min(2), maxReplicaCount: z.number(), triggers: z.array(z.object({ type: z.string() }).loose()).min(1) }).loose() }).parse(o));
    expect(hpas.map((h) => h.metadata.name).sort()).toEqual(['gateway', 'renderer']);
    // Every service that has JetStream consumers and room to scale (a new team's included), read from its own code.
    const model = await loadModel(REPO);
    const withConsumers = servicesOf(model).filter((u) => u.consumers.length > 0 && !('replicas' in podsOf(u)));
    expect(scaled.map((o) => o.metadata.name).sort()).toEqual(withConsumers.map((u) => u.name).sort());
    expect(withConsumers.map((u) => u.name)).toEqual(expect.arrayContaining(['comms', 'listings', 'messages']));
    for (const h of hpas) {
      expect(h.spec.maxReplicas).toBeGreaterThan(h.spec.minReplicas);
      expect(h.spec.metrics.map((m) => m.pods?.metric.name ?? m.type)).toEqual(['http_requests_per_second', 'Resource']);
    }
    for (const o of scaled) expect(o.spec.maxReplicaCount).toBeGreaterThan(o.spec.minReplicaCount);
    const targets = [...hpas.map((h) => h.spec.scaleTargetRef.name), ...scaled.map((o) => o.spec.scaleTargetRef.name)];
    expect(new Set(targets).size).toBe(targets.length); // KEDA makes its own HPA: a second one would fight it
    for (const name of targets) expect(deployment(name).spec.replicas).toBeUndefined();
    for (const d of ofKind('Deployment')) if (!targets.includes(d.metadata.name)) expect(deployment(d.metadata.name).spec.replicas).toBeGreaterThanOrEqual(1);
    // Production's larger bound for the gateway still lands on its HPA.
    expect(hpas.find((h) => h.metadata.name === 'gateway')!.spec.maxReplicas).toBe(20);
  });

  test('every ConfigMap, Secret key and volume a Deployment reads exists', () => {
    for (const d of ofKind('Deployment')) {
      const name = d.metadata.name;
      const c = container(name);
      for (const from of c.envFrom) expect(find('ConfigMap', from.configMapRef.name)).toBeDefined();
      for (const e of c.env) if (e.valueFrom) expect(`${name} ${e.name}: ${secretValue(e.valueFrom.secretKeyRef.name, e.valueFrom.secretKeyRef.key) !== undefined}`).toBe(`${name} ${e.name}: true`);
      const volumes = deployment(name).spec.template.spec.volumes;
      for (const m of c.volumeMounts) expect(volumes.map((v) => v.name)).toContain(m.name);
      for (const v of volumes) for (const item of v.secret?.items ?? []) expect(`${v.secret!.secretName}/${item.key}: ${secretValue(v.secret!.secretName, item.key) !== undefined}`).toBe(`${v.secret!.secretName}/${item.key}: true`);
    }
  });

  describe("each service's environment passes that service's own configuration", () => {
    const keys = tempKeyFiles();
    afterAll(() => keys.remove());

    test.each(serviceDirs())('%s', (name) => {
      const env = containerEnv(name);
      expect(env.NODE_ENV).toBe('production');
      expect(() => loadServiceConfig(name, env, keys)).not.toThrow();
      // A key file it reads is mounted from the Secret at that path.
      const c = container(name);
      for (const [k, file] of Object.entries(env).filter(([k]) => k.endsWith('_FILE'))) {
        const mount = c.volumeMounts.find((m) => m.mountPath === path.posix.dirname(file));
        const volume = deployment(name).spec.template.spec.volumes.find((v) => v.name === mount?.name);
        expect(`${name} ${k}: ${volume?.secret?.items.some((i) => i.path === path.posix.basename(file))}`).toBe(`${name} ${k}: true`);
      }
    });

    test('comms alone sends mail: no other Deployment gets SMTP settings', () => {
      const withSmtp = ofKind('Deployment').map((d) => d.metadata.name).filter((name) => Object.keys(containerEnv(name)).some((k) => k.startsWith('SMTP_') || k === 'MAIL_FROM'));
      expect(withSmtp).toEqual(['comms']);
    });

    test('identity alone holds the signing key', () => {
      for (const d of ofKind('Deployment')) {
        const items = deployment(d.metadata.name).spec.template.spec.volumes.flatMap((v) => v.secret?.items.map((i) => i.key) ?? []);
        if (d.metadata.name !== 'identity') expect(`${d.metadata.name}: ${items.includes('jwt-private.pem')}`).toBe(`${d.metadata.name}: false`);
      }
    });
  });

  test.each(remoteDirs())("%s: the remote's static server starts with its environment and is ready", async (name) => {
    expect(await staticServerReadyz(containerEnv(name))).toBe(200);
  });

  test('the gateway reaches every service of its routing table and every remote through their Services', () => {
    const gateway = loadServiceConfig('gateway', containerEnv('gateway'), tempKeyFiles()) as { proxy: { services: Record<string, string | string[]> }; web: { remotes: Array<{ key: string; source: unknown }> } };
    const through = (name: string) => {
      const s = service(name);
      expect(s.spec.ports[0]!.targetPort).toBe('http');
      return `http://${name}:${s.spec.ports[0]!.port}`;
    };
    for (const name of SERVICE_NAMES) expect([gateway.proxy.services[name]].flat()).toEqual([through(name)]);
    expect(gateway.web.remotes.map((r) => `mf-${r.key}`).sort()).toEqual(remoteDirs());
    for (const r of gateway.web.remotes) expect(r.source).toEqual({ kind: 'url', origin: through(`mf-${r.key}`), basePath: '/' });
    for (const name of serviceDirs()) {
      const identityUrl = containerEnv(name).IDENTITY_URL;
      if (identityUrl) expect(identityUrl).toBe(through('identity'));
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------------

describe('MongoDB and NATS from their official charts and operator, pinned', () => {
  const Helmfile = z.object({
    repositories: z.array(z.object({ name: z.string(), url: z.url() })),
    releases: z.array(z.object({ name: z.string(), namespace: z.string(), chart: z.string(), version: z.string().regex(/^\d+\.\d+\.\d+$/, 'an exact chart version'), values: z.array(z.string()) })),
  });
  const helmfile = Helmfile.parse(parse(readFileSync(path.join(K8S, 'helm/helmfile.yaml'), 'utf8')));
  const release = (chart: string) => {
    const r = helmfile.releases.find((x) => x.chart === chart);
    if (!r) throw new Error(`no release of ${chart}`);
    for (const v of r.values) expect(existsSync(path.join(K8S, 'helm', v))).toBe(true);
    return { ...r, values: r.values.map((v) => parse(readFileSync(path.join(K8S, 'helm', v), 'utf8')) as unknown).reduce(mergeValues, {}) };
  };

  test('the charts come from the projects\' own repositories', () => {
    expect(helmfile.repositories).toEqual(expect.arrayContaining([{ name: 'nats', url: 'https://nats-io.github.io/k8s/helm/charts/' }, { name: 'mongodb', url: 'https://mongodb.github.io/helm-charts' }]));
    for (const r of helmfile.releases) expect(helmfile.repositories.map((x) => x.name)).toContain(r.chart.split('/')[0]);
    expect(helmfile.releases.every((r) => r.namespace === find('Namespace', 'central-pa')?.metadata.name)).toBe(true);
  });

  test('NATS: a JetStream cluster of 3 on file storage, fsync on every write, image pinned; the services replicate streams on it', () => {
    const nats = release('nats/nats');
    const values = z.object({
      config: z.object({
        cluster: z.object({ enabled: z.literal(true), replicas: z.number() }).loose(),
        jetstream: z.object({ enabled: z.literal(true), fileStore: z.object({ enabled: z.literal(true), pvc: z.object({ enabled: z.literal(true) }).loose() }).loose(), merge: z.object({ sync_interval: z.literal('always') }) }).loose(),
      }).loose(),
      container: z.object({ image: z.object({ tag: z.string(), digest: z.string().regex(/^sha256:[0-9a-f]{64}$/) }).loose() }).loose(),
    }).loose().parse(nats.values);
    expect(values.config.cluster.replicas).toBe(3);
    expect(values.container.image.tag.startsWith(nats.version)).toBe(true);
    for (const name of serviceDirs().filter((n) => n !== 'gateway')) {
      const env = containerEnv(name);
      const url = new URL(env.NATS_URL ?? '');
      expect(`${name} ${url.protocol}//${url.host} ${env.NATS_STREAM_REPLICAS}`).toBe(`${name} nats://${nats.name}:4222 ${values.config.cluster.replicas}`);
    }
  });

  describe('NATS: one user per deployable (issue 35 §3), each registering only itself', () => {
    const Permissions = z.object({ publish: z.object({ allow: z.array(z.string()), deny: z.array(z.string()) }).strict(), subscribe: z.object({ allow: z.array(z.string()) }).strict() }).strict();
    const values = z.object({
      config: z.object({ merge: z.object({ authorization: z.object({ users: z.array(z.object({ user: z.string(), password: z.string(), permissions: Permissions }).strict()) }).strict() }).loose() }).loose(),
      container: z.object({ env: z.record(z.string(), z.object({ valueFrom: z.object({ secretKeyRef: z.object({ name: z.string(), key: z.string() }).strict() }).strict() }).strict()) }).loose(),
    }).loose().parse(release('nats/nats').values);
    const users = values.config.merge.authorization.users;
    const userOf = (name: string) => users.find((u) => u.user === name);
    /** Whether a NATS subject matches a permission's pattern (`*` one token, `>` the rest). */
    const subjectMatches = (pattern: string, subject: string): boolean => {
      const p = pattern.split('.');
      const s = subject.split('.');
      for (let i = 0; i < p.length; i++) {
        if (p[i] === '>') return s.length > i;
        if (i >= s.length || (p[i] !== '*' && p[i] !== s[i])) return false;
      }
      return p.length === s.length;
    };
    const mayPublish = (user: { permissions: z.infer<typeof Permissions> }, subject: string) =>
      user.permissions.publish.allow.some((p) => subjectMatches(p, subject)) && !user.permissions.publish.deny.some((p) => subjectMatches(p, subject));
    const natsDeployments = () => ofKind('Deployment').map((d) => d.metadata.name).filter((name) => container(name).env.some((e) => e.name === 'NATS_URL'));
    const { services: manifests, remotes } = discoverDeployables(REPO);
    /** A registry key each deployable writes: service.<name>.<instance> or remote.<name>.<instance>. */
    const registryKeys = [
      ...manifests.filter((s) => s.manifest.kind === 'service').map((s) => ({ owner: s.manifest.name, key: `$KV.${REGISTRY_BUCKET}.service.${s.manifest.name}.i4x9Qz` })),
      ...remotes.map((r) => ({ owner: r.folder, key: `$KV.${REGISTRY_BUCKET}.remote.${r.manifest.name}.i4x9Qz` })),
    ];

    test('the matcher bites', () => {
      expect(subjectMatches('$KV.cp_registry.service.forum.>', '$KV.cp_registry.service.forum.abc')).toBe(true);
      expect(subjectMatches('$KV.cp_registry.service.forum.>', '$KV.cp_registry.service.forum')).toBe(false);
      expect(subjectMatches('$KV.cp_registry.service.forum.>', '$KV.cp_registry.service.forums.abc')).toBe(false);
      expect(subjectMatches('events.*.x', 'events.forum.x')).toBe(true);
    });

    test('every deployable with NATS_URL has its own user, its password from its own Secret and the same in its NATS_URL', () => {
      expect(natsDeployments().length).toBeGreaterThan(serviceDirs().length - 1);
      expect(users.map((u) => u.user).sort()).toEqual(natsDeployments().sort());
      for (const name of natsDeployments()) {
        const ref = container(name).env.find((e) => e.name === 'NATS_URL')!.valueFrom!.secretKeyRef;
        expect(ref.name).toBe(`cp-nats-${name}`);
        const url = new URL(secretValue(ref.name, ref.key) ?? '');
        expect(decodeURIComponent(url.username)).toBe(name);
        const variable = /^<< \$(\w+) >>$/.exec(userOf(name)!.password)?.[1];
        const passwordRef = values.container.env[variable ?? '']?.valueFrom.secretKeyRef;
        expect(passwordRef).toEqual({ name: ref.name, key: 'password' });
        expect(secretValue(passwordRef!.name, passwordRef!.key)).toBe(decodeURIComponent(url.password));
      }
    });

    test('in the registry each may write exactly its own keys, and none may purge or delete the bucket', () => {
      for (const user of users) {
        const own = registryKeys.filter((k) => mayPublish(user, k.key)).map((k) => k.owner);
        expect(`${user.user}: ${own.join()}`).toBe(`${user.user}: ${user.user === 'gateway' ? '' : user.user}`);
        for (const api of ['PURGE', 'DELETE', 'MSG.DELETE']) expect(mayPublish(user, `$JS.API.STREAM.${api}.KV_${REGISTRY_BUCKET}`)).toBe(false);
        expect(mayPublish(user, `$JS.API.STREAM.CREATE.KV_${REGISTRY_BUCKET}`)).toBe(true); // the bucket is made by whoever starts first
      }
    });

    test('a NATS server with these users lets each deployable, connected with its own NATS_URL, register itself and nobody else, and a service run its own streams and consumers', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'cp-nats-users-'));
      const port = await freePort();
      const urlOf = (name: string) => {
        const ref = container(name).env.find((e) => e.name === 'NATS_URL')!.valueFrom!.secretKeyRef;
        return secretValue(ref.name, ref.key)!.replace('@nats:4222', `@127.0.0.1:${port}`);
      };
      // The chart's users with the passwords the servers would read from the Secrets (the sample values).
      const withPasswords = users.map((u) => ({ ...u, password: decodeURIComponent(new URL(urlOf(u.user)).password) }));
      writeFileSync(path.join(dir, 'nats.conf'), JSON.stringify({ host: '127.0.0.1', port, jetstream: { store_dir: path.join(dir, 'js') }, authorization: { users: withPasswords } }));
      const server = spawn(NATS_SERVER, ['-c', path.join(dir, 'nats.conf')], { stdio: 'ignore' });
      const connections: NatsConnection[] = [];
      const as = async (name: string) => {
        const nc = await connectNatsClient(urlOf(name), `k8s-test:${name}`, { waitOnFirstConnect: true });
        connections.push(nc);
        return nc;
      };
      try {
        const listings = await as('listings');
        const kv = await new Kvm(listings).create(REGISTRY_BUCKET, { history: 1, ttl: 10_000 });
        await kv.put('service.listings.i4x9Qz', '{}');
        await expect(kv.put('service.forum.i4x9Qz', '{}')).rejects.toThrow(/permission/i);
        await expect(kv.put('remote.listings.i4x9Qz', '{}')).rejects.toThrow(/permission/i);
        await expect((await jetstreamManager(listings)).streams.purge(`KV_${REGISTRY_BUCKET}`)).rejects.toThrow(/permission/i);

        const remoteKv = await new Kvm(await as('mf-listings')).open(REGISTRY_BUCKET);
        await remoteKv.put('remote.listings.i4x9Qz', '{}');
        await expect(remoteKv.put('service.listings.i4x9Qz', '{}')).rejects.toThrow(/permission/i);

        // The gateway reads the registry and writes nothing in it.
        const gatewayKv = await new Kvm(await as('gateway')).open(REGISTRY_BUCKET);
        expect((await gatewayKv.get('service.listings.i4x9Qz'))?.string()).toBe('{}');
        await expect(gatewayKv.put('service.gateway.i4x9Qz', '{}')).rejects.toThrow(/permission/i);

        // What a service does on its own streams works as its user: its stream and the dead letters made, its events
        // published, another's refused, a durable consumer pulled and acknowledged.
        const jsm = await jetstreamManager(listings);
        await ensureStream(jsm, 'listings');
        await ensureStream(jsm, 'forum'); // listings makes forum's stream when it starts first
        const js = jetstream(listings);
        await js.publish('events.listings.listing-created.v1', '{}');
        await expect(js.publish('events.forum.post-created.v1', '{}', { timeout: 2_000 })).rejects.toThrow(/permission/i);
        await js.publish('deadletter.EVENTS_FORUM.listings-test', '{}');
        await jsm.consumers.add('EVENTS_LISTINGS', { durable_name: 'k8s-test', ack_policy: AckPolicy.Explicit });
        const consumer = await js.consumers.get('EVENTS_LISTINGS', 'k8s-test');
        const pulled = await consumer.next({ expires: 2_000 });
        expect(pulled?.subject).toBe('events.listings.listing-created.v1');
        expect(await pulled!.ackAck()).toBe(true);

        // A wrong password is refused.
        await expect(connectNatsClient(urlOf('listings').replace(/:[^:@/]+@/, ':wrong@'), 'k8s-test:intruder')).rejects.toThrow(/authorization/i);
      } finally {
        await Promise.all(connections.map((nc) => nc.close()));
        server.kill('SIGTERM');
        await new Promise((resolve) => server.once('exit', resolve));
        rmSync(dir, { recursive: true, force: true });
      }
    });

    test('a service publishes its own events only, into its stream EVENTS_<NAME>', () => {
      for (const s of manifests.filter((m) => m.manifest.kind === 'service')) {
        const user = userOf(s.manifest.name)!;
        for (const other of manifests) expect(`${s.manifest.name} → ${other.manifest.name}: ${mayPublish(user, `events.${other.manifest.name}.something-happened.v1`)}`).toBe(`${s.manifest.name} → ${other.manifest.name}: ${other.manifest.name === s.manifest.name}`);
      }
    });

    test('a service asks comms for a mail (the platform event notices.mail-requested) only when its manifest publishes it', () => {
      for (const s of manifests.filter((m) => m.manifest.kind === 'service')) {
        expect([s.manifest.name, mayPublish(userOf(s.manifest.name)!, NoticeMailRequested.subject)]).toEqual([s.manifest.name, s.manifest.publishes.includes(NoticeMailRequested.type)]);
      }
      const team = (publishes: string[]) =>
        ({ kind: 'service', manifestName: 'zeta', name: 'zeta', service: ServiceManifestSchema.parse({ name: 'zeta', kind: 'service', description: 'A new team', port: 4200, config: { module: 'src/config.ts', export: 'ZetaEnv' }, publishes }) }) as Unit;
      expect(mayPublish({ permissions: natsPermissions(team(['zeta.thing-done', NoticeMailRequested.type])) }, NoticeMailRequested.subject)).toBe(true);
      expect(mayPublish({ permissions: natsPermissions(team(['zeta.thing-done'])) }, NoticeMailRequested.subject)).toBe(false);
      expect(mayPublish({ permissions: natsPermissions(team([NoticeMailRequested.type])) }, 'events.notices.something-else.v1')).toBe(false);
    });
  });

  test('MongoDB: the operator watches MongoDBCommunity; a 3-member replica set; each service its own user on its own database', () => {
    const operator = release('mongodb/mongodb-kubernetes');
    expect(z.object({ operator: z.object({ watchedResources: z.array(z.string()) }).loose() }).parse(operator.values).operator.watchedResources).toContain('mongodbcommunity');
    expect(mongodb).toHaveLength(1);
    const rs = z.object({
      apiVersion: z.literal('mongodbcommunity.mongodb.com/v1'),
      kind: z.literal('MongoDBCommunity'),
      metadata: z.object({ name: z.string() }),
      spec: z.object({
        type: z.literal('ReplicaSet'),
        members: z.number(),
        version: z.string().regex(/^7\.0\.\d+$/),
        security: z.object({ authentication: z.object({ modes: z.array(z.literal('SCRAM')) }) }),
        users: z.array(z.object({ name: z.string(), db: z.literal('admin'), passwordSecretRef: z.object({ name: z.string() }), roles: z.array(z.object({ name: z.string(), db: z.string() })), scramCredentialsSecretName: z.string(), connectionStringSecretName: z.string() }).strict()),
      }).loose(),
    }).parse(mongodb[0]);
    expect(rs.spec.members).toBe(3);
    // search keeps nothing in MongoDB (its index is in memory, snapshots in S3): no user, no MONGO_URL.
    expect(container('search').env.find((e) => e.name === 'MONGO_URL')).toBeUndefined();
    expect(rs.spec.users.map((u) => u.name)).not.toContain('search');
    for (const name of serviceDirs().filter((n) => n !== 'gateway' && n !== 'search')) {
      const mongoUrl = container(name).env.find((e) => e.name === 'MONGO_URL')?.valueFrom?.secretKeyRef;
      const user = rs.spec.users.find((u) => u.connectionStringSecretName === mongoUrl?.name);
      expect(`${name}: ${user?.name}`).toBe(`${name}: ${name}`);
      expect(mongoUrl?.key).toBe('connectionString.standard');
      expect(user!.roles).toEqual([{ name: 'readWrite', db: containerEnv(name).MONGO_DB }]);
      expect(secretValue(user!.passwordSecretRef.name, 'password')).toBeDefined();
      expect(/[?&]replicaSet=([^&]+)/.exec(containerEnv(name).MONGO_URL!)?.[1]).toBe(rs.metadata.name); // several hosts: not a WHATWG URL
    }
  });
});
