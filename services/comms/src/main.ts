import { createMailer, startService } from '@cp/service-kit';
import { loadCommsConfig, type CommsConfig } from './config.ts';
import { buildCommsApp } from './app.ts';
import { identityUserDirectory } from './data/user-directory.ts';
import { newsletterMailConsumer } from './events/newsletter-mail.ts';
import { notifyOperatorsConsumer } from './events/notify-operators.ts';
import { replyNoticesConsumer } from './events/reply-notices.ts';
import { removalNoticesConsumer } from './events/removal-notices.ts';
import { savedSearchAlertsConsumer } from './events/saved-search-alerts.ts';
import { startMailBatchSender } from './jobs/send-mail-batches.ts';
import { expiryRemindersConsumer } from './events/expiry-reminders.ts';
import { messageNoticesConsumer } from './events/message-notices.ts';
import { accountMailsConsumer } from './events/account-mails.ts';
import { identityAccountMailLinks } from './data/account-mail-links.ts';
import type { CommsConsumerDeps } from './use-cases/deps.ts';

await startService<CommsConfig, CommsConsumerDeps>({
  name: 'comms',
  loadConfig: loadCommsConfig,
  // comms' own events (operators' notices, newsletter mails) and those of the services it mails for: forum's replies,
  // moderation's removals, listings' expiring listings and saved-search matches, messages' messages and reads,
  // identity's password-reset and verification links. The kit makes sure each stream exists first (the settings its
  // owner gives it; whoever starts first makes it), starts them after build and stops them first at shutdown.
  consumers: [
    notifyOperatorsConsumer,
    newsletterMailConsumer,
    replyNoticesConsumer,
    removalNoticesConsumer,
    expiryRemindersConsumer,
    savedSearchAlertsConsumer,
    messageNoticesConsumer,
    accountMailsConsumer,
  ],
  async build({ config, logger, conn, readiness, onClose, sessionAuth }) {
    const mailer = createMailer(config, logger);
    onClose(() => mailer.close());
    const { app, deps } = await buildCommsApp({ conn, mailer, users: identityUserDirectory(config.IDENTITY_URL), logger, config, readiness, auth: sessionAuth(config) });
    // Due batches of notices (reply notices, daily alert digests) are mailed by one replica at a time.
    const mailBatchSender = startMailBatchSender(deps);
    onClose(() => mailBatchSender.stop());
    // The consumers' dependencies: comms' own, and identity's account-mail links (the account mails ask for each one).
    return { app, deps: { ...deps, links: identityAccountMailLinks(config.IDENTITY_URL) } };
  },
});
