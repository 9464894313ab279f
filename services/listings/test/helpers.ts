import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import {
  connectMongo,
  connectNats,
  createLogger,
  ensureStream,
  httpSessionChecker,
  listen,
  OutboxRelay,
  subscribeSessionRevocations,
  type NatsHandle,
  type RunningServer,
} from '@cp/service-kit';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { call, newUser, startIdentity, type IdentityHarness } from '../../identity/test/helpers.ts';
import { buildListingsApp } from '../src/app.ts';
import { startImageCleanup } from '../src/events/image-cleanup.ts';
import { s3ObjectStore, type ObjectStore } from '../src/storage/object-store.ts';
import type { ListingsDeps } from '../src/use-cases/deps.ts';

export { call, newUser };

/** The test infrastructure's S3 store: its uploads bucket, or `bucket`. */
export function testStore(bucket?: string): ObjectStore {
  const env = testEnv();
  return s3ObjectStore({
    endpoint: env.S3_ENDPOINT,
    port: Number(env.S3_PORT),
    useSSL: env.S3_USE_SSL === 'true',
    accessKey: env.S3_ACCESS_KEY,
    secretKey: env.S3_SECRET_KEY,
    region: env.S3_REGION,
    bucket: bucket ?? env.S3_BUCKET_UPLOADS,
  });
}

export interface ListingsHarness {
  base: string;
  identity: IdentityHarness;
  deps: ListingsDeps;
  conn: Connection;
  nats: NatsHandle;
  /** Registers a user at identity; returns the session cookie and the user's id. */
  newSession(): Promise<{ cookie: string; userId: string }>;
  close(): Promise<void>;
}

/**
 * The real identity app and the listings app side by side, on the real test MongoDB (a database each), NATS and
 * S3. Both run their outbox relays; listings checks sessions at identity over HTTP and listens for revocations.
 */
export async function startListings(opts: { sessionTtlMs?: number; maxPixels?: number; imageCleanup?: boolean } = {}): Promise<ListingsHarness> {
  const env = testEnv();
  const logger = createLogger('listings-test');
  const identity = await startIdentity();
  const nats = await connectNats({ url: env.NATS_URL, name: 'listings-test', logger });
  await ensureStream(nats.jsm, 'identity');
  await ensureStream(nats.jsm, 'listings');
  const identityRelay = new OutboxRelay({ connection: identity.conn, js: nats.js, logger, pollIntervalMs: 200 });
  identityRelay.start();

  const conn = await connectMongo(env.MONGO_URL, `listings_${randomUUID().slice(0, 8)}`);
  const sessions = httpSessionChecker({ identityUrl: identity.base, ttlMs: opts.sessionTtlMs ?? 10_000 });
  const revocations = subscribeSessionRevocations(nats.nc, sessions, logger);
  const { app, deps } = await buildListingsApp({
    conn,
    store: testStore(),
    logger,
    auth: { publicKey: identity.keys.publicKey, issuer: 'cp-identity', audience: 'cp-web', sessions },
    images: { maxPixels: opts.maxPixels ?? 50_000_000 },
  });
  const relay = new OutboxRelay({ connection: conn, js: nats.js, logger, pollIntervalMs: 200 });
  relay.start();
  // A durable of its own per harness: test files share the stream, never a consumer.
  const cleanup = opts.imageCleanup ? await startImageCleanup(deps, nats, `image-cleanup-test-${randomUUID().slice(0, 8)}`) : undefined;
  const server: RunningServer = await listen(app, 0, '127.0.0.1', logger);
  return {
    base: `http://127.0.0.1:${server.port}`,
    identity,
    deps,
    conn,
    nats,
    async newSession() {
      const res = await call(identity.base, 'POST', '/api/register', { body: newUser() });
      if (res.status !== 201 || !res.cookie) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { cookie: res.cookie, userId: res.body.id as string };
    },
    async close() {
      await server.close();
      revocations.stop();
      await cleanup?.stop();
      await relay.stop();
      await identityRelay.stop();
      await nats.close();
      await conn.dropDatabase();
      await conn.close();
      await identity.close();
    },
  };
}

/** A valid listing body (spec §5), with overrides. */
export function listingBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    category: 'Buy & Sell',
    title: 'Sofa set for sale',
    description: 'Three seater sofa in very good condition, pick up only.',
    location: 'Harrisburg PA',
    price: 200,
    tier: 'free',
    status: 'active',
    ...overrides,
  };
}

export async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
