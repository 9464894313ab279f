import { createMailer, startService } from '@cp/service-kit';
import { loadCommsConfig } from './config.ts';
import { buildCommsApp } from './app.ts';
import { startCommsHandlers } from './events/notify-operators.ts';

await startService({
  name: 'comms',
  loadConfig: loadCommsConfig,
  async build({ config, logger, conn, nats, readiness, onClose }) {
    const mailer = createMailer(config, logger);
    onClose(() => mailer.close());
    const { app, deps } = await buildCommsApp({ conn, mailer, logger, config, readiness });
    const handlers = await startCommsHandlers(deps, nats);
    onClose(() => handlers.stop());
    return app;
  },
});
