/**
 * Entry of a remote's own static server: STATIC_DIR (the build folder, e.g. mf-forum/dist), PORT, HOST.
 *   STATIC_DIR=mf-forum/dist PORT=3102 node services/gateway/src/static-main.ts
 * With NATS_URL it registers the remote at run time (issue 35): the manifest is `remote.json` in the build folder (the
 * image puts it there), or the one beside it (`mf-forum/remote.json`, the local stack); the gateway then serves it under
 * /mf/<name>/ and lists it in /mf/registry.json with no change of its own configuration.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { StaticServerEnv } from './static-config.ts';
import { MANIFEST_FILES } from '@cp/contracts';
import {
  ConfigError,
  connectNatsClient,
  createLogger,
  guardProcess,
  instanceRecord,
  loadConfig,
  ManifestError,
  onShutdown,
  readRemoteManifest,
  registerInstance,
  registryTiming,
  type Registration,
} from '@cp/service-kit';
import { startStaticServer } from './web/static-server.ts';

let env: z.infer<typeof StaticServerEnv>;
try {
  env = loadConfig(StaticServerEnv, process.env);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`static server: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
/** The remote's manifest: in the build, else beside it; a malformed one stops the start. */
const manifestFolder = [env.STATIC_DIR, path.dirname(env.STATIC_DIR)].find((dir) => existsSync(path.join(dir, MANIFEST_FILES.remote)));
let manifest;
try {
  manifest = env.NATS_URL && manifestFolder ? readRemoteManifest(manifestFolder) : undefined;
} catch (err) {
  if (err instanceof ManifestError) {
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
if (env.NATS_URL && !manifest) logger.warn({ dir: env.STATIC_DIR }, `no ${MANIFEST_FILES.remote} in or beside STATIC_DIR: not registering`);
// Registered once it serves; NATS may come later (the connection waits for it), and goes on registering through outages.
let nc: Awaited<ReturnType<typeof connectNatsClient>> | undefined;
let registration: Registration | undefined;
if (env.NATS_URL && manifest) {
  const record = instanceRecord(manifest, env, server.port);
  void connectNatsClient(env.NATS_URL, `static:${manifest.name}`, { waitOnFirstConnect: true }).then(async (conn) => {
    nc = conn;
    registration = await registerInstance({ nc: conn, record, timing: registryTiming(env), logger });
  });
}
onShutdown(logger, [
  // Out of the registry first, so the gateway stops sending before the server drains.
  async () => registration?.stop(),
  () => server.close(),
  async () => {
    await nc?.drain().catch(() => nc?.close());
  },
]);
