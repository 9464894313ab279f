import { identityUserDirectory, startService } from '@cp/service-kit';
import { loadMessagesConfig } from './config.ts';
import { buildMessagesApp } from './app.ts';
import { httpListingSource } from './data/listing-source.ts';

import { natsLiveFeed } from './events/live-feed.ts';
import { listingsConsumer } from './events/listings.ts';
import { moderationConsumer } from './events/moderation.ts';
import { seedDemoConversation } from './seed/seed.ts';

await startService({
  name: 'messages',
  loadConfig: loadMessagesConfig,
  // The listings' lifecycle (the conversations' copy of their listing) and the reported conversations the moderation
  // service removed (their streams made sure of by the kit, with the settings their services give them).
  consumers: [listingsConsumer, moderationConsumer],
  async build({ config, logger, conn, nats, readiness, sessionAuth, onClose, metrics }) {
    const { app, deps } = await buildMessagesApp({
      conn,
      logger,
      auth: sessionAuth(config),
      readiness,
      listings: httpListingSource(config.LISTINGS_URL),
      users: identityUserDirectory(config.IDENTITY_URL, { unavailable: '503' }),
      postingLimits: config.POSTING_LIMITS,
      live: (deps) => natsLiveFeed(nats, deps),
      liveStreamsMax: config.LIVE_STREAMS_MAX,
      liveStreamsPerAddress: config.LIVE_STREAMS_PER_ADDRESS,
      metrics: metrics.registry,
    });
    if (config.SEED_DEMO_DATA) {
      // In the background: the demo listing is asked for at listings, which may start after this service.
      const seeding = seedDemoConversation(deps);
      onClose(() => seeding.stop());
    }
    return { app, deps };
  },
});
