import { ensureStream, identityUserDirectory, startService } from '@cp/service-kit';
import { loadMessagesConfig } from './config.ts';
import { buildMessagesApp } from './app.ts';
import { httpListingSource } from './data/listing-source.ts';

import { natsLiveFeed } from './events/live-feed.ts';
import { startListingsConsumer } from './events/listings.ts';
import { startModerationConsumer } from './events/moderation.ts';
import { seedDemoConversation } from './seed/seed.ts';

await startService({
  name: 'messages',
  loadConfig: loadMessagesConfig,
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
    // The listings' and moderation's streams (the same settings their services give them; whoever starts first makes them).
    await ensureStream(nats.jsm, 'listings', logger);
    const listings = await startListingsConsumer(deps, nats);
    onClose(() => listings.stop());
    await ensureStream(nats.jsm, 'moderation', logger);
    const moderation = await startModerationConsumer(deps, nats);
    onClose(() => moderation.stop());
    if (config.SEED_DEMO_DATA) {
      // In the background: the demo listing is asked for at listings, which may start after this service.
      const seeding = seedDemoConversation(deps);
      onClose(() => seeding.stop());
    }
    return app;
  },
});
