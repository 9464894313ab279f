import { POSTING_LIMIT_DEFAULTS } from '@cp/contracts';
import { makeKeys } from '../../identity/test/helpers.ts';
import { loadDirectoryConfig } from '../src/config.ts';
import { businessBody, call, DAY_MS, startDirectory, type DirectoryHarness, type Session } from './helpers.ts';

// The directory with the contracts' default limits.
let h: DirectoryHarness;
let admin: Session;
beforeAll(async () => {
  h = await startDirectory({ postingLimits: {} });
  admin = await h.newAdminSession();
});
afterAll(async () => {
  await h?.close();
});

const newBusinesses = async (n: number) => {
  const ids: string[] = [];
  for (let i = 0; i < n; i += 1) {
    const res = await call(h.base, 'POST', '/api/admin/businesses', { body: businessBody({ name: `Business ${i}` }), cookie: admin.cookie });
    expect(res.status).toBe(201);
    ids.push(res.body.id as string);
  }
  return ids;
};
const review = (businessId: string, who: Session, rating = 4) => call(h.base, 'POST', `/api/businesses/${businessId}/reviews`, { body: { rating }, cookie: who.cookie });

describe('posting limits (issue 21 §5)', () => {
  it('lets an account a day old write 20 reviews a day, then answers 429 saying when it can post again', async () => {
    const asha = await h.newVerifiedSession();
    h.clock.set(DAY_MS + 60_000); // the directory (and its limits) see the account from a day later
    try {
      const allowed = POSTING_LIMIT_DEFAULTS.review.limit;
      const ids = await newBusinesses(allowed + 1);
      for (const id of ids.slice(0, allowed)) expect((await review(id, asha)).status).toBe(201);
      const refused = await review(ids[allowed]!, asha);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe(`You can post up to ${allowed} reviews a day. You can post again in about 24 hours.`);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
      expect(await h.deps.reviews.model.countDocuments({ userId: asha.userId })).toBe(allowed);
    } finally {
      h.clock.set(0);
    }
  });

  it('gives a new account 5 reviews a day (held ones count); a refused review gives its slot back', async () => {
    const ravi = await h.newVerifiedSession();
    const allowed = POSTING_LIMIT_DEFAULTS.review.newAccountLimit;
    const ids = await newBusinesses(allowed + 1);
    expect((await review(ids[0]!, ravi)).status).toBe(201);
    expect((await review(ids[0]!, ravi)).status).toBe(409); // a second review of the same business: no slot taken
    for (const id of ids.slice(1, allowed)) expect((await review(id, ravi)).status).toBe(201);
    const refused = await review(ids[allowed]!, ravi);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(`New accounts (for their first 24 hours) can post up to ${allowed} reviews a day. You can post again in about 24 hours.`);
  });

  it('reads POSTING_LIMITS overrides from the environment, and refuses bad ones at start', () => {
    const base = { IDENTITY_URL: 'http://127.0.0.1:4001', JWT_PUBLIC_KEY: makeKeys().publicKey, MONGO_URL: 'mongodb://127.0.0.1:27017', NATS_URL: 'nats://127.0.0.1:4222' };
    expect(loadDirectoryConfig(base).POSTING_LIMITS).toEqual({});
    expect(loadDirectoryConfig({ ...base, POSTING_LIMITS: '{"review":{"newAccountLimit":2}}' }).POSTING_LIMITS).toEqual({ review: { newAccountLimit: 2 } });
    expect(() => loadDirectoryConfig({ ...base, POSTING_LIMITS: '{"reviews":{"limit":2}}' })).toThrow(/POSTING_LIMITS/);
  });
});
