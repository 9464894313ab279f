import { randomUUID } from 'node:crypto';
import { AD_PLACEMENTS, AdvertisementPageSchema, FULL_LIST_MAX, LIST_PAGE_SIZES } from '@cp/contracts';
import { walkPages } from '../../../packages/service-kit/test/support/walk-pages.ts';
import { call, startAds, type AdsHarness } from './helpers.ts';

/**
 * Issue 24 §2: the ads list is bounded, for visitors (what they may see) and for admins (every ad, by shown status).
 * The ads are written straight into this harness's database; the reading is all through HTTP.
 */
let h: AdsHarness;
let adminCookie = '';
const ADS = FULL_LIST_MAX + 60;
const now = Date.now();
interface Row {
  _id: string;
  status: 'active' | 'paused' | 'expired';
  placement: (typeof AD_PLACEMENTS)[number];
  startDate: Date | null;
  endDate: Date | null;
  createdAt: Date;
}
let rows: Row[] = [];

const order = (a: Row, b: Row) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);
const ids = (keep: (r: Row) => boolean) => rows.filter(keep).sort(order).map((r) => r._id);
const shows = (r: Row) => r.status === 'active' && (!r.startDate || r.startDate.getTime() <= now) && (!r.endDate || r.endDate.getTime() >= now);
const shownStatus = (r: Row) => (r.endDate && r.endDate.getTime() < now ? 'expired' : r.status);

beforeAll(async () => {
  h = await startAds();
  adminCookie = (await h.newAdminSession()).cookie;
  const day = 86_400_000;
  const docs = Array.from({ length: ADS }, (_, i) => ({
    _id: randomUUID(),
    title: `Ad ${i}`,
    description: 'An ad for the paging test.',
    imageUrl: null,
    ctaText: 'Go',
    ctaUrl: 'https://example.com',
    placement: AD_PLACEMENTS[i % AD_PLACEMENTS.length]!,
    size: 'large' as const,
    pricingTier: null,
    status: (['active', 'active', 'paused', 'expired'] as const)[i % 4]!,
    impressions: 0,
    clicks: 0,
    startDate: i % 9 === 0 ? new Date(now + day) : null,
    // Every 5th ends in the past (shows as expired), some in the future.
    endDate: i % 5 === 0 ? new Date(now - day) : i % 5 === 1 ? new Date(now + 30 * day) : null,
    createdAt: new Date(now - 10 * day + Math.floor(i / 4) * 1000),
    updatedAt: new Date(now - 10 * day),
  }));
  await h.conn.collection('advertisements').insertMany(docs as never[]);
  rows = docs;
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const page = (b: unknown) => AdvertisementPageSchema.parse(b);

describe('GET /api/advertisements: bounded, paged with a cursor', () => {
  it('a visitor walks exactly the ads they may see, each once, newest first', async () => {
    const walked = await walkPages(h.base, '/api/advertisements?limit=100', page);
    expect(walked.ids).toEqual(ids(shows));
    const top = await walkPages(h.base, '/api/advertisements?placement=homepage-top&limit=33', page);
    expect(top.ids).toEqual(ids((r) => shows(r) && r.placement === 'homepage-top'));
  });

  it('an admin walks every ad, and the ads of each shown status, each once', async () => {
    const headers = { cookie: adminCookie };
    expect((await walkPages(h.base, '/api/advertisements?limit=100', page, headers)).ids).toEqual(ids(() => true));
    for (const status of ['active', 'paused', 'expired'] as const) {
      const walked = await walkPages(h.base, `/api/advertisements?status=${status}&limit=100`, page, headers);
      expect([status, walked.ids]).toEqual([status, ids((r) => shownStatus(r) === status)]);
    }
  });

  it('the bare list (no limit, no cursor) stops at FULL_LIST_MAX and names the rest in Link rel=next', async () => {
    const res = await call(h.base, 'GET', '/api/advertisements', { cookie: adminCookie });
    const list = res.body as unknown as Array<{ id: string }>;
    expect(list.map((a) => a.id)).toEqual(ids(() => true).slice(0, FULL_LIST_MAX));
    const next = /^<([^>]+)>; rel="next"$/.exec(res.headers.get('link') ?? '')![1]!;
    const rest = await walkPages(h.base, next, page, { cookie: adminCookie });
    expect([...list.map((a) => a.id), ...rest.ids]).toEqual(ids(() => true));
  });

  it('refuses a limit past the max, a bad cursor and an unknown parameter with 400 { error }', async () => {
    for (const query of [`limit=${LIST_PAGE_SIZES.advertisements.max + 1}`, 'limit=0', 'cursor=%20', `cursor=${Buffer.from('["x","y"]').toString('base64url')}`, 'offset=5']) {
      const res = await call(h.base, 'GET', `/api/advertisements?${query}`);
      expect([query, res.status]).toEqual([query, 400]);
      expect(typeof res.body.error).toBe('string');
    }
  });
});
