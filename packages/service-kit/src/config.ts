import { z } from 'zod';
import { isOrigin } from '@cp/contracts';
import { loadPublicKey } from './auth.ts';
import { TelemetryEnv } from './telemetry/env.ts';

/**
 * Parses configuration from the environment with zod and fails fast with every problem listed.
 * There are no default secrets: a schema may default ports or URLs, never keys or passwords.
 */
export function loadConfig<T extends z.ZodType>(schema: T, env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): z.infer<T> {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reusable pieces of service configuration. */
export const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
export const url = () => z.url();
export const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * How an instance registers itself in the run-time registry (issue 35 §2; registry/registry.ts): where the gateway
 * reaches it, the build it runs, and the registry's timing. The gateway reads the same timing.
 */
export const RegistryEnv = z.object({
  /** The origin other processes reach this instance at. Unset: http://<HOST>:<PORT> (127.0.0.1 for a wildcard HOST). In Kubernetes: the pod's IP (the downward API). */
  ADVERTISE_URL: z
    .url({ protocol: /^https?$/ })
    .refine((u) => isOrigin(u.replace(/\/$/, '')), 'must be an origin (no path)')
    .optional(),
  /** The build this instance runs (an image tag, a commit); shown in the registry. */
  SERVICE_VERSION: z.string().min(1).max(80).default('dev'),
  /** A registration not renewed within this time is dropped by the gateway. */
  REGISTRY_TTL_MS: z.coerce.number().int().min(1_000).max(300_000).default(10_000),
  /** How often an instance renews its registration (at most a third of REGISTRY_TTL_MS). */
  REGISTRY_HEARTBEAT_MS: z.coerce.number().int().min(100).max(100_000).default(3_000),
});

/**
 * Where a process serves its Prometheus metrics (issue 36; metrics/metrics.ts): an internal port of its own, never the
 * public one. Unset: its PORT + 1000 (listings 4002 → 5002), or a free port when PORT is 0.
 */
export const MetricsEnv = z.object({
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /**
   * `false`: no metrics at all — no per-request measurement, no metrics port. Only for the bench's side-by-side
   * measurement of what metrics cost (npm run bench); a deployment keeps the default.
   */
  METRICS_ENABLED: bool(true),
});

/** The metrics port of a process: METRICS_PORT, else PORT + 1000 (a free one for PORT 0). */
export const metricsPortOf = (c: { PORT: number; METRICS_PORT?: number | undefined }) => c.METRICS_PORT ?? (c.PORT === 0 ? 0 : c.PORT + 1000);

/** What every service needs to reach its infrastructure. */
export const BaseServiceEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  MONGO_URL: z.string().regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL'),
  NATS_URL: z.string().regex(/^(nats|tls):\/\//, 'must be a nats:// URL'),
  /**
   * Copies JetStream keeps of each stream this service creates (its own, the dead letters): 1 on a single server,
   * 3 on a JetStream cluster of 3 (Kubernetes), so a stream survives the loss of a server. At most 5 (JetStream's limit).
   */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  ...RegistryEnv.shape,
  ...MetricsEnv.shape,
  ...TelemetryEnv.shape,
});

/** The demo-data switch (`npm start`'s dev stack sets it): demo records go into an empty database, never in production. */
export const DemoDataEnv = z.object({ SEED_DEMO_DATA: bool(false) });

type DemoDataChecked = { NODE_ENV: string; SEED_DEMO_DATA: boolean };

/** Refuses SEED_DEMO_DATA under NODE_ENV=production (`what`: the demo records, for the message). */
export function noDemoDataInProduction<T extends z.ZodType<DemoDataChecked>>(schema: T, what: string): T {
  return schema.refine((v) => v.NODE_ENV !== 'production' || !v.SEED_DEMO_DATA, { message: `${what} are never created in production`, path: ['SEED_DEMO_DATA'] });
}

/** JwtVerifyEnv's check, for a service schema its fields were spread into (a spread keeps fields, not refinements). */
export function requirePublicKey<T extends z.ZodType<{ JWT_PUBLIC_KEY?: string | undefined; JWT_PUBLIC_KEY_FILE?: string | undefined }>>(schema: T): T {
  return schema.refine((v) => Boolean(v.JWT_PUBLIC_KEY || v.JWT_PUBLIC_KEY_FILE), { message: 'JWT_PUBLIC_KEY or JWT_PUBLIC_KEY_FILE is required', path: ['JWT_PUBLIC_KEY'] });
}

export const S3Env = z.object({
  S3_ENDPOINT: z.string().min(1),
  S3_PORT: z.coerce.number().int().min(1).max(65535),
  S3_USE_SSL: bool(false),
  S3_ACCESS_KEY: z.string().min(1),
  S3_SECRET_KEY: z.string().min(1),
  S3_REGION: z.string().min(1).default('us-east-1'),
});

export const JwtVerifyEnv = requirePublicKey(
  z.object({
    JWT_PUBLIC_KEY: z.string().optional(),
    JWT_PUBLIC_KEY_FILE: z.string().optional(),
    JWT_ISSUER: z.string().default('cp-identity'),
    JWT_AUDIENCE: z.string().default('cp-web'),
    /** Where services check that a session is still active (identity's internal endpoint). */
    IDENTITY_URL: z.url(),
    /** Seconds a session answer from identity may be cached; revocation events drop it at once anyway. */
    SESSION_CACHE_TTL_S: z.coerce.number().int().min(0).max(300).default(10),
  }),
);

/**
 * The environment of a service behind identity (it verifies identity's sessions) with demo data: BaseServiceEnv,
 * JwtVerifyEnv, its PORT and MONGO_DB defaults and SEED_DEMO_DATA, checked (a public key; no demo data in production).
 * `demo` names its demo records for the production message. A service with more variables composes the same pieces
 * (listings: + S3Env).
 */
export function behindIdentityEnv(opts: { port: number; db: string; demo: string }) {
  return noDemoDataInProduction(
    requirePublicKey(
      BaseServiceEnv.extend({
        ...JwtVerifyEnv.shape,
        PORT: port(opts.port),
        MONGO_DB: z.string().default(opts.db),
        ...DemoDataEnv.shape,
      }),
    ),
    opts.demo,
  );
}

/** Loads a service's configuration (loadConfig) and the public key its JWT_PUBLIC_KEY(_FILE) names. */
export function loadWithPublicKey<T extends z.ZodType<{ JWT_PUBLIC_KEY?: string | undefined; JWT_PUBLIC_KEY_FILE?: string | undefined }>>(
  schema: T,
  env: NodeJS.ProcessEnv | Record<string, string | undefined>,
): z.infer<T> & { publicKey: string } {
  const cfg = loadConfig(schema, env);
  return { ...cfg, publicKey: loadPublicKey(cfg) };
}
