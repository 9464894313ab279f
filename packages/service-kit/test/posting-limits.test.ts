import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { POSTING_LIMIT_DEFAULTS } from '@cp/contracts';
import { connectMongo, createPostingLimits, HttpError, loadConfig, PostingLimitsEnv, postingLimitsEnv, runInTransaction, waitText, type AuthUser } from '../src/index.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';

let conn: Connection;
const DAY = 24 * 3_600_000;

beforeAll(async () => {
  conn = await connectMongo(testEnv().MONGO_URL, `kit_limits_${randomUUID().slice(0, 8)}`);
});
afterAll(async () => {
  await conn?.dropDatabase();
  await conn?.close();
});

function userAged(ms: number, at: Date): AuthUser {
  return { id: randomUUID(), sid: randomUUID(), isAdmin: false, username: 'asha', emailVerified: true, createdAt: new Date(at.getTime() - ms).toISOString() };
}

async function refusal(p: Promise<unknown>): Promise<HttpError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(err instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(err)}`);
  return err;
}

describe('posting limits', () => {
  it('lets an established account post up to the limit in the window, then answers 429 saying when it can post again', async () => {
    let clock = new Date('2026-11-26T10:00:00Z');
    const limits = createPostingLimits(conn, { now: () => clock });
    await limits.init();
    const user = userAged(10 * DAY, clock);
    for (let i = 0; i < POSTING_LIMIT_DEFAULTS.listing.limit; i++) {
      await limits.take(user, 'listing');
      clock = new Date(clock.getTime() + 60_000);
    }
    const err = await refusal(limits.take(user, 'listing'));
    expect(err.status).toBe(429);
    // The first post was 10 minutes ago: its slot frees 24 h after it, 23 h 50 min from now.
    expect(err.message).toBe('You can post up to 10 listings a day. You can post again in about 24 hours.');
    expect(err.details).toEqual({ retryAt: '2026-11-27T10:00:00.000Z' });
    expect(err.headers).toEqual({ 'Retry-After': String(24 * 3600 - 600) });
    // Other actions and other users are counted apart.
    await limits.take(user, 'forum-post');
    await limits.take(userAged(10 * DAY, clock), 'listing');
    // Once the oldest post leaves the window, one more is allowed (a sliding window, not a calendar day).
    clock = new Date('2026-11-27T10:00:00.001Z');
    await limits.take(user, 'listing');
    await expect(limits.take(user, 'listing')).rejects.toThrow(/You can post again in 1 minute\./);
  });

  it('gives accounts younger than 24 hours the tighter limit, and says so', async () => {
    const clock = new Date('2026-11-26T10:00:00Z');
    const limits = createPostingLimits(conn, { now: () => clock });
    const user = userAged(3_600_000, clock);
    for (let i = 0; i < POSTING_LIMIT_DEFAULTS['forum-reply'].newAccountLimit; i++) await limits.take(user, 'forum-reply');
    const err = await refusal(limits.take(user, 'forum-reply'));
    expect(err.message).toBe('New accounts (for their first 24 hours) can post up to 20 replies an hour. You can post again in about 1 hour.');
    // The same account a day later has the normal limit (60 replies an hour): its older replies still count.
    const older = createPostingLimits(conn, { now: () => new Date(clock.getTime() + 30 * 60_000) });
    await older.take({ ...user, createdAt: new Date(clock.getTime() - DAY - 1).toISOString() }, 'forum-reply');
    // An account whose age is unknown counts as new.
    const unknownAge: AuthUser = { id: randomUUID(), sid: randomUUID(), isAdmin: false };
    for (let i = 0; i < POSTING_LIMIT_DEFAULTS.review.newAccountLimit; i++) await limits.take(unknownAge, 'review');
    await expect(limits.take(unknownAge, 'review')).rejects.toThrow(/^New accounts/);
  });

  it('holds across replicas: of many posts at once through two instances, exactly the limit get in', async () => {
    const at = new Date();
    const second = await connectMongo(testEnv().MONGO_URL, conn.name);
    try {
      const a = createPostingLimits(conn, { overrides: { report: { limit: 5 } } });
      const b = createPostingLimits(second, { overrides: { report: { limit: 5 } } });
      const user = userAged(10 * DAY, at);
      const results = await Promise.allSettled(Array.from({ length: 16 }, (_, i) => (i % 2 ? a : b).take(user, 'report')));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
      expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof HttpError && r.reason.status === 429)).toHaveLength(11);
    } finally {
      await second.close();
    }
  });

  it('gives the slot back when the write it guarded fails; keeps it when the write is done', async () => {
    const limits = createPostingLimits(conn, { overrides: { listing: { limit: 1, newAccountLimit: 1 } } });
    await limits.init();
    const user = userAged(10 * DAY, new Date());
    await expect(
      limits.run(user, 'listing', () =>
        runInTransaction(conn, async () => {
          throw new Error('the listing could not be stored');
        }),
      ),
    ).rejects.toThrow('the listing could not be stored');
    await expect(limits.run(user, 'listing', async () => 'stored')).resolves.toBe('stored');
    await expect(limits.run(user, 'listing', async () => 'again')).rejects.toThrow(/up to 1 listings a day/);
  });

  it('reads overrides from POSTING_LIMITS and refuses a bad one at start', () => {
    expect(loadConfig(PostingLimitsEnv, { POSTING_LIMITS: '{"listing":{"limit":5,"windowHours":12}}' }).POSTING_LIMITS).toEqual({ listing: { limit: 5, windowHours: 12 } });
    expect(loadConfig(PostingLimitsEnv, {}).POSTING_LIMITS).toEqual({});
    expect(() => loadConfig(PostingLimitsEnv, { POSTING_LIMITS: '{"listing":' })).toThrow(/must be a JSON object/);
    expect(() => loadConfig(PostingLimitsEnv, { POSTING_LIMITS: '{"posts":{"limit":5}}' })).toThrow();
    expect(() => loadConfig(PostingLimitsEnv, { POSTING_LIMITS: '{"listing":{"limit":0}}' })).toThrow();
    const limits = createPostingLimits(conn, { overrides: { listing: { limit: 2 } } });
    expect(limits.limits.listing).toEqual({ limit: 2, newAccountLimit: 2, windowHours: 24, noun: 'listings' });
  });

  it('counts a service\'s own action beside the site\'s: its limits, its noun in the 429, its overrides in POSTING_LIMITS', async () => {
    const own = { action: 'event-answer', limit: 3, newAccountLimit: 2, windowHours: 1, noun: 'answers to events' } as const;
    const Env = postingLimitsEnv([own]);
    const overrides = loadConfig(Env, { POSTING_LIMITS: '{"event-answer":{"newAccountLimit":1},"listing":{"limit":4}}' }).POSTING_LIMITS;
    expect(overrides).toEqual({ 'event-answer': { newAccountLimit: 1 }, listing: { limit: 4 } });
    // Another service, without that action, refuses the override (an unknown action stops the start).
    expect(() => loadConfig(PostingLimitsEnv, { POSTING_LIMITS: '{"event-answer":{"limit":1}}' })).toThrow(/POSTING_LIMITS/);
    const limits = createPostingLimits<'event-answer' | 'listing'>(conn, { overrides, own: [own] });
    await limits.init();
    expect(limits.limits['event-answer']).toEqual({ limit: 3, newAccountLimit: 1, windowHours: 1, noun: 'answers to events' });
    expect(limits.limits.listing.limit).toBe(4);
    const newcomer = userAged(60_000, new Date());
    await limits.take(newcomer, 'event-answer');
    const refused = await refusal(limits.take(newcomer, 'event-answer'));
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/^New accounts \(for their first 24 hours\) can post up to 1 answers to events an hour\. You can post again in (about 1 hour|59 minutes)\.$/);
    // The site's actions keep their own windows.
    await expect(limits.take(newcomer, 'listing')).resolves.toBeDefined();
    // An action declared twice is a mistake of the service's, found at start.
    expect(() => createPostingLimits(conn, { own: [{ ...own, action: 'listing' }] })).toThrow(/declared twice/);
  });

  it('words the wait for people', () => {
    expect(waitText(1)).toBe('in 1 minute');
    expect(waitText(14 * 60_000)).toBe('in 14 minutes');
    expect(waitText(61 * 60_000)).toBe('in about 2 hours');
    expect(waitText(3 * DAY)).toBe('in about 3 days');
  });
});
