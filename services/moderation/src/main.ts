import { identityUserDirectory, startService } from '@cp/service-kit';
import { loadModerationConfig } from './config.ts';
import { buildModerationApp } from './app.ts';
import { httpContentOwners } from './data/content-owners.ts';

import { seedDemoReport } from './seed/seed.ts';

await startService({
  name: 'moderation',
  loadConfig: loadModerationConfig,
  async build({ config, logger, conn, readiness, sessionAuth, onClose }) {
    const owners = httpContentOwners({ listings: config.LISTINGS_URL, forum: config.FORUM_URL, directory: config.DIRECTORY_URL, messages: config.MESSAGES_URL });
    const { app, deps } = await buildModerationApp({
      conn,
      logger,
      auth: sessionAuth(config),
      readiness,
      owners,
      users: identityUserDirectory(config.IDENTITY_URL, { unavailable: '503' }),
      config: { HIDE_THRESHOLD: config.HIDE_THRESHOLD },
      postingLimits: config.POSTING_LIMITS,
    });
    if (config.SEED_DEMO_DATA) {
      // In the background: the demo listing is asked for at listings, which may start after this service.
      const seeding = seedDemoReport(deps);
      onClose(() => seeding.stop());
    }
    return app;
  },
});
