/**
 * A remote's own static server's configuration (static-main.ts): its build folder, where it listens and, to register
 * the remote at run time (issue 35), NATS and the registry's settings. The local stack gives the process only these.
 */
import path from 'node:path';
import { z } from 'zod';
import { RegistryEnv, TelemetryEnv } from '@cp/service-kit';

export const StaticServerEnv = z.object({
  STATIC_DIR: z.string().min(1).transform((v) => path.resolve(v)),
  PORT: z.coerce.number().int().min(0).max(65535),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** NATS, to register the remote in the run-time registry. Unset: it does not register (a gateway configured with it). */
  NATS_URL: z.string().regex(/^(nats|tls):\/\//, 'must be a nats:// URL').optional(),
  ...RegistryEnv.shape,
  ...TelemetryEnv.shape,
});
