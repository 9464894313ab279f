import { addGauge, createMailer, startService } from '@cp/service-kit';
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
import { noticeMailsConsumer } from './events/notice-mails.ts';
import { identityAccountMailLinks } from './data/account-mail-links.ts';
import type { CommsConsumerDeps } from './use-cases/deps.ts';

await startService<CommsConfig, CommsConsumerDeps>({
  name: 'comms',
  loadConfig: loadCommsConfig,
  // comms' own events (operators' notices, newsletter mails) and those of the services it mails for: forum's replies,
  // moderation's removals, listings' expiring listings and saved-search matches, messages' messages and reads,
  // identity's password-reset and verification links, and the notices any service asks for on the platform stream
  // (issue 35). The kit makes sure each stream exists first (the settings its
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
    noticeMailsConsumer,
  ],
  async build({ config, logger, conn, readiness, onClose, sessionAuth, metrics }) {
    const mailer = createMailer(config, logger);
    onClose(() => mailer.close());
    const { app, deps } = await buildCommsApp({ conn, mailer, users: identityUserDirectory(config.IDENTITY_URL), logger, config, readiness, auth: sessionAuth(config) });
    // Due batches of notices (reply notices, daily alert digests) are mailed by one replica at a time.
    const mailBatchSender = startMailBatchSender(deps);
    onClose(() => mailBatchSender.stop());
    // Batched mails not yet sent, per kind, and those past their time (issue 36): read when Prometheus scrapes.
    // One read serves both gauges of a scrape.
    let last: { at: number; rows: ReturnType<typeof deps.mailBatches.waitingByKind> } | undefined;
    const waiting = () => {
      const now = Date.now();
      if (!last || now - last.at > 1_000) last = { at: now, rows: deps.mailBatches.waitingByKind(new Date(now)) };
      return last.rows;
    };
    addGauge(metrics.registry, {
      name: 'mail_batches_waiting',
      help: 'Batched mails (reply notices, alert digests) collecting items, being sent or waiting for a retry, by kind',
      labelNames: ['kind'],
      read: async () => (await waiting()).map((r) => ({ labels: { kind: r.kind }, value: r.waiting })),
    });
    addGauge(metrics.registry, {
      name: 'mail_batches_overdue',
      help: 'Batched mails past the time they were due to be sent, by kind (the sender is behind or the mail server refuses)',
      labelNames: ['kind'],
      read: async () => (await waiting()).map((r) => ({ labels: { kind: r.kind }, value: r.overdue })),
    });
    // The consumers' dependencies: comms' own, and identity's account-mail links (the account mails ask for each one).
    return { app, deps: { ...deps, links: identityAccountMailLinks(config.IDENTITY_URL) } };
  },
});
