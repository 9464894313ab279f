import type Koa from 'koa';
import type { Connection } from 'mongoose';
import { listen } from './app.ts';
import { httpSessionChecker, type AuthOptions } from './auth.ts';
import { ConfigError, metricsPortOf } from './config.ts';
import { createMetrics, serveMetrics, type ServiceMetrics } from './metrics/metrics.ts';
import { consumerMetrics, outboxMetrics } from './metrics/pipeline.ts';
import { OutboxRelay } from './events/relay.ts';
import { outboxModel } from './events/outbox.ts';
import type { ConsumerDeps, StartableConsumer } from './events/declared-consumer.ts';
import type { ReadinessCheck } from './health.ts';
import { createLogger, type Logger } from './logger.ts';
import { connectMongo } from './mongo.ts';
import { connectNats, ensureStream, natsReadiness, type NatsHandle } from './nats.ts';
import { subscribeSessionRevocations } from './revocations.ts';
import { guardProcess } from './server-guard.ts';
import { onShutdown } from './shutdown.ts';
import { serverSpans } from './telemetry/server-span.ts';
import { randomBytes } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { eventDomain, type InstanceRecord, type ServiceManifest } from '@cp/contracts';
import { ManifestError, ownServiceManifest } from './registry/manifest.ts';
import { registerInstance, type Registration } from './registry/registry.ts';

/** What the configuration of a service without MongoDB holds (`mongo: false`: BaseServiceEnv without MONGO_URL). */
export interface StatelessServiceConfig {
  PORT: number;
  HOST: string;
  LOG_LEVEL?: string | undefined;
  NATS_URL: string;
  /** Replicas of the streams the service creates (BaseServiceEnv; 1 when absent). */
  NATS_STREAM_REPLICAS?: number;
  /** The run-time registry (RegistryEnv); absent in a configuration without it: the defaults. */
  ADVERTISE_URL?: string | undefined;
  SERVICE_VERSION?: string;
  REGISTRY_TTL_MS?: number;
  REGISTRY_HEARTBEAT_MS?: number;
  /** Where its metrics are served (MetricsEnv); absent: PORT + 1000. */
  METRICS_PORT?: number | undefined;
  /** MetricsEnv's switch; absent: on. */
  METRICS_ENABLED?: boolean;
}

/** What every service's configuration holds (BaseServiceEnv plus its port and database). */
export interface ServiceConfig extends StatelessServiceConfig {
  MONGO_URL: string;
  MONGO_DB: string;
}

/** What a service that checks identity's sessions holds in its configuration (JwtVerifyEnv + the loaded key). */
export interface SessionVerifyConfig {
  publicKey: string;
  JWT_ISSUER: string;
  JWT_AUDIENCE: string;
  IDENTITY_URL: string;
  SESSION_CACHE_TTL_S: number;
}

/** What the kit hands to a service's `build`: its configuration and the infrastructure, connected and ready. */
export interface ServiceContext<C extends StatelessServiceConfig> {
  name: string;
  config: C;
  logger: Logger;
  /** MongoDB, the service's own database (`MONGO_DB`). */
  conn: Connection;
  /** NATS with JetStream; the service's stream (`EVENTS_<NAME>`) exists. */
  nats: NatsHandle;
  /** The kit's readiness checks (NATS) for the app's `/readyz`; the app adds MongoDB and its own. */
  readiness: ReadinessCheck[];
  /**
   * Token verification for services behind identity: the ES256 key and claims, and identity's session check
   * (cached `SESSION_CACHE_TTL_S`, dropped at once on identity's session-revoked events).
   */
  sessionAuth(config: SessionVerifyConfig): AuthOptions;
  /** Runs `close` at shutdown, after the server stopped accepting, in the reverse order of registration. */
  onClose(close: () => Promise<void> | void): void;
  /** Its Prometheus metrics (issue 36): a service adds its own series to `metrics.registry` (gauges read at scrape time). */
  metrics: ServiceMetrics;
}

export interface ServiceDefinition<C extends ServiceConfig, D extends ConsumerDeps = never> {
  /** The service's name: its logger, its NATS connection and its event stream (`EVENTS_<NAME>`, events `<name>.*`). */
  name: string;
  /**
   * Its manifest (issue 35), which it registers at run time: by default its own folder's `service.json`, found from
   * the running entry file (none found: it does not register); `false`: it does not register (a test's service).
   */
  manifest?: ServiceManifest | false;
  /** Parses and validates the environment (zod); a ConfigError ends the start with every problem listed. */
  loadConfig(env: NodeJS.ProcessEnv): C;
  /** MongoDB (the service's own database, its outbox and relay): on unless `false` (StatelessServiceDefinition). */
  mongo?: true;
  /**
   * Other services' streams the service reads outside its declared consumers (plain subscriptions, a feed): the kit
   * makes sure each exists before `build`, with the settings its owner gives it (whoever starts first makes it).
   */
  streams?: string[];
  /**
   * The durable consumers the service runs (defineConsumer, or defineBatchConsumer for events applied in batches): the
   * kit makes sure each one's stream exists, starts them after `build` with the `deps` it returns, and stops them first
   * at shutdown.
   */
  consumers?: Array<StartableConsumer<D>>;
  /**
   * Builds the service on the connected infrastructure: repositories, use cases, routes (its app), jobs, demo data.
   * Returns the Koa app the kit then serves, with the dependencies its declared consumers take (`{ app, deps }`).
   * Whatever must stop at shutdown goes to `ctx.onClose`.
   */
  build(ctx: ServiceContext<C>): Promise<Koa | { app: Koa; deps: D }>;
}

/**
 * A service that keeps nothing in MongoDB (search: an index in memory): the kit neither connects to MongoDB nor runs an
 * outbox relay, and its context has no `conn`. It has no declared consumers (their processed records live in MongoDB).
 */
export interface StatelessServiceDefinition<C extends StatelessServiceConfig> {
  name: string;
  manifest?: ServiceManifest | false;
  loadConfig(env: NodeJS.ProcessEnv): C;
  mongo: false;
  streams?: string[];
  build(ctx: Omit<ServiceContext<C>, 'conn'>): Promise<Koa>;
}

export interface RunningService<C extends StatelessServiceConfig> {
  config: C;
  logger: Logger;
  port: number;
  /** The internal port its Prometheus metrics are served on (`GET /metrics`); 0 with METRICS_ENABLED=false. */
  metricsPort: number;
}

/**
 * Starts a service in one call, the same way for every service: validated config, logger, the process guard
 * (server-guard.ts), MongoDB, NATS and the service's stream, the outbox relay, the service's own parts (`build`),
 * then `/healthz` + `/readyz` (the app's) on PORT, and graceful shutdown on SIGINT/SIGTERM: stop accepting, drain,
 * stop the service's parts, the relay, NATS and MongoDB.
 */
export async function startService<C extends ServiceConfig, D extends ConsumerDeps = never>(def: ServiceDefinition<C, D>, env?: NodeJS.ProcessEnv): Promise<RunningService<C>>;
export async function startService<C extends StatelessServiceConfig>(def: StatelessServiceDefinition<C>, env?: NodeJS.ProcessEnv): Promise<RunningService<C>>;
export async function startService<C extends ServiceConfig, D extends ConsumerDeps>(
  def: ServiceDefinition<C, D> | StatelessServiceDefinition<C>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningService<C>> {
  let config: C;
  try {
    config = def.loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`${def.name}: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  let manifest: ServiceManifest | undefined;
  try {
    manifest = def.manifest === false ? undefined : (def.manifest ?? ownServiceManifest()?.manifest);
    if (manifest && manifest.name !== def.name) throw new ManifestError(`${def.name}: its manifest names "${manifest.name}"`);
  } catch (err) {
    if (err instanceof ManifestError) {
      console.error(`${def.name}: ${err.message}`);
      process.exit(1);
    }
    throw err;
  }
  const logger = createLogger(def.name, config.LOG_LEVEL);
  guardProcess(logger);

  const conn = def.mongo === false ? undefined : await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const nats = await connectNats({ url: config.NATS_URL, name: def.name, logger, streamReplicas: config.NATS_STREAM_REPLICAS ?? 1 });
  const consumers = def.mongo === false ? [] : (def.consumers ?? []);
  // Its own stream, the platform streams its manifest publishes on (a notice for comms: `notices.mail-requested`), and
  // those it reads: each exists before the first event is written or read.
  const published = (manifest?.publishes ?? []).map(eventDomain);
  for (const source of new Set([def.name, ...published, ...(def.streams ?? []), ...consumers.map((c) => c.source)])) await ensureStream(nats.jsm, source, logger);
  const relay = conn ? new OutboxRelay({ connection: conn, js: nats.js, logger }) : undefined;
  relay?.start();

  const closers: Array<() => Promise<void> | void> = [];
  // Metrics (issue 36): every request by its route's template, the runtime's and the event pipeline's series, and
  // what the service adds in build; served on an internal port of their own.
  const metrics = createMetrics(def.name);
  if (conn) outboxMetrics(metrics.registry, conn, logger);
  consumerMetrics(metrics.registry, nats.jsm, def.name, [...new Set([...(def.streams ?? []), ...consumers.map((c) => c.source)])], logger);
  const ctx: ServiceContext<C> = {
    name: def.name,
    config,
    logger,
    conn: conn as Connection, // absent only for a StatelessServiceDefinition, whose build's type has no `conn`
    nats,
    readiness: [natsReadiness(nats.nc)],
    sessionAuth(c) {
      const sessions = httpSessionChecker({ identityUrl: c.IDENTITY_URL, ttlMs: c.SESSION_CACHE_TTL_S * 1000 });
      const revocations = subscribeSessionRevocations(nats.nc, sessions, logger);
      closers.push(() => revocations.stop());
      return { publicKey: c.publicKey, issuer: c.JWT_ISSUER, audience: c.JWT_AUDIENCE, sessions };
    },
    onClose(close) {
      closers.push(close);
    },
    metrics,
  };
  const built = await def.build(ctx);
  const app = 'deps' in built ? built.app : built;
  const measured = config.METRICS_ENABLED !== false;
  if (measured) app.middleware.unshift(metrics.http); // first of all middleware, so it sees every answer
  app.middleware.unshift(serverSpans()); // before even that: the request's trace context for everything it does
  if (consumers.length > 0) {
    if (!('deps' in built)) throw new Error(`${def.name}: declared consumers need build to return { app, deps }`);
    for (const consumer of consumers) {
      const running = await consumer.start(built.deps, nats);
      closers.push(() => running.stop());
    }
  }

  const server = await listen(app, config.PORT, config.HOST, logger);
  logger.info({ port: server.port }, `${def.name} listening`);
  const metricsServer = measured ? await serveMetrics(metrics, config.HOST, metricsPortOf(config), logger) : undefined;
  // Registered once it answers; deregistered first at shutdown, so the gateway stops sending before the server drains.
  const registration = manifest ? await registerInstance({ nc: nats.nc, record: instanceRecord(manifest, config, server.port, metricsServer?.port), timing: registryTiming(config), logger }) : undefined;
  onShutdown(logger, [...(registration ? [() => registration.stop()] : []), () => server.close(), ...[...closers].reverse(), ...(relay ? [() => relay.stop()] : []), ...(metricsServer ? [() => metricsServer.close()] : []), () => nats.close(), ...(conn ? [() => conn.close()] : [])]);
  return { config, logger, port: server.port, metricsPort: metricsServer?.port ?? 0 };
}

/** The registry's timing from a configuration (RegistryEnv): the heartbeat at most a third of the time-to-live. */
export function registryTiming(config: { REGISTRY_TTL_MS?: number; REGISTRY_HEARTBEAT_MS?: number }): { ttlMs: number; heartbeatMs: number } {
  const ttlMs = config.REGISTRY_TTL_MS ?? 10_000;
  return { ttlMs, heartbeatMs: Math.min(config.REGISTRY_HEARTBEAT_MS ?? 3_000, Math.floor(ttlMs / 3)) };
}

/**
 * The address others reach a process listening on every interface at: its first non-internal IPv4 address (a pod's
 * or a container's own), else loopback. ADVERTISE_URL overrides it (a NAT, a proxy in front).
 */
export function reachableAddress(interfaces: ReturnType<typeof networkInterfaces> = networkInterfaces()): string {
  for (const list of Object.values(interfaces)) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return '127.0.0.1';
}

/**
 * What this instance registers: its manifest, where it answers (ADVERTISE_URL, else its own host — its reachable
 * address when it listens on every interface — and port), where its metrics are (`metricsPort`) and its build.
 */
export function instanceRecord<M extends InstanceRecord['manifest']>(
  manifest: M,
  config: { HOST: string; ADVERTISE_URL?: string | undefined; SERVICE_VERSION?: string },
  port: number,
  metricsPort?: number,
): InstanceRecord {
  const wildcard = config.HOST === '0.0.0.0' || config.HOST === '::' || config.HOST === '';
  const bound = wildcard ? reachableAddress() : config.HOST;
  const host = bound.includes(':') ? `[${bound}]` : bound;
  const address = config.ADVERTISE_URL ? new URL(config.ADVERTISE_URL).origin : `http://${host}:${port}`;
  // Its metrics on the same host as its address, on their own port (Prometheus reads them from the registry).
  const metrics = metricsPort ? Object.assign(new URL(address), { port: String(metricsPort) }).origin : undefined;
  return {
    instanceId: randomBytes(9).toString('base64url'),
    address,
    ...(metrics ? { metrics } : {}),
    version: config.SERVICE_VERSION ?? 'dev',
    startedAt: new Date().toISOString(),
    manifest,
  };
}

export type { Registration };

/**
 * A service's stores made ready at start-up: each repository's collection and indexes (MongoRepository.init), one
 * after the other, then the outbox's indexes (every service writes its events through it).
 */
export async function initStores(conn: Connection, stores: ReadonlyArray<{ init(): Promise<void> }>): Promise<void> {
  for (const store of stores) await store.init();
  await outboxModel(conn).createIndexes();
}

/** What every service's app builder takes (build<Name>App): its database, logger, token verification, readiness checks. */
export interface ServiceAppInput {
  conn: Connection;
  logger: Logger;
  auth: AuthOptions;
  /** The kit's checks (NATS) for `/readyz`; the app adds MongoDB's. */
  readiness?: ReadinessCheck[];
  /** The clock (tests move it). */
  now?: () => Date;
}
