import { createMailer, ensureStream, startService } from '@cp/service-kit';
import { loadIdentityConfig } from './config.ts';
import { buildIdentityApp } from './app.ts';
import { seedDemoAccounts } from './use-cases/demo-accounts.ts';
import { startVerificationMails } from './events/verification-mail.ts';
import { startBanConsumer } from './events/moderation-bans.ts';

await startService({
  name: 'identity',
  loadConfig: loadIdentityConfig,
  async build({ config, logger, conn, nats, readiness, onClose }) {
    const mailer = createMailer(config, logger);
    onClose(() => mailer.close());
    const { app, deps } = await buildIdentityApp({ conn, mailer, logger, config, readiness });
    const verificationMails = await startVerificationMails(deps, nats);
    onClose(() => verificationMails.stop());
    // The moderation service's stream, where bans are announced (the same settings it gives it; whoever starts first makes it).
    await ensureStream(nats.jsm, 'moderation', logger);
    const bans = await startBanConsumer(deps, nats);
    onClose(() => bans.stop());
    if (config.SEED_DEMO_DATA && config.DEMO_ACCOUNTS_PASSWORD) {
      const created = await seedDemoAccounts(deps, config.DEMO_ACCOUNTS_PASSWORD);
      logger.info({ created }, created.length > 0 ? 'demo accounts created' : 'demo accounts already there');
    }
    return app;
  },
});
