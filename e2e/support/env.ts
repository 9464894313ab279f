import { readFileSync } from 'node:fs';
import path from 'node:path';
import { profileDir } from '../../infra/src/paths.ts';
import type { InfraEnv } from '../../infra/src/types.ts';

/** The e2e profile's port offset: dev 0, jest 10000 (CP_TEST_PORT_BASE), e2e 15000 (CP_E2E_PORT_BASE), bench 30000. */
export function e2ePortBase(): number {
  const value = Number(process.env.CP_E2E_PORT_BASE ?? 15_000);
  if (!Number.isInteger(value) || value < 0 || value > 40_000) throw new Error(`CP_E2E_PORT_BASE must be an integer 0..40000 (got ${process.env.CP_E2E_PORT_BASE})`);
  return value;
}

export const E2E_PROFILE = 'e2e';
/** Written by the global setup, read by the test workers (separate processes). */
export const e2eEnvFile = () => path.join(profileDir(E2E_PROFILE), 'e2e-env.json');
/** Screenshots and traces of failed tests (inside the profile: wiped at the start of the next run). */
export const artifactsDir = () => path.join(profileDir(E2E_PROFILE), 'artifacts');

export interface E2EEnv {
  /** The site as the browser sees it (the gateway's public URL). */
  site: string;
  /** The identity service directly (test data set-up that must not count against the gateway's per-IP limits). */
  identityUrl: string;
  /** Every process of the stack by name (services directly, for test data set-up). */
  serviceUrls: Record<string, string>;
  /** Playwright's browser server (one Chromium for the whole run). */
  wsEndpoint: string;
  /** The global setup's loopback control server (stop/start the proxied remote). */
  controlUrl: string;
  infra: InfraEnv;
  /** The stack's data folder (its generated keys: a test signs a visitor cookie as the gateway does, infra visitor-cookies.ts). */
  dataDir: string;
  /** The remote served by its own static server behind the gateway's proxy, which a test stops. */
  proxiedRemote: { name: string; route: string; heading: string };
  /** Pages of the other remotes, with the heading each shows a visitor. */
  otherRemoteRoutes: Array<{ route: string; heading: string }>;
}

let cached: E2EEnv | undefined;
export function e2eEnv(): E2EEnv {
  cached ??= JSON.parse(readFileSync(e2eEnvFile(), 'utf8')) as E2EEnv;
  return cached;
}
