import { identityUserDirectory, startService } from '@cp/service-kit';
import { buildEventsApp } from './app.ts';
import { loadEventsConfig } from './config.ts';
import { listingsConsumer } from './events/listings.ts';
import { moderationConsumer } from './events/moderation.ts';
import { startReminderJob } from './jobs/reminders.ts';

await startService({
  name: 'events',
  loadConfig: loadEventsConfig,
  // The calendar's read model: the listings' lifecycle and moderation's decisions (their streams made sure of by the kit).
  consumers: [listingsConsumer, moderationConsumer],
  async build({ config, logger, conn, readiness, sessionAuth, onClose }) {
    const { app, deps } = await buildEventsApp({
      conn,
      logger,
      auth: sessionAuth(config),
      readiness,
      users: identityUserDirectory(config.IDENTITY_URL, { unavailable: '503' }),
      publicUrl: config.PUBLIC_URL,
      linkSigningKey: config.LINK_SIGNING_KEY,
      postingLimits: config.POSTING_LIMITS,
    });
    if (config.REMINDER_EVERY_S > 0) {
      const job = startReminderJob(deps, config.REMINDER_EVERY_S * 1000, { runAtStart: true, fromHour: config.REMINDER_FROM_HOUR });
      onClose(() => job.stop());
    }
    return { app, deps };
  },
});
