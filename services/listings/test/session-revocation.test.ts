import { randomUUID } from 'node:crypto';
import { call, listingBody, startListings, until, type ListingsHarness } from './helpers.ts';

// Issue 2's open point, across two real services: a logout at identity ends the session at listings at once —
// through the identity.session-revoked event over NATS, not by waiting for listings' session cache to expire.
let h: ListingsHarness;
beforeAll(async () => {
  // An hour of session caching: only the revocation event can make listings forget the session during this test.
  h = await startListings({ sessionTtlMs: 60 * 60 * 1000 });
});
afterAll(async () => {
  await h?.close();
});

it('a cookie logged out at identity is refused by listings (401) without waiting for the cache', async () => {
  const { cookie } = await h.newSession();
  const created = await call(h.base, 'POST', '/api/listings', { cookie, body: listingBody() });
  expect(created.status).toBe(201); // listings has now cached "session active"

  // An authenticated request that changes nothing: 404 while the session lives, 401 once it is revoked.
  const probe = () => call(h.base, 'PUT', `/api/listings/${randomUUID()}`, { cookie, body: { title: 'Probe title' } });
  expect((await probe()).status).toBe(404);

  const logout = await call(h.identity.base, 'POST', '/api/logout', { cookie });
  expect(logout.status).toBe(200);
  expect((await call(h.identity.base, 'GET', '/api/auth/user', { cookie })).body).toBeNull();

  await until('listings refuses the revoked session', async () => (await probe()).status === 401);
  const after = await call(h.base, 'POST', '/api/listings', { cookie, body: listingBody() });
  expect(after.status).toBe(401);
  expect((await call(h.base, 'DELETE', `/api/listings/${created.body.id as string}`, { cookie })).status).toBe(401);
});
