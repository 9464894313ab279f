import { startService } from '@cp/service-kit';
import { loadIdentityConfig } from './config.ts';
import { buildIdentityApp } from './app.ts';
import { seedDemoAccounts } from './seed/seed.ts';
import { bansConsumer } from './events/moderation-bans.ts';

await startService({
  name: 'identity',
  loadConfig: loadIdentityConfig,
  // The moderation service's bans (its stream made sure of by the kit, so identity starts before or without it).
  consumers: [bansConsumer],
  async build({ config, logger, conn, readiness }) {
    const { app, deps } = await buildIdentityApp({ conn, logger, config, readiness });
    if (config.SEED_DEMO_DATA && config.DEMO_ACCOUNTS_PASSWORD) {
      const created = await seedDemoAccounts(deps, config.DEMO_ACCOUNTS_PASSWORD);
      logger.info({ created }, created.length > 0 ? 'demo accounts created' : 'demo accounts already there');
    }
    return { app, deps };
  },
});
