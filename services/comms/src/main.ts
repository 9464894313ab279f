import { connectMongo, connectNats, createLogger, guardProcess, createMailer, ensureStream, listen, natsReadiness, onShutdown, OutboxRelay } from '@cp/service-kit';
import { loadCommsConfig } from './config.ts';
import { buildCommsApp } from './app.ts';
import { startCommsHandlers } from './handlers.ts';

const config = loadCommsConfig();
const logger = createLogger('comms', config.LOG_LEVEL);

const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB);
const nats = await connectNats({ url: config.NATS_URL, name: 'comms', logger });
await ensureStream(nats.jsm, 'comms', logger);
const relay = new OutboxRelay({ connection: conn, js: nats.js, logger });
relay.start();

const mailer = createMailer(config, logger);
const { app, deps } = await buildCommsApp({ conn, mailer, logger, config, readiness: [natsReadiness(nats.nc)] });
const handlers = await startCommsHandlers(deps, nats);
const server = await listen(app, config.PORT, config.HOST, logger);
guardProcess(logger);
logger.info({ port: server.port }, 'comms listening');

onShutdown(logger, [() => server.close(), () => handlers.stop(), () => relay.stop(), () => nats.close(), () => conn.close(), () => mailer.close()]);
