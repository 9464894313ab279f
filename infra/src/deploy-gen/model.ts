/**
 * What `npm run deploy:gen` knows about each deployable (issue 35 §1): its manifest (service.json / remote.json), the
 * settings its configuration schema reads, and the value each setting takes in docker compose and in Kubernetes.
 *
 * A value is chosen by the SETTING'S NAME, never by the deployable's: MONGO_URL is the database wherever it is read,
 * `<SERVICE>_URL` the address of a service the manifest `calls`, LINK_SIGNING_KEY that deployable's own key, and so on.
 * A setting the schema requires that no rule knows stops the generator with the deployable and the setting named,
 * rather than writing a file that fails at start.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { z } from 'zod';
import { REGISTRY_BUCKET, type Deploy, type RemoteManifest, type ServiceManifest } from '@cp/contracts';
import { discoverDeployables } from '../deployables.ts';
import { declaredConsumers, type ConsumerLane } from './consumers.ts';

export class DeployGenError extends Error {
  override name = 'DeployGenError';
}

/** The files of the platform the generator reads (relative to the platform root): they describe no deployable. */
export const PLATFORM_FILES = {
  /** The hand-written ConfigMaps every deployable may take whole (envFrom) when it reads all their keys. */
  commonConfigMaps: 'infra/k8s/base/common.yaml',
  /** The variables an operator sets for docker compose (a setting named here is read from the .env file). */
  composeEnvExample: 'compose.env.example',
  /** The schema of a remote's static server (every remote runs the platform's, services/gateway/src/static-main.ts). */
  staticServerConfig: { module: 'services/gateway/src/static-config.ts', export: 'StaticServerEnv' },
  /** The platform's part of docker-compose.yml (MongoDB, NATS, MinIO, mailpit, the key generator). */
  composePlatform: 'infra/src/deploy-gen/compose.platform.yaml',
  /** The registry and tag of the production release (its overlay's images). */
  productionRelease: 'infra/k8s/overlays/production/release.yaml',
  /** The platform's part of the MongoDB replica set (infra/k8s/mongodb/replica-set.yaml): all but its users. */
  mongodbPlatform: 'infra/src/deploy-gen/mongodb.platform.yaml',
} as const;

/** The port every remote's static server listens on in a container. */
export const REMOTE_CONTAINER_PORT = 8080;
/** The port of the edge's Kubernetes Service (the ingress controller's upstream). */
export const EDGE_SERVICE_PORT = 80;
/** Kubernetes keeps at least this many pods of everything, so a node drain (PodDisruptionBudget: one at a time) never takes the last. */
export const MIN_PODS = 2;

/** A config schema as the generator uses it: its keys, and whether each may be left unset. */
interface SchemaLike {
  shape: Record<string, { safeParse(value: unknown): { success: boolean; data?: unknown } }>;
  safeParse(value: unknown): { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

export interface Unit {
  /** The container, Deployment and DNS name: `listings`, `gateway`, `mf-listings`. */
  name: string;
  /** The name in the registry and the manifest: `listings`, `admin` for mf-admin. */
  manifestName: string;
  kind: 'service' | 'edge' | 'remote';
  folder: string;
  description: string;
  /** The port it listens on in a container. */
  port: number;
  replicas: { default: number; max: number };
  health: { live: string; ready: string };
  deploy: Deploy;
  /** Its configuration schema (the service's own; a remote's: the platform's static server). */
  schema: SchemaLike;
  /** The settings its schema reads, in the schema's order. */
  settings: string[];
  /** Its JetStream durable consumers, by lane (declared in its src/events/; none for the edge and the remotes). */
  consumers: ConsumerLane[];
  service?: ServiceManifest;
  remote?: RemoteManifest;
}

export interface Platform {
  /** Each key of common.yaml's ConfigMaps: its ConfigMap and value. */
  configMaps: Map<string, Record<string, string>>;
  /** The variables compose.env.example sets, with their sample values. */
  composeVars: Record<string, string>;
  /** The platform part of docker-compose.yml, as written. */
  composePlatform: string;
  /** The platform part of the MongoDB replica set, as written. */
  mongodbPlatform: string;
  /** Where production's images come from: `<registry>/<name>:<tag>`. */
  productionRelease: { registry: string; tag: string };
}

export interface Model {
  root: string;
  units: Unit[];
  platform: Platform;
}

const asSchema = (value: unknown, where: string): SchemaLike => {
  const s = value as Partial<SchemaLike> | undefined;
  if (!s || typeof s.safeParse !== 'function' || !s.shape || typeof s.shape !== 'object') throw new DeployGenError(`${where}: not a zod object schema (its keys are the settings it reads)`);
  return s as SchemaLike;
};

async function importSchema(file: string, exportName: string, where: string): Promise<SchemaLike> {
  const mod = (await import(file)) as Record<string, unknown>;
  if (!(exportName in mod)) throw new DeployGenError(`${where}: ${path.basename(file)} exports no ${exportName}`);
  return asSchema(mod[exportName], where);
}

const ReleaseFile = z.strictObject({ registry: z.string().regex(/^[a-z0-9.-]+(:\d+)?(\/[a-z0-9._-]+)*$/, 'must be a registry host and path'), tag: z.string().regex(/^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/, 'must be an image tag') });

const ConfigMapDoc = z.object({ kind: z.literal('ConfigMap'), metadata: z.object({ name: z.string() }), data: z.record(z.string(), z.string()) });

function readPlatform(platformRoot: string): Platform {
  const configMaps = new Map<string, Record<string, string>>();
  const commonFile = path.join(platformRoot, PLATFORM_FILES.commonConfigMaps);
  for (const doc of parseAllDocuments(readFileSync(commonFile, 'utf8'))) {
    const parsed = ConfigMapDoc.safeParse(doc.toJS());
    if (!parsed.success) throw new DeployGenError(`${PLATFORM_FILES.commonConfigMaps}: every document must be a ConfigMap with string data`);
    configMaps.set(parsed.data.metadata.name, parsed.data.data);
  }
  const composeVars: Record<string, string> = {};
  for (const line of readFileSync(path.join(platformRoot, PLATFORM_FILES.composeEnvExample), 'utf8').split('\n')) {
    const m = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) composeVars[m[1]!] = m[2]!;
  }
  const read = (rel: string) => readFileSync(path.join(platformRoot, rel), 'utf8');
  const release = ReleaseFile.safeParse(parse(read(PLATFORM_FILES.productionRelease)));
  if (!release.success) throw new DeployGenError(`${PLATFORM_FILES.productionRelease}: ${release.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return { configMaps, composeVars, composePlatform: read(PLATFORM_FILES.composePlatform), mongodbPlatform: read(PLATFORM_FILES.mongodbPlatform), productionRelease: release.data };
}

/** Every deployable under `root` with its schema; the platform's files from `platformRoot` (default: the same). */
export async function loadModel(root: string, platformRoot = root): Promise<Model> {
  const found = discoverDeployables(root);
  const units: Unit[] = [];
  for (const s of found.services) {
    const m = s.manifest;
    const where = `${s.folder}/service.json config`;
    const schema = await importSchema(path.join(root, s.folder, m.config.module), m.config.export, where);
    units.push({
      name: m.name,
      manifestName: m.name,
      kind: m.kind,
      folder: s.folder,
      description: m.description,
      port: m.port,
      replicas: m.replicas,
      health: m.health,
      deploy: m.deploy ?? {},
      schema,
      settings: Object.keys(schema.shape),
      consumers: await declaredConsumers(path.join(root, s.folder)),
      service: m,
    });
  }
  const staticSchema = await importSchema(path.join(platformRoot, PLATFORM_FILES.staticServerConfig.module), PLATFORM_FILES.staticServerConfig.export, 'the static server');
  for (const r of found.remotes) {
    const m = r.manifest;
    units.push({
      name: r.folder,
      manifestName: m.name,
      kind: 'remote',
      folder: r.folder,
      description: m.description,
      port: REMOTE_CONTAINER_PORT,
      replicas: m.replicas,
      health: { live: '/healthz', ready: '/readyz' },
      deploy: m.deploy ?? {},
      schema: staticSchema,
      settings: Object.keys(staticSchema.shape),
      consumers: [],
      remote: m,
    });
  }
  const edges = units.filter((u) => u.kind === 'edge');
  if (edges.length !== 1) throw new DeployGenError(`expected exactly one edge (kind "edge" in a service.json), found ${edges.length}`);
  return { root, units, platform: readPlatform(platformRoot) };
}

export const edgeOf = (model: Model): Unit => model.units.find((u) => u.kind === 'edge')!;
export const servicesOf = (model: Model): Unit[] => model.units.filter((u) => u.kind === 'service');
export const remotesOf = (model: Model): Unit[] => model.units.filter((u) => u.kind === 'remote');

/** `saved-search` → `SAVED_SEARCH`: a deployable's name in a variable name. */
export const envName = (name: string): string => name.toUpperCase().replace(/-/g, '_');

/** Whether `setting` may be left unset (a default or optional in the schema). */
export function mayBeUnset(unit: Unit, setting: string): boolean {
  return unit.schema.shape[setting]!.safeParse(undefined).success;
}

/** The schema's default of `setting`, when it has one. */
export function schemaDefault(unit: Unit, setting: string): string | undefined {
  const r = unit.schema.shape[setting]!.safeParse(undefined);
  return r.success && r.data !== undefined ? String(r.data) : undefined;
}

// ---------------------------------------------------------------------------------------------------------------------
// The value of each setting, by its name.

export type Target = 'compose' | 'k8s';

/** A value read from a Secret (Kubernetes). */
export interface SecretRef {
  secret: string;
  key: string;
}

/**
 * What a setting is set to: a string (compose: possibly `${VAR...}` from the .env file), a Secret's key (Kubernetes),
 * a shared ConfigMap's key (Kubernetes: common.yaml), or left to the image or the schema's default.
 */
export type SettingValue = { kind: 'value'; value: string } | { kind: 'secret'; ref: SecretRef } | { kind: 'shared'; configMap: string; value: string } | { kind: 'unset' };

const value = (v: string): SettingValue => ({ kind: 'value', value: v });
const secret = (name: string, key: string): SettingValue => ({ kind: 'secret', ref: { secret: name, key } });
const UNSET: SettingValue = { kind: 'unset' };

/** The address of a deployable from another container: its DNS name and the port of its Service (k8s) or container. */
export function addressOf(unit: Unit, target: Target): string {
  if (target === 'k8s' && unit.kind === 'edge') return `http://${unit.name}${EDGE_SERVICE_PORT === 80 ? '' : `:${EDGE_SERVICE_PORT}`}`;
  return `http://${unit.name}:${unit.port}`;
}

/** The Kubernetes Secret the MongoDB operator writes a deployable's connection string into (its user: its name, readWrite on its database). */
export const mongoSecretName = (unit: Unit): string => `cp-mongo-${unit.name}`;
/** The Secret holding a deployable's own link-signing key. */
export const linksSecretName = (unit: Unit): string => `cp-${unit.name}-links`;
/** The Kubernetes Secret holding a deployable's NATS password and its NATS_URL (with its own user). */
export const natsSecretName = (unit: Unit): string => `cp-nats-${unit.name}`;
/** The NATS user of a deployable (its container name: `listings`, `gateway`, `mf-admin`). */
export const natsUser = (unit: Unit): string => unit.name;
/** The registry keys a deployable may write: `$KV.cp_registry.service.<name>.>` or `...remote.<name>.>`. */
export const registrySubjects = (unit: Unit): string[] =>
  unit.kind === 'edge' ? [] : [`$KV.${REGISTRY_BUCKET}.${unit.kind === 'remote' ? 'remote' : 'service'}.${unit.manifestName}.>`];

/** Platform values of docker compose: the containers of docker-compose.yml's platform part. */
const COMPOSE_PLATFORM: Record<string, string> = {
  NODE_ENV: 'production',
  HOST: '0.0.0.0',
  MONGO_URL: 'mongodb://mongo:27017/?replicaSet=rs0',
  NATS_URL: 'nats://nats:4222',
  S3_ENDPOINT: 'minio',
  S3_PORT: '9000',
  S3_USE_SSL: 'false',
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY: '${MINIO_ROOT_USER:?set MINIO_ROOT_USER in .env (see compose.env.example)}',
  S3_SECRET_KEY: '${MINIO_ROOT_PASSWORD:?set MINIO_ROOT_PASSWORD in .env (see compose.env.example)}',
  SMTP_HOST: 'mailpit',
  SMTP_PORT: '1025',
  /** Browsers keep Secure cookies on http://localhost; any other host needs HTTPS in front of the gateway. */
  COOKIE_SECURE: 'true',
  PUBLIC_URL: '${PUBLIC_URL:-http://localhost:8080}',
};

/** The OpenTelemetry exporter's variables: set in each service's Kubernetes Deployment itself (monitoring.ts otelEnv), never in a ConfigMap. */
export const OTEL_SETTINGS = new Set(['OTEL_SERVICE_NAME', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_TRACES_SAMPLER', 'OTEL_TRACES_SAMPLER_ARG']);

/** Settings of the image itself (its Dockerfile sets them): never in the deploy files. */
const SET_BY_IMAGE = new Set(['STATIC_DIR', 'SHELL_SERVER_BUNDLE']);

/** A key file a deployable reads, mounted from the key volume (compose) or the cp-jwt Secret (Kubernetes). */
export const KEY_FILES: Record<string, string> = { JWT_PUBLIC_KEY_FILE: 'jwt-public.pem', JWT_PRIVATE_KEY_FILE: 'jwt-private.pem' };
export const KEYS_DIR = '/keys';

const required = (variable: string) => `\${${variable}:?set ${variable} in .env (see compose.env.example)}`;

/** The value of `setting` for `unit` in `target`, or undefined when no rule knows it. */
export function settingValue(model: Model, unit: Unit, setting: string, target: Target): SettingValue | undefined {
  if (SET_BY_IMAGE.has(setting)) return UNSET;
  if (target === 'k8s' && OTEL_SETTINGS.has(setting) && unit.kind !== 'remote') return UNSET;
  const byName = new Map(model.units.map((u) => [u.name, u] as const));
  const edge = edgeOf(model);

  // What the deployable itself says.
  if (setting === 'PORT') return value(String(unit.port));
  if (setting === 'MONGO_DB') return value(unit.name);
  const key = KEY_FILES[setting];
  if (key) return value(`${KEYS_DIR}/${key}`);
  if (setting === 'LINK_SIGNING_KEY') return target === 'compose' ? value(required(`${envName(unit.name)}_LINK_SIGNING_KEY`)) : secret(linksSecretName(unit), 'LINK_SIGNING_KEY');
  // Its own credentials: a database user and a NATS user of its own in Kubernetes.
  if (setting === 'MONGO_URL' && target === 'k8s') return secret(mongoSecretName(unit), 'connectionString.standard');
  if (setting === 'NATS_URL' && target === 'k8s') return secret(natsSecretName(unit), 'NATS_URL');

  // The services it calls (`calls` in its manifest); the edge: every service whose address its schema reads.
  const call = unit.service?.calls.find((c) => c.env === setting);
  if (call) {
    const callee = byName.get(call.service);
    if (!callee || callee.kind === 'remote') throw new DeployGenError(`${unit.folder}: calls "${call.service}", which is no service of the repository`);
    return value(addressOf(callee, target));
  }
  if (unit.kind === 'edge') {
    const callee = servicesOf(model).find((s) => `${envName(s.name)}_URL` === setting);
    if (callee) return value(addressOf(callee, target));
    if (setting === 'WEB_REMOTES') return value(JSON.stringify(Object.fromEntries(remotesOf(model).map((r) => [r.manifestName, addressOf(r, target)]))));
  }
  if (setting === 'WEB_ORIGIN') return value(addressOf(edge, target));

  if (target === 'compose') {
    const platform = COMPOSE_PLATFORM[setting];
    if (platform !== undefined) return value(platform);
    // The operator's own values, from the .env file: required unless the example leaves them empty.
    const sample = model.platform.composeVars[setting];
    if (sample !== undefined) return value(sample === '' ? `\${${setting}:-}` : required(setting));
    return undefined;
  }

  // Kubernetes: the platform's shared ConfigMaps (common.yaml), the Secrets of the platform's services.
  for (const [configMap, data] of model.platform.configMaps) if (setting in data) return { kind: 'shared', configMap, value: data[setting]! };
  if (setting === 'S3_ACCESS_KEY' || setting === 'S3_SECRET_KEY') return secret('cp-s3', setting);
  if (setting === 'SMTP_USER' || setting === 'SMTP_PASSWORD') return secret('cp-smtp', setting);
  if (setting === 'VISITOR_ID_KEYS') return secret('cp-visitor-ids', setting);
  if (setting === 'COOKIE_SECURE') return value('true');
  // The ingress controller is the gateway's only client.
  if (setting === 'TRUST_PROXY') return value('true');
  // One bucket per use, named after the schema's default, in the site's S3 account.
  if (/^S3_BUCKET_[A-Z0-9_]+$/.test(setting)) {
    const name = schemaDefault(unit, setting);
    return name === undefined ? undefined : value(`centralpadesi-${name}`);
  }
  return undefined;
}

export interface ResolvedSetting {
  name: string;
  value: Exclude<SettingValue, { kind: 'unset' }>;
}

/**
 * Every setting `unit` gets in `target`, in its schema's order. Settings no rule knows are left unset when the schema
 * has a default or makes them optional; a required one throws, naming the deployable and the settings.
 */
export function resolveSettings(model: Model, unit: Unit, target: Target): ResolvedSetting[] {
  const out: ResolvedSetting[] = [];
  const unknown: string[] = [];
  for (const setting of unit.settings) {
    const v = settingValue(model, unit, setting, target);
    if (v === undefined) {
      if (!mayBeUnset(unit, setting)) unknown.push(setting);
      continue;
    }
    if (v.kind !== 'unset') out.push({ name: setting, value: v });
  }
  if (unknown.length > 0) {
    throw new DeployGenError(
      `${unit.folder}: ${target === 'k8s' ? 'Kubernetes' : 'docker compose'} has no value for ${unknown.join(', ')} (required by its configuration schema, no default). ` +
        'Give it a default in the schema, declare the service it names in "calls", or teach infra/src/deploy-gen/model.ts the setting.',
    );
  }
  return out;
}

/** A unit's resources, its own or its kind's defaults. */
export function resourcesOf(unit: Unit): NonNullable<Deploy['resources']> {
  if (unit.deploy.resources) return unit.deploy.resources;
  return unit.kind === 'remote'
    ? { requests: { cpu: '20m', memory: '48Mi' }, limits: { cpu: '250m', memory: '128Mi' } }
    : { requests: { cpu: '100m', memory: '192Mi' }, limits: { cpu: '1', memory: '512Mi' } };
}

/**
 * Kubernetes' replicas: fixed (`replicas`), or scaled between `min` and `max` — on its requests per second (and CPU)
 * when its manifest asks for `deploy.autoscale` (`requests`), and on its JetStream consumers' lag whenever it has
 * consumers (KEDA, monitoring.ts).
 */
export function podsOf(unit: Unit): { replicas: number } | { min: number; max: number; requests?: { cpuUtilization: number } } {
  const min = Math.max(MIN_PODS, unit.replicas.default);
  const autoscale = unit.deploy.autoscale;
  if (!autoscale && unit.consumers.length === 0) return { replicas: min };
  const max = autoscale?.maxReplicas ?? unit.replicas.max;
  if (max <= min) {
    if (!autoscale) return { replicas: min }; // consumers, but never more than the least: nothing to scale
    throw new DeployGenError(`${unit.folder}: autoscale needs a maximum above ${min} pods (replicas.max or deploy.autoscale.maxReplicas), not ${max}`);
  }
  return { min, max, ...(autoscale ? { requests: { cpuUtilization: autoscale.cpuUtilization } } : {}) };
}

/** The image recipe: its own (deploy.image) or its kind's. */
export function imageOf(unit: Unit): { dockerfile: string; target?: string; args?: Record<string, string> } {
  if (unit.deploy.image) return { dockerfile: unit.deploy.image.dockerfile, target: unit.deploy.image.target };
  if (unit.kind === 'remote') return { dockerfile: 'infra/docker/web.Dockerfile', target: 'remote', args: { APP: unit.name } };
  return { dockerfile: 'infra/docker/service.Dockerfile', args: { SERVICE: unit.name } };
}
