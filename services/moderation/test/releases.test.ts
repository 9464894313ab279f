/**
 * Issue 35 §4: the admins' API of the releases by percentage, behind the real identity (admins checked on the server)
 * and on the test NATS (the releases bucket), with the live remotes stood in for.
 */
import { randomBytes } from 'node:crypto';
import { ReleasesListSchema, ReleaseSchema } from '@cp/contracts';
import { openReleases, readRelease } from '@cp/service-kit';
import { call, startModeration, type ModerationHarness } from './helpers.ts';

describe('the releases admin API', () => {
  let h: ModerationHarness;
  const remote = `r${randomBytes(6).toString('hex')}`;
  const live = new Map([[remote, { versions: [{ version: 'v1', instances: 2 }, { version: 'v2', instances: 1 }] }]]);
  beforeAll(async () => {
    h = await startModeration({ releases: { bucket: () => openReleases(h.nats.nc), liveRemotes: () => live } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('is for admins only: 401 signed out, 403 for a member', async () => {
    expect((await call(h.base, 'GET', '/api/admin/releases')).status).toBe(401);
    const member = await h.newSession();
    expect((await call(h.base, 'GET', '/api/admin/releases', { cookie: member.cookie })).status).toBe(403);
    expect((await call(h.base, 'POST', `/api/admin/releases/${remote}`, { cookie: member.cookie, body: { version: 'v2', percent: 50 } })).status).toBe(403);
  });

  it('an admin sends a share of the visitors to a live version, and sees it listed', async () => {
    const admin = await h.newAdminSession();
    const set = await call(h.base, 'POST', `/api/admin/releases/${remote}`, { cookie: admin.cookie, body: { version: 'v2', percent: 50 } });
    expect(set.status).toBe(200);
    const release = ReleaseSchema.parse(set.body);
    expect(release).toEqual(expect.objectContaining({ remote, stable: 'v1', candidate: 'v2', percent: 50, state: 'active', by: `admin:${admin.userId}` }));
    expect((await readRelease(await openReleases(h.nats.nc), remote))?.release).toEqual(release);
    const list = ReleasesListSchema.parse((await call(h.base, 'GET', '/api/admin/releases', { cookie: admin.cookie })).body);
    expect(list.remotes.find((r) => r.remote === remote)).toEqual({ remote, versions: live.get(remote)!.versions, release });
  });

  it('refuses bad input with JSON errors: a forged version 409, an unknown remote 404, a bad body 400', async () => {
    const admin = await h.newAdminSession();
    const forged = await call(h.base, 'POST', `/api/admin/releases/${remote}`, { cookie: admin.cookie, body: { version: 'v9', percent: 50 } });
    expect(forged.status).toBe(409);
    expect(forged.body).toEqual(expect.objectContaining({ error: expect.stringContaining('v9') }));
    expect((await call(h.base, 'POST', '/api/admin/releases/nosuchremote', { cookie: admin.cookie, body: { version: 'v2', percent: 50 } })).status).toBe(404);
    expect((await call(h.base, 'POST', '/api/admin/releases/Bad!Name', { cookie: admin.cookie, body: { version: 'v2', percent: 50 } })).status).toBe(404);
    for (const body of [{ version: 'v2', percent: 101 }, { version: 'v2' }, { version: 'v2', percent: 5, extra: true }]) {
      const bad = await call(h.base, 'POST', `/api/admin/releases/${remote}`, { cookie: admin.cookie, body });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
    }
    // 0 % stops it; the stable version serves everybody again.
    const stop = await call(h.base, 'POST', `/api/admin/releases/${remote}`, { cookie: admin.cookie, body: { version: 'v2', percent: 0 } });
    expect(stop.body).toEqual(expect.objectContaining({ state: 'stopped', percent: 0 }));
  });
});
