import { randomBytes, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { ListingSchema, type Listing } from '@cp/contracts';
import { S3Env, s3ObjectStore, s3OptionsFrom, type NatsHandle, type ObjectStore, type PostingLimitOverrides } from '@cp/service-kit';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { call, newUser, startBehindIdentity, until, type IdentityHarness } from '../../identity/test/helpers.ts';
import { buildListingsApp } from '../src/app.ts';
import { imageCleanupConsumer } from '../src/events/image-cleanup.ts';
import type { ListingsDeps } from '../src/use-cases/deps.ts';

export { call, newUser, until };

/** The test infrastructure's S3 store: its uploads bucket, or `bucket`. */
export function testStore(bucket?: string): ObjectStore {
  const env = testEnv();
  return s3ObjectStore(s3OptionsFrom(S3Env.parse(env), bucket ?? env.S3_BUCKET_UPLOADS));
}

export interface ListingsHarness {
  base: string;
  identity: IdentityHarness;
  deps: ListingsDeps;
  conn: Connection;
  nats: NatsHandle;
  /** Registers a user at identity; returns the session cookie, the user's id and name (password: newUser's). */
  newSession(): Promise<{ cookie: string; userId: string; username: string }>;
  /** A registered user made an admin at identity. */
  newAdminSession(): Promise<{ cookie: string; userId: string; username: string }>;
  close(): Promise<void>;
}

/** The listing posting limit lifted: the tests' fresh accounts post far more than a person would (the limit's own test keeps it). */
export const LIFTED_LISTING_LIMIT: PostingLimitOverrides = { listing: { limit: 100_000, newAccountLimit: 100_000 } };

/**
 * The real identity app and the listings app side by side, on the real test MongoDB (a database each), NATS and
 * S3. Both run their outbox relays; listings checks sessions at identity over HTTP and listens for revocations.
 */
export async function startListings(
  opts: { sessionTtlMs?: number; maxPixels?: number; imageCleanup?: boolean; postingLimits?: PostingLimitOverrides; ttlDays?: number; now?: () => Date; linkSigningKey?: string } = {},
): Promise<ListingsHarness> {
  const base = await startBehindIdentity('listings', opts.sessionTtlMs !== undefined ? { sessionTtlMs: opts.sessionTtlMs } : {});
  const { app, deps } = await buildListingsApp({
    conn: base.conn,
    store: testStore(),
    logger: base.logger,
    auth: base.auth,
    images: { maxPixels: opts.maxPixels ?? 50_000_000 },
    postingLimits: opts.postingLimits ?? LIFTED_LISTING_LIMIT,
    linkSigningKey: opts.linkSigningKey ?? randomBytes(32).toString('base64url'),
    ...(opts.ttlDays ? { lifecycle: { ttlDays: opts.ttlDays } } : {}),
    ...(opts.now ? { now: opts.now } : {}),
  });
  // A durable of its own per harness: test files share the stream, never a consumer.
  const cleanup = opts.imageCleanup ? await imageCleanupConsumer.start(deps, base.nats, { durable: `image-cleanup-test-${randomUUID().slice(0, 8)}` }) : undefined;
  return {
    ...(await base.harness(app, deps)),
    async newSession() {
      const { cookie, userId, username } = await base.newSession();
      return { cookie, userId, username };
    },
    newAdminSession: () => base.newAdminSession(),
    close: () => base.close(...(cleanup ? [cleanup] : [])),
  };
}

let bodies = 0;

/**
 * A valid listing body (spec §5), with overrides. Each body's default description is its own (a number at its end): the
 * same user may not post the same title and description twice within a day (issue 21 §5, 409).
 */
export function listingBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  bodies += 1;
  return {
    category: 'Buy & Sell',
    title: 'Sofa set for sale',
    description: `Three seater sofa in very good condition, pick up only. Ref ${bodies}.`,
    location: 'Harrisburg PA',
    price: 200,
    tier: 'free',
    status: 'active',
    ...overrides,
  };
}


/** Posts a listing (listingBody with overrides) as the user of `cookie` and expects it created (201): the listing. */
export async function createListing(base: string, cookie: string, overrides: Record<string, unknown> = {}): Promise<Listing> {
  const res = await call(base, 'POST', '/api/listings', { cookie, body: listingBody(overrides) });
  expect(res.status).toBe(201);
  return ListingSchema.parse(res.body);
}
