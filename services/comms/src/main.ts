import { createMailer, ensureStream, startService } from '@cp/service-kit';
import { loadCommsConfig } from './config.ts';
import { buildCommsApp } from './app.ts';
import { identityUserDirectory } from './data/user-directory.ts';
import { startNewsletterMail } from './events/newsletter-mail.ts';
import { startCommsHandlers } from './events/notify-operators.ts';
import { startReplyNotices } from './events/reply-notices.ts';
import { startRemovalNotices } from './events/removal-notices.ts';
import { startSavedSearchAlerts } from './events/saved-search-alerts.ts';
import { startMailBatchSender } from './jobs/send-mail-batches.ts';
import { startExpiryReminders } from './events/expiry-reminders.ts';
import { startMessageNotices } from './events/message-notices.ts';
import { accountMailsConsumer } from './events/account-mails.ts';
import { identityAccountMailLinks } from './data/account-mail-links.ts';

await startService({
  name: 'comms',
  loadConfig: loadCommsConfig,
  async build({ config, logger, conn, nats, readiness, onClose, sessionAuth }) {
    const mailer = createMailer(config, logger);
    onClose(() => mailer.close());
    const { app, deps } = await buildCommsApp({ conn, mailer, users: identityUserDirectory(config.IDENTITY_URL), logger, config, readiness, auth: sessionAuth(config) });
    const handlers = await startCommsHandlers(deps, nats);
    onClose(() => handlers.stop());
    const newsletterMail = await startNewsletterMail(deps, nats);
    onClose(() => newsletterMail.stop());
    // The forum's stream, where its replies are announced (the same settings forum gives it; whoever starts first makes it).
    await ensureStream(nats.jsm, 'forum', logger);
    const replyNotices = await startReplyNotices(deps, nats);
    onClose(() => replyNotices.stop());
    // The moderation service's stream, where removals are announced (the same settings it gives it; whoever starts first makes it).
    await ensureStream(nats.jsm, 'moderation', logger);
    const removalNotices = await startRemovalNotices(deps, nats);
    onClose(() => removalNotices.stop());
    // The listings service's stream, where expiring listings (the reminders) and saved-search matches are announced
    // (issue 22; whoever starts first makes it).
    await ensureStream(nats.jsm, 'listings', logger);
    const expiryReminders = await startExpiryReminders(deps, nats);
    onClose(() => expiryReminders.stop());
    const savedSearchAlerts = await startSavedSearchAlerts(deps, nats);
    onClose(() => savedSearchAlerts.stop());
    // The messages service's stream (issue 23): messages and reads, for the unread-message mails (whoever starts first makes it).
    await ensureStream(nats.jsm, 'messages', logger);
    const messageNotices = await startMessageNotices(deps, nats);
    onClose(() => messageNotices.stop());
    // Identity's stream: the password-reset and verification links to mail (whoever starts first makes it).
    await ensureStream(nats.jsm, 'identity', logger);
    const accountMails = await accountMailsConsumer.start({ conn, mailer, links: identityAccountMailLinks(config.IDENTITY_URL), logger, config }, nats);
    onClose(() => accountMails.stop());
    // Due batches of notices (reply notices, daily alert digests) are mailed by one replica at a time.
    const mailBatchSender = startMailBatchSender(deps);
    onClose(() => mailBatchSender.stop());
    return app;
  },
});
