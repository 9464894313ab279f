import { startService } from '@cp/service-kit';
import { loadForumConfig } from './config.ts';
import { buildForumApp } from './app.ts';
import { viewCounterConsumer } from './events/view-counter.ts';
import { moderationConsumer } from './events/moderation.ts';
import { seedDemoPosts } from './seed/seed.ts';

await startService({
  name: 'forum',
  loadConfig: loadForumConfig,
  // The posts' views (the forum's own stream) and the moderation service's decisions (its stream made sure of by the
  // kit; whoever starts first makes it).
  consumers: [viewCounterConsumer, moderationConsumer],
  async build({ config, logger, conn, nats, readiness, sessionAuth }) {
    const { app, deps } = await buildForumApp({ conn, js: nats.js, logger, auth: sessionAuth(config), readiness, postingLimits: config.POSTING_LIMITS });
    if (config.SEED_DEMO_DATA) {
      const seeded = await seedDemoPosts(deps);
      logger.info({ posts: seeded }, seeded > 0 ? 'demo posts inserted' : 'demo posts skipped: posts already exist');
    }
    return { app, deps };
  },
});
