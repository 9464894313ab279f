/**
 * Entry of a remote's own static server: STATIC_DIR (the build folder, e.g. mf-forum/dist), PORT, HOST.
 *   STATIC_DIR=mf-forum/dist PORT=3102 node services/gateway/src/static-main.ts
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, createLogger, guardProcess, loadConfig, onShutdown } from '@cp/service-kit';
import { startStaticServer } from './web/static-server.ts';

const Env = z.object({
  STATIC_DIR: z.string().min(1).transform((v) => path.resolve(v)),
  PORT: z.coerce.number().int().min(0).max(65535),
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
});

let env: z.infer<typeof Env>;
try {
  env = loadConfig(Env, process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`static server: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
const logger = createLogger(`static:${path.basename(path.dirname(env.STATIC_DIR))}`, env.LOG_LEVEL);
if (!existsSync(path.join(env.STATIC_DIR, 'mf-manifest.json'))) logger.warn({ dir: env.STATIC_DIR }, 'no mf-manifest.json in STATIC_DIR (not built yet?)');
const server = await startStaticServer({ dir: env.STATIC_DIR, port: env.PORT, host: env.HOST, readyFile: 'mf-manifest.json' }, logger);
guardProcess(logger);
logger.info({ dir: env.STATIC_DIR, url: `http://${env.HOST}:${server.port}` }, 'static server listening');
onShutdown(logger, [() => server.close()]);
