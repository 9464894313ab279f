import { connectMongo, connectNats, createLogger, guardProcess, createMailer, ensureStream, listen, natsReadiness, onShutdown, OutboxRelay } from '@cp/service-kit';
import { loadIdentityConfig } from './config.ts';
import { buildIdentityApp } from './app.ts';
import { seedDemoAccounts } from './use-cases/demo-accounts.ts';

const config = loadIdentityConfig();
const logger = createLogger('identity', config.LOG_LEVEL);

const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB);
const nats = await connectNats({ url: config.NATS_URL, name: 'identity', logger });
await ensureStream(nats.jsm, 'identity', logger);
const relay = new OutboxRelay({ connection: conn, js: nats.js, logger });
relay.start();

const mailer = createMailer(config, logger);
const { app, deps } = await buildIdentityApp({ conn, mailer, logger, config, readiness: [natsReadiness(nats.nc)] });
if (config.SEED_DEMO_DATA && config.DEMO_ACCOUNTS_PASSWORD) {
  const created = await seedDemoAccounts(deps, config.DEMO_ACCOUNTS_PASSWORD);
  logger.info({ created }, created.length > 0 ? 'demo accounts created' : 'demo accounts already there');
}
const server = await listen(app, config.PORT, config.HOST, logger);
guardProcess(logger);
logger.info({ port: server.port }, 'identity listening');

onShutdown(logger, [() => server.close(), () => relay.stop(), () => nats.close(), () => conn.close(), () => mailer.close()]);
