import { LISTING_CATEGORIES, LISTING_TIERS, LOCATIONS, listingMatchesFilters, PRICE_BUCKET_IDS, type Listing, type ListingCategory, type ListingFilterValues, type PriceBucketId } from '@cp/contracts';
import { filterListings, NO_FILTERS } from '../../../mf-listings/src/lib/listing-filters.ts';
import { call, startListings, type ListingsHarness } from './helpers.ts';

let h: ListingsHarness;
let all: Listing[];

/** Deterministic pseudo-random choices, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}
const pick = <T>(r: () => number, items: readonly T[]): T => items[Math.floor(r() * items.length)]!;

const WORDS = ['Sofa', 'SOFA', 'sofa', 'table', 'Room', 'rent', 'C++', 'tutor', '(new)', '$100', 'a.b', 'x*y', 'Café', 'ÉCOLE', 'Straße', 'naïve', 'Diwali', 'dīyā', '[deal]', 'back\\slash', 'Harrisburg', 'q?'];
const PRICES = [undefined, 0, 1, 49, 50, 51, 99, 100, 101, 499, 500, 999, 1000, 1001, 25_000];

/** A varied data set through the real API: every category, location, tier, price bucket edge, case and regex metacharacter. */
async function seedVaried(count: number): Promise<void> {
  const r = rng(42);
  const owners = [await h.newSession(), await h.newSession(), await h.newSession()];
  for (let i = 0; i < count; i += 1) {
    const title = `${pick(r, WORDS)} ${pick(r, WORDS)} ${i}`;
    const description = `Listing number ${i}: ${pick(r, WORDS)} and ${pick(r, WORDS)} near ${pick(r, LOCATIONS)}, ${pick(r, WORDS).toUpperCase()}.`;
    const price = PRICES[i % PRICES.length];
    const res = await call(h.base, 'POST', '/api/listings', {
      cookie: pick(r, owners).cookie,
      body: { category: pick(r, LISTING_CATEGORIES), title, description, location: LOCATIONS[i % LOCATIONS.length], tier: pick(r, LISTING_TIERS), status: 'active', ...(price !== undefined ? { price } : {}) },
    });
    if (res.status !== 201) throw new Error(`seed failed: ${JSON.stringify(res.body)}`);
  }
}

beforeAll(async () => {
  h = await startListings();
  await seedVaried(160);
  all = (await call(h.base, 'GET', '/api/listings')).body as unknown as Listing[];
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** Every page of a server-side query, concatenated. */
async function serverResults(filters: ListingFilterValues, extra: Record<string, string> = {}): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let total = -1;
  for (let page = 1; page < 100; page += 1) {
    const params = new URLSearchParams({ ...extra, page: String(page), pageSize: '37' });
    for (const [k, v] of Object.entries(filters)) if (v !== undefined) params.set(k, v);
    const res = await call(h.base, 'GET', `/api/listings?${params.toString()}`);
    if (res.status !== 200) throw new Error(`${params.toString()} → ${res.status} ${JSON.stringify(res.body)}`);
    const body = res.body as unknown as { items: Listing[]; total: number; page: number; pageSize: number };
    total = body.total;
    ids.push(...body.items.map((l) => l.id));
    if (body.items.length < 37) break;
  }
  return { ids, total };
}

describe('server-side search and filters equal the §9 client rules', () => {
  it('the full list holds the data set, newest first', () => {
    expect(all.length).toBe(160);
  });

  it('the contracts rule and the client\'s filter agree on the data set', () => {
    const r = rng(7);
    for (let i = 0; i < 200; i += 1) {
      const f = {
        search: pick(r, ['', ...WORDS, 'so', 'É']),
        category: pick<ListingCategory | 'all'>(r, ['all', ...LISTING_CATEGORIES]),
        location: pick<string>(r, ['all', ...LOCATIONS]),
        price: pick<PriceBucketId | 'all'>(r, ['all', ...PRICE_BUCKET_IDS]),
      };
      const client = filterListings(all, { ...NO_FILTERS, ...f }).map((l) => l.id);
      const reference = all
        .filter((l) => listingMatchesFilters(l, { search: f.search, category: f.category === 'all' ? undefined : f.category, location: f.location === 'all' ? undefined : f.location, priceRange: f.price === 'all' ? undefined : f.price }))
        .map((l) => l.id);
      expect(client).toEqual(reference);
    }
  });

  it('gives the same listings, in the same order, for single filters and generated combinations', async () => {
    const cases: ListingFilterValues[] = [
      {},
      ...WORDS.map((search) => ({ search })),
      { search: '  sofa  ' },
      { search: 'SO' },
      { search: '.' },
      { search: '*' },
      { search: '\\' },
      ...LISTING_CATEGORIES.map((category) => ({ category })),
      ...['Harrisburg PA', 'harrisburg', 'HILL', ' pa', 'Camp Hill PA', 'nowhere', 'e'].map((location) => ({ location })),
      ...PRICE_BUCKET_IDS.map((priceRange) => ({ priceRange })),
    ];
    const r = rng(99);
    for (let i = 0; i < 60; i += 1) {
      cases.push({
        search: pick(r, [undefined, ...WORDS, 'e', 'in']),
        category: pick(r, [undefined, ...LISTING_CATEGORIES]),
        location: pick(r, [undefined, ...LOCATIONS, 'burg', 'hill']),
        priceRange: pick(r, [undefined, ...PRICE_BUCKET_IDS]),
      });
    }
    for (const filters of cases) {
      const expected = all.filter((l) => listingMatchesFilters(l, filters)).map((l) => l.id);
      const got = await serverResults(filters);
      expect({ filters, ids: got.ids, total: got.total }).toEqual({ filters, ids: expected, total: expected.length });
    }
  });

  it('filters by owner and tier, and sorts by price (unpriced first when ascending)', async () => {
    const owner = all[0]!.userId;
    expect((await serverResults({}, { userId: owner })).ids).toEqual(all.filter((l) => l.userId === owner).map((l) => l.id));
    expect((await serverResults({}, { tier: 'gold' })).ids).toEqual(all.filter((l) => l.tier === 'gold').map((l) => l.id));
    const byPrice = (await call(h.base, 'GET', '/api/listings?sort=price-asc&pageSize=100')).body as unknown as { items: Listing[] };
    const prices = byPrice.items.map((l) => l.price ?? -1);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const oldest = (await call(h.base, 'GET', '/api/listings?sort=oldest&pageSize=5')).body as unknown as { items: Listing[] };
    expect(oldest.items.map((l) => l.id)).toEqual([...all].reverse().slice(0, 5).map((l) => l.id));
  });

  it('bounds pages', async () => {
    expect((await call(h.base, 'GET', '/api/listings?pageSize=101')).status).toBe(400);
    const beyond = await call(h.base, 'GET', '/api/listings?page=50&pageSize=100');
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ items: [], total: 160, page: 50, pageSize: 100 });
  });

  it('answers 400 for search or location text with control characters (a NUL cannot go into a query)', async () => {
    for (const q of ['search=%00', 'search=cook%00', 'location=Enola%00', 'search=a%0Ab', 'search=%7F']) {
      const res = await call(h.base, 'GET', `/api/listings?${q}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'The text contains characters that are not allowed' });
    }
    expect((await call(h.base, 'GET', '/api/listings?search=%E0%A4%98%E0%A4%B0')).status).toBe(200); // Devanagari is text
  });
});
