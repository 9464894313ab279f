import {
  connectMongo,
  connectNats,
  createLogger,
  guardProcess,
  ensureStream,
  httpSessionChecker,
  listen,
  natsReadiness,
  onShutdown,
  OutboxRelay,
  subscribeSessionRevocations,
} from '@cp/service-kit';
import { loadListingsConfig } from './config.ts';
import { buildListingsApp } from './app.ts';
import { s3ObjectStore } from './storage/object-store.ts';
import { seedDemoData } from './seed/seed.ts';
import { startImageCleanup } from './events/image-cleanup.ts';
import { startAbandonedImageSweep } from './jobs/abandoned-images.ts';

const config = loadListingsConfig();
const logger = createLogger('listings', config.LOG_LEVEL);

const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB);
const nats = await connectNats({ url: config.NATS_URL, name: 'listings', logger });
await ensureStream(nats.jsm, 'listings', logger);
const relay = new OutboxRelay({ connection: conn, js: nats.js, logger });
relay.start();

// Sessions are checked at identity (cached briefly); a logout or password reset there drops the cached answer at once.
const sessions = httpSessionChecker({ identityUrl: config.IDENTITY_URL, ttlMs: config.SESSION_CACHE_TTL_S * 1000 });
const revocations = subscribeSessionRevocations(nats.nc, sessions, logger);

const store = s3ObjectStore({
  endpoint: config.S3_ENDPOINT,
  port: config.S3_PORT,
  useSSL: config.S3_USE_SSL,
  accessKey: config.S3_ACCESS_KEY,
  secretKey: config.S3_SECRET_KEY,
  region: config.S3_REGION,
  bucket: config.S3_BUCKET_UPLOADS,
});

const { app, deps } = await buildListingsApp({
  conn,
  store,
  logger,
  auth: { publicKey: config.publicKey, issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE, sessions },
  images: { maxPixels: config.IMAGE_MAX_PIXELS, concurrentUploads: config.UPLOAD_CONCURRENCY },
  readiness: [natsReadiness(nats.nc)],
});

const imageCleanup = await startImageCleanup(deps, nats);
const abandonedImages =
  config.ABANDONED_IMAGE_SWEEP_MIN > 0
    ? startAbandonedImageSweep(deps, { everyMs: config.ABANDONED_IMAGE_SWEEP_MIN * 60_000, maxAgeMs: config.ABANDONED_IMAGE_AGE_H * 3_600_000 })
    : undefined;

if (config.SEED_DEMO_DATA) {
  const result = await seedDemoData(deps);
  logger.info(result, result.seeded ? 'demo listings inserted' : 'demo listings skipped: listings already exist');
}

const server = await listen(app, config.PORT, config.HOST, logger);
guardProcess(logger);
logger.info({ port: server.port }, 'listings listening');

onShutdown(logger, [() => server.close(), () => revocations.stop(), () => imageCleanup.stop(), async () => abandonedImages?.stop(), () => relay.stop(), () => nats.close(), () => conn.close()]);
