import { startService } from '@cp/service-kit';
import { loadSearchConfig } from './config.ts';
import { buildSearchApp } from './app.ts';

await startService({
  name: 'search',
  loadConfig: loadSearchConfig,
  async build({ conn, logger, nats, readiness, onClose }) {
    const { app, feed } = await buildSearchApp({ conn, logger, nats, readiness });
    onClose(() => feed.stop());
    void feed.caughtUp.then(() => logger.info({ applied: feed.applied() }, 'index caught up with the streams'));
    return app;
  },
});
