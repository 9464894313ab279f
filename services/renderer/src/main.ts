import { startService } from '@cp/service-kit';
import { loadRendererConfig } from './config.ts';
import { buildRendererApp } from './app.ts';

await startService({
  name: 'renderer',
  loadConfig: loadRendererConfig,
  async build({ config, logger, conn, readiness, onClose }) {
    const { app, close } = await buildRendererApp({ config, logger, conn, readiness });
    onClose(close);
    return app;
  },
});
