import { ConfigError, createLogger, onShutdown } from '@cp/service-kit';
import { loadGatewayConfig, type GatewayConfig } from './config.ts';
import { startGateway } from './app.ts';
import { SERVICE_NAMES } from './routes-table.ts';

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
const logger = createLogger('gateway', config.logLevel);

const gateway = await startGateway(config, logger);
logger.info(
  { url: gateway.url, publicUrl: config.publicUrl, upstreams: Object.fromEntries([...gateway.upstreams].map(([name, u]) => [name, u.origin])) },
  'gateway listening',
);
if (gateway.upstreams.size < SERVICE_NAMES.length) logger.warn({ configured: [...gateway.upstreams.keys()] }, 'some services are not configured; their routes answer 503');

onShutdown(logger, [() => gateway.close()]);
