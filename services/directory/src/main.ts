import { startService } from '@cp/service-kit';
import { loadDirectoryConfig } from './config.ts';
import { buildDirectoryApp } from './app.ts';
import { seedDemoBusinesses } from './seed/seed.ts';

await startService({
  name: 'directory',
  loadConfig: loadDirectoryConfig,
  async build({ config, logger, conn, readiness, sessionAuth }) {
    const { app, deps } = await buildDirectoryApp({ conn, logger, auth: sessionAuth(config), readiness });
    if (config.SEED_DEMO_DATA) {
      const seeded = await seedDemoBusinesses(deps);
      logger.info({ businesses: seeded }, seeded > 0 ? 'demo businesses inserted' : 'demo businesses skipped: businesses already exist');
    }
    return app;
  },
});
