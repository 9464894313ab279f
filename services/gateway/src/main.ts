import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, connectNatsClient, createLogger, guardProcess, onShutdown, watchRegistryOver, watchReleasesOver } from '@cp/service-kit';
import { loadGatewayConfig, type GatewayConfig } from './config.ts';
import { startGateway } from './app.ts';
import { ROUTE_RULES, SERVICE_NAMES } from './proxy/routes-table.ts';
import { servesSite } from './web/config.ts';

let config: GatewayConfig;
try {
  config = loadGatewayConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`gateway: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
// A line per request: written without waiting for each write (see createLogger), flushed at exit.
const logger = createLogger('gateway', config.logLevel, { async: true });

// The run-time registry (issue 35): watched over a connection of its own, made in the background, so the gateway
// serves its configured table while NATS is away, at start too. The static table's prefixes were there first.
const registry = config.registry
  ? watchRegistryOver({
      connect: () => connectNatsClient(config.registry!.natsUrl, 'gateway'),
      logger,
      timing: { ttlMs: config.registry.ttlMs, heartbeatMs: Math.floor(config.registry.ttlMs / 3) },
      claimed: ROUTE_RULES,
    })
  : undefined;
// The releases by percentage (issue 35 §4), over a connection of their own too: the releases known stay while NATS is away.
const releases = config.registry ? watchReleasesOver({ connect: () => connectNatsClient(config.registry!.natsUrl, 'gateway-releases'), logger }) : undefined;
const gateway = await startGateway(config, logger, { ...(registry ? { registry } : {}), ...(releases ? { releases } : {}) });
guardProcess(logger);
logger.info(
  { url: gateway.url, publicUrl: config.publicUrl, upstreams: Object.fromEntries([...gateway.upstreams].map(([name, u]) => [name, u.origin])) },
  'gateway listening',
);
if (servesSite(config.web)) {
  logger.info(
    { webRoot: config.web.root, remotes: Object.fromEntries(config.web.remotes.map((r) => [r.key, r.source.kind === 'dir' ? r.source.dir : `${r.source.origin}${r.source.basePath}`])) },
    'serving the web site',
  );
  if (config.web.root && !existsSync(path.join(config.web.root, 'index.html'))) logger.warn({ webRoot: config.web.root }, 'no index.html in WEB_ROOT yet: pages answer 503 until the shell is built');
  for (const r of config.web.remotes) {
    if (r.source.kind === 'dir' && !existsSync(path.join(r.source.dir, 'mf-manifest.json'))) logger.warn({ remote: r.key, dir: r.source.dir }, 'no mf-manifest.json in this remote folder yet: its area shows the fallback');
  }
}
if (gateway.upstreams.size < SERVICE_NAMES.length) logger.warn({ configured: [...gateway.upstreams.keys()] }, 'some services are not configured; their routes answer 503');

onShutdown(logger, [() => gateway.close(), ...(registry ? [() => registry.stop()] : []), ...(releases ? [() => releases.stop()] : [])]);
