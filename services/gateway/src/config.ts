/**
 * The gateway's configuration: the server's own few variables, the proxy's (proxy/config.ts) and the web half's
 * (web/config.ts), parsed as one schema so every problem is listed at once.
 */
import { z } from 'zod';
import { bool, loadConfig, manifestPort, MetricsEnv, metricsPortOf, RegistryEnv, TelemetryEnv } from '@cp/service-kit';
import { int, NodeEnv, type NodeEnvName } from './shared/env.ts';
import { ProxyEnv, proxyConfigOf, type ProxyConfig } from './proxy/config.ts';
import { WebEnv, webConfigOf, type WebConfig } from './web/config.ts';

export type { ProxyConfig } from './proxy/config.ts';
export type { WebConfig, WebRemote, WebRemoteSource } from './web/config.ts';

/** The server's own variables: where it listens, what it is called, whom it trusts in front of it. */
export const ServerEnv = z.object({
  NODE_ENV: NodeEnv,
  HOST: z.string().min(1).default('127.0.0.1'),
  /** 0 picks a free port (tests). */
  PORT: z.coerce.number().int().min(0).max(65535).default(manifestPort(import.meta.url)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** The site's public origin (what the browser shows). Default http://localhost:<PORT>. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Trust X-Forwarded-* from a proxy in front of the gateway (its last hop only). Off when the gateway faces the internet. */
  TRUST_PROXY: bool(false),
  /** How long a client may take to send a whole request (slow uploads). */
  CLIENT_REQUEST_TIMEOUT_MS: int(300_000, 1),
  /**
   * NATS, for the run-time registry (issue 35): services and remotes that register themselves there join the gateway's
   * tables with no restart. Unset: only the configured services and remotes.
   */
  NATS_URL: z.string().regex(/^(nats|tls):\/\//, 'must be a nats:// URL').optional(),
  /** A registration not renewed within this time leaves the tables (the services' REGISTRY_TTL_MS). */
  REGISTRY_TTL_MS: RegistryEnv.shape.REGISTRY_TTL_MS,
  /** Where its Prometheus metrics are served (issue 36): internal, never the public port. Unset: PORT + 1000. */
  ...MetricsEnv.shape,
  ...TelemetryEnv.shape,
});

/** Every variable the gateway reads (the infra tests hold compose and Kubernetes to it). */
export const GatewayEnv = ServerEnv.extend(ProxyEnv.shape).extend(WebEnv.shape);

export interface GatewayConfig {
  nodeEnv: NodeEnvName;
  host: string;
  port: number;
  logLevel: string | undefined;
  /** Origin of the site, e.g. http://localhost:8080. */
  publicUrl: string;
  trustProxy: boolean;
  clientRequestTimeoutMs: number;
  /** The internal port of its Prometheus metrics (0: a free one). */
  metricsPort: number;
  /** MetricsEnv's switch (false only in the bench's side-by-side run); absent: on. */
  metricsEnabled?: boolean;
  /** The run-time registry (issue 35), when NATS_URL is set. */
  registry: { natsUrl: string; ttlMs: number } | undefined;
  /** The API proxy (proxy/). */
  proxy: ProxyConfig;
  /** The web site (web/). */
  web: WebConfig;
}

/** Reads and validates the gateway's environment; throws a ConfigError listing every problem. */
export function loadGatewayConfig(env: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env): GatewayConfig {
  const e = loadConfig(GatewayEnv, env);
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin;
  return {
    nodeEnv: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    publicUrl,
    trustProxy: e.TRUST_PROXY,
    clientRequestTimeoutMs: e.CLIENT_REQUEST_TIMEOUT_MS,
    metricsPort: metricsPortOf(e),
    metricsEnabled: e.METRICS_ENABLED,
    registry: e.NATS_URL ? { natsUrl: e.NATS_URL, ttlMs: e.REGISTRY_TTL_MS } : undefined,
    proxy: proxyConfigOf(e, publicUrl),
    web: webConfigOf(e),
  };
}
