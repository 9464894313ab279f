import { randomUUID } from 'node:crypto';
import { AdvertisementSchema, VISITOR_HEADER } from '@cp/contracts';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { adBody, BROWSER, call, newVisitor, startAds, until, type AdsHarness } from './helpers.ts';

type Session = Awaited<ReturnType<AdsHarness['newSession']>>;
const h = harnessForFile(startAds);
let admin: Session;
let user: Session;

beforeAll(async () => {
  admin = await h.newAdminSession();
  user = await h.newSession();
});

const create = (body: unknown, cookie: string | null = admin.cookie) => call(h.base, 'POST', '/api/advertisements', { body, cookie: cookie ?? undefined });
const update = (id: string, body: unknown, cookie: string | null = admin.cookie) => call(h.base, 'PUT', `/api/advertisements/${id}`, { body, cookie: cookie ?? undefined });
const remove = (id: string, cookie: string | null = admin.cookie) => call(h.base, 'DELETE', `/api/advertisements/${id}`, { cookie: cookie ?? undefined });
const list = async (query = '', cookie?: string) => (await call(h.base, 'GET', `/api/advertisements${query}`, { cookie })).body as unknown as Array<{ id: string; status: string }>;
/** An impression or a click; each from a visitor of its own unless a cookie is given. */
const send = (id: string, kind: 'impression' | 'click', ua = BROWSER, visitor = newVisitor()) => call(h.base, 'POST', `/api/advertisements/${id}/${kind}`, { headers: { 'user-agent': ua, [VISITOR_HEADER]: visitor } });
const newAd = async (overrides: Record<string, unknown> = {}) => {
  const res = await create(adBody(overrides));
  expect(res.status).toBe(201);
  return AdvertisementSchema.parse(res.body);
};
const stored = (id: string) => h.deps.ads.findById(id);
const day = 86_400_000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

describe('POST /api/advertisements (admins only, enforced here)', () => {
  it('creates an ad with the §5 defaults and server-set id, counters and times', async () => {
    const res = await create({ title: 'Tiffin service', description: 'Home-style lunch boxes.', ctaText: 'Order', ctaUrl: 'https://tiffin.example' });
    expect(res.status).toBe(201);
    expect(AdvertisementSchema.parse(res.body)).toMatchObject({ placement: 'homepage-top', size: 'large', pricingTier: 'banner', status: 'active', impressions: 0, clicks: 0, imageUrl: null, startDate: null, endDate: null });
  });

  it('answers 401 logged out and 403 for a user who is not an admin, storing nothing', async () => {
    const before = await h.deps.ads.model.countDocuments();
    expect((await create(adBody(), null)).status).toBe(401);
    const forbidden = await create(adBody(), user.cookie);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toEqual(expect.any(String));
    expect(await h.deps.ads.model.countDocuments()).toBe(before);
  });

  it.each([
    ['title missing', { title: undefined }, 'Title is required'],
    ['description blank', { description: '  ' }, 'Description is required'],
    ['CTA text missing', { ctaText: undefined }, 'Call-to-action text is required'],
    ['a javascript: CTA URL', { ctaUrl: 'javascript:alert(1)' }, 'Please enter a valid URL'],
    ['a data: image', { imageUrl: 'data:image/png;base64,AAAA' }, 'Please enter a valid image URL (http or https)'],
    ['an end before the start', { startDate: iso(2 * day), endDate: iso(day) }, 'End date must be after the start date'],
    // 10:00+05:00 is 05:00Z, before 08:00Z, although the string sorts after it.
    ['an end before the start in another offset', { startDate: '2030-01-01T08:00:00Z', endDate: '2030-01-01T10:00:00+05:00' }, 'End date must be after the start date'],
    ['an unknown placement', { placement: 'popup' }, expect.any(String)],
  ])('refuses %s with a clear message', async (_label, override, message) => {
    const res = await create(adBody(override));
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(message);
  });

  it('accepts dates in different offsets compared as instants, and stores them as instants', async () => {
    // 08:00+05:00 is 03:00Z, before 05:00Z, although the string sorts after it.
    const ad = await newAd({ startDate: '2030-01-01T08:00:00+05:00', endDate: '2030-01-01T05:00:00Z' });
    expect(ad).toMatchObject({ startDate: '2030-01-01T03:00:00.000Z', endDate: '2030-01-01T05:00:00.000Z' });
    const edited = await update(ad.id, adBody({ startDate: '2030-01-01T05:00:00Z', endDate: '2030-01-01T10:00:00+05:00' }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ startDate: '2030-01-01T05:00:00.000Z', endDate: '2030-01-01T05:00:00.000Z' });
  });

  it.each([['id', randomUUID()], ['impressions', 1e6], ['clicks', 5], ['createdAt', iso(0)], ['updatedAt', iso(0)]])('refuses a body that sets %s (400)', async (field, value) => {
    const before = await h.deps.ads.model.countDocuments();
    expect((await create(adBody({ [field]: value }))).status).toBe(400);
    expect(await h.deps.ads.model.countDocuments()).toBe(before);
  });
});

describe('PUT and DELETE /api/advertisements/:id', () => {
  it('an admin edits an ad (counters stay) and deletes it; others cannot', async () => {
    const ad = await newAd();
    await h.deps.ads.model.updateOne({ _id: ad.id }, { $set: { impressions: 10, clicks: 2 } });
    expect((await update(ad.id, adBody({ title: 'Hijacked' }), null)).status).toBe(401);
    expect((await update(ad.id, adBody({ title: 'Hijacked' }), user.cookie)).status).toBe(403);
    expect((await remove(ad.id, user.cookie)).status).toBe(403);
    const res = await update(ad.id, adBody({ title: 'Paused for now', status: 'paused' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ad.id, title: 'Paused for now', status: 'paused', impressions: 10, clicks: 2, createdAt: ad.createdAt });
    expect((await update(randomUUID(), adBody())).status).toBe(404);
    expect((await update(ad.id, adBody({ ctaUrl: 'ftp://x.example' }))).status).toBe(400);
    expect((await remove(ad.id)).status).toBe(204);
    expect(await stored(ad.id)).toBeNull();
    const again = await remove(ad.id);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe('Advertisement not found');
  });
});

describe('GET /api/advertisements', () => {
  it('visitors get active ads inside their dates only, whatever they ask for; admins get every ad, an ended one as expired', async () => {
    const active = await newAd({ title: 'Active now' });
    const paused = await newAd({ title: 'Paused', status: 'paused' });
    const future = await newAd({ title: 'Starts tomorrow', startDate: iso(day) });
    const ended = await newAd({ title: 'Ended yesterday', startDate: iso(-3 * day), endDate: iso(-day) });
    const running = await newAd({ title: 'Running', startDate: iso(-day), endDate: iso(day), placement: 'homepage-middle' });
    for (const cookie of [undefined, user.cookie]) {
      for (const q of ['', '?status=paused', '?status=expired']) {
        const ids = (await list(q, cookie)).map((a) => a.id);
        expect(ids).toEqual(expect.arrayContaining([active.id, running.id]));
        for (const hidden of [paused.id, future.id, ended.id]) expect(ids).not.toContain(hidden);
      }
    }
    expect((await list('?placement=homepage-middle')).map((a) => a.id)).toContain(running.id);
    expect((await list('?placement=homepage-middle')).map((a) => a.id)).not.toContain(active.id);
    const all = await list('', admin.cookie);
    expect(all.find((a) => a.id === ended.id)).toMatchObject({ status: 'expired', storedStatus: 'active' });
    expect(all.find((a) => a.id === paused.id)).toMatchObject({ status: 'paused', storedStatus: 'paused' });
    expect((await list('?status=expired', admin.cookie)).map((a) => a.id)).toContain(ended.id);
    expect((await list('?status=expired', admin.cookie)).map((a) => a.id)).not.toContain(active.id);
  });

  it.each(['?placement[$ne]=x', '?status=deleted', '?placement=a&placement=b', '?where=1'])('answers 400 to the query %s', async (q) => {
    const res = await call(h.base, 'GET', `/api/advertisements${q}`);
    expect(res.status).toBe(400);
  });
});

describe('impressions and clicks', () => {
  it('are accepted once JetStream stored them and counted by the counter; bots answered but not counted; unknown ads 404', async () => {
    const ad = await newAd();
    for (let i = 0; i < 5; i += 1) expect((await send(ad.id, 'impression')).status).toBe(202);
    for (let i = 0; i < 3; i += 1) expect((await send(ad.id, 'click')).body).toEqual({ counted: true });
    for (const bot of ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'curl/8.5.0', '']) expect((await send(ad.id, 'click', bot)).body).toEqual({ counted: false });
    await until('counted', async () => (await stored(ad.id))?.clicks === 3 && (await stored(ad.id))?.impressions === 5);
    await new Promise((r) => setTimeout(r, 500));
    expect(await stored(ad.id)).toMatchObject({ impressions: 5, clicks: 3, impressionsFiltered: 0, clicksFiltered: 0 });
    for (const bad of [randomUUID(), 'not-an-id', '..%2f..%2finternal']) {
      const res = await send(bad, 'click');
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Advertisement not found');
    }
  });

  it('counts exactly under 200 concurrent clicks of 200 visitors', async () => {
    const ad = await newAd();
    const answers = await Promise.all(Array.from({ length: 200 }, () => send(ad.id, 'click')));
    expect(answers.every((a) => a.status === 202)).toBe(true);
    await until('200 clicks counted', async () => (await stored(ad.id))?.clicks === 200);
    await new Promise((r) => setTimeout(r, 500));
    expect(await stored(ad.id)).toMatchObject({ clicks: 200, clicksFiltered: 0 });
  });
});
