import { registryTiming, startService, watchRegistry } from '@cp/service-kit';
import { loadRendererConfig } from './config.ts';
import { buildRendererApp } from './app.ts';
import { ROUTE_RULES } from './platform-routes.ts';

await startService({
  name: 'renderer',
  loadConfig: loadRendererConfig,
  async build({ config, logger, conn, nats, readiness, onClose, metrics }) {
    // The services that register themselves (issue 35): a new team's pages read their data from them.
    const registry = watchRegistry({ nc: nats.nc, logger, timing: registryTiming(config), claimed: ROUTE_RULES });
    onClose(() => registry.stop());
    const { app, close } = await buildRendererApp({ config, logger, conn, readiness, registry, metrics: metrics.registry });
    onClose(close);
    return app;
  },
});
