import { MODERATION_MESSAGES, POSTING_LIMIT_DEFAULTS } from '@cp/contracts';
import { call, listingBody, newUser, startListings, type ListingsHarness } from './helpers.ts';

/** The listing posting limit (issue 21 §5) with the contracts' defaults: 3 a day for a new account, 10 after a day. */
let h: ListingsHarness;
beforeAll(async () => {
  h = await startListings({ postingLimits: {} });
});
afterAll(async () => {
  await h?.close();
});

const post = (cookie: string, n: number) => call(h.base, 'POST', '/api/listings', { cookie, body: listingBody({ title: `Limited listing number ${n}` }) });
const { limit, newAccountLimit } = POSTING_LIMIT_DEFAULTS.listing;

it('refuses a new account its fourth listing of the day with 429, Retry-After and when it can post again', async () => {
  const { cookie } = await h.newSession();
  for (let n = 1; n <= newAccountLimit; n++) expect((await post(cookie, n)).status).toBe(201);
  const refused = await call(h.base, 'POST', '/api/listings', { cookie, body: listingBody({ title: 'One listing too many' }) });
  expect(refused.status).toBe(429);
  expect(refused.body.error).toBe(`New accounts (for their first 24 hours) can post up to ${newAccountLimit} listings a day. You can post again in about 24 hours.`);
  expect(refused.body.code).toBe('POSTING_LIMIT');
  const res = await fetch(`${h.base}/api/listings`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(listingBody({ title: 'Still one too many' })) });
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
});

it('gives a refused duplicate its slot back (the 409 aborts the transaction that took it)', async () => {
  const { cookie } = await h.newSession();
  const same = listingBody({ title: 'A listing posted twice', description: 'Exactly the same words, posted a second time by mistake.' });
  expect((await call(h.base, 'POST', '/api/listings', { cookie, body: same })).status).toBe(201);
  const again = await call(h.base, 'POST', '/api/listings', { cookie, body: same });
  expect(again.status).toBe(409);
  expect(again.body.error).toBe(MODERATION_MESSAGES.duplicateListing);
  for (let n = 2; n <= newAccountLimit; n++) expect((await post(cookie, n)).status).toBe(201);
  expect((await post(cookie, newAccountLimit + 1)).status).toBe(429);
});

it(`lets an account older than a day post ${limit} a day`, async () => {
  const user = await h.newSession();
  // The account as identity stores it, made two days old; a new login's session answer carries that age.
  await h.identity.conn.collection('users').updateOne({ _id: user.userId } as never, { $set: { createdAt: new Date(Date.now() - 48 * 3_600_000) } });
  const login = await call(h.identity.base, 'POST', '/api/local-login', { body: { username: user.username, password: newUser().password } });
  expect(login.status).toBe(200);
  const cookie = login.cookie!;
  for (let n = 1; n <= limit; n++) expect((await post(cookie, n)).status).toBe(201);
  const refused = await post(cookie, limit + 1);
  expect(refused.status).toBe(429);
  expect(refused.body.error).toBe(`You can post up to ${limit} listings a day. You can post again in about 24 hours.`);
});
