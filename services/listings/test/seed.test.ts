import sharp from 'sharp';
import { DEMO_ACCOUNTS, LISTING_CATEGORIES, LISTING_REMINDER_DAYS, LISTING_TIERS, ListingSchema, listingMatchesFilters, LOCATIONS, type Listing } from '@cp/contracts';
import { outboxModel } from '@cp/service-kit';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { seedDemoData } from '../src/seed/seed.ts';
import { DEMO_LISTINGS } from '../src/seed/demo-listings.ts';
import { call, listingBody, startListings } from './helpers.ts';

const h = harnessForFile(startListings);

describe('demo data', () => {
  it('seeds an empty database with valid listings across every category, location and tier, with stored images', async () => {
    const first = await seedDemoData(h.deps);
    expect(first).toMatchObject({ seeded: true, listings: DEMO_LISTINGS.length });
    expect(DEMO_LISTINGS.length).toBeGreaterThanOrEqual(30);

    const list = (await call(h.base, 'GET', '/api/listings')).body as unknown as Listing[];
    expect(list).toHaveLength(DEMO_LISTINGS.length);
    for (const l of list) ListingSchema.parse(l);
    expect(new Set(list.map((l) => l.category))).toEqual(new Set(LISTING_CATEGORIES));
    expect(new Set(list.map((l) => l.location))).toEqual(new Set(LOCATIONS));
    expect(new Set(list.map((l) => l.tier))).toEqual(new Set(LISTING_TIERS));
    const events = list.filter((l) => l.category === 'Events');
    expect(events.every((l) => l.eventDate && l.venue && l.eventType)).toBe(true);
    expect(list.filter((l) => l.category !== 'Events').every((l) => !l.eventDate && !l.venue)).toBe(true);
    // Every demo job names its employer (the page's JobPosting); no other listing has one.
    const jobs = list.filter((l) => l.category === 'Jobs');
    expect(jobs.length).toBeGreaterThan(0);
    expect(jobs.every((l) => typeof l.employer === 'string' && l.employer.length >= 2)).toBe(true);
    expect(list.filter((l) => l.category !== 'Jobs').every((l) => l.employer === undefined)).toBe(true);
    // Issue 22: every demo listing expires; exactly one within the reminder window (its owner is reminded on npm start).
    const now = Date.now();
    expect(list.every((l) => l.expiresAt && Date.parse(l.expiresAt) > now)).toBe(true);
    expect(list.filter((l) => Date.parse(l.expiresAt!) <= now + LISTING_REMINDER_DAYS * 86_400_000)).toHaveLength(1);
    const times = list.map((l) => new Date(l.createdAt).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const urls = list.flatMap((l) => l.imageUrls);
    expect(urls.length).toBe(first.images);
    expect(urls.length).toBeGreaterThan(DEMO_LISTINGS.length);
    for (const url of urls.slice(0, 5)) {
      const res = await fetch(h.base + url);
      expect(res.status).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
    expect(await outboxModel(h.conn).countDocuments({ type: 'listings.listing-created' })).toBe(DEMO_LISTINGS.length);
    // One saved search of a demo member (issue 22 §3), and it matches a demo listing of someone else.
    const searches = await h.deps.savedSearches.model.find().lean().exec();
    expect(searches.map((s) => [s.userId, s.name, s.frequency, s.paused])).toEqual([[DEMO_ACCOUNTS.priya.id, 'Rooms in Mechanicsburg', 'instant', false]]);
    const matching = DEMO_LISTINGS.filter((l) => l.owner !== 'priya' && listingMatchesFilters({ ...l, price: l.price ?? null }, searches[0]!.filters));
    expect(matching.length).toBeGreaterThan(0);
  }, 120_000);

  it('is idempotent: a second run changes nothing', async () => {
    const again = await seedDemoData(h.deps);
    expect(again).toEqual({ seeded: false, listings: 0, images: 0 });
    expect(await h.deps.listings.model.countDocuments()).toBe(DEMO_LISTINGS.length);
    expect(await outboxModel(h.conn).countDocuments({ type: 'listings.listing-created' })).toBe(DEMO_LISTINGS.length);
  });

  it('is skipped when any listing exists', async () => {
    await h.deps.listings.model.deleteMany({});
    const { cookie } = await h.newSession();
    expect((await call(h.base, 'POST', '/api/listings', { cookie, body: listingBody() })).status).toBe(201);
    expect((await seedDemoData(h.deps)).seeded).toBe(false);
    expect(await h.deps.listings.model.countDocuments()).toBe(1);
  });
});
