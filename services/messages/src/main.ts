import { ensureStream, identityUserDirectory, startService } from '@cp/service-kit';
import { loadMessagesConfig } from './config.ts';
import { buildMessagesApp } from './app.ts';
import { httpListingSource } from './data/listing-source.ts';

import { natsLiveFeed } from './events/live-feed.ts';
import { startListingsConsumer } from './events/listings.ts';
import { moderationConsumer } from './events/moderation.ts';
import { seedDemoConversation } from './seed/seed.ts';

await startService({
  name: 'messages',
  loadConfig: loadMessagesConfig,
  // Reported conversations the moderation service removed (its stream made sure of by the kit).
  consumers: [moderationConsumer],
  async build({ config, logger, conn, nats, readiness, sessionAuth, onClose }) {
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
    });
    // The listings' stream (the same settings its service gives it; whoever starts first makes it).
    await ensureStream(nats.jsm, 'listings', logger);
    const listings = await startListingsConsumer(deps, nats);
    onClose(() => listings.stop());
    if (config.SEED_DEMO_DATA) {
      // In the background: the demo listing is asked for at listings, which may start after this service.
      const seeding = seedDemoConversation(deps);
      onClose(() => seeding.stop());
    }
    return { app, deps };
  },
});
