import { LISTING_CATEGORIES, LISTING_TIERS, LOCATIONS, PRICE_BUCKET_IDS, listingMatchesFilters, priceBucketMatches, type Listing, type ListingFacets } from '@cp/contracts';
import { seededRandom } from '../../../infra/src/seeded-random.ts';
import { ListingsIndex, type ListingsSearch } from '../src/data/listings-index.ts';
import { LISTING_ORDERS } from './client-mode.ts';

/**
 * Property tests of the listings index against the §9 rule itself (listingMatchesFilters) and a plain sort: random
 * listings (words, capitals, accents, emoji and other multi-byte text, no price or any price), random substrings of
 * their texts (inside words, across word boundaries, across title and description), edits and deletes in between.
 * Seeded, so a failure replays (SEARCH_PROPERTY_SEED).
 */
const rnd = seededRandom(Number(process.env.SEARCH_PROPERTY_SEED ?? 15));
const draw = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
const PIECES = ['bike', 'Bike', 'BIKE', 'sofa', 'tutor', 'café', 'CAFÉ', 'naïve', 'Straße', 'ΣΟΦΑ', 'σοφα', 'İstanbul', '🙂', '🚲 ride', 'दिवाली', '東京', 'a', 'ab', 'x y', ' ', '  ', ',', '-', 'ike', 'mountain', '21', '$', '%', '_', 'İ'];
const text = (n: number) => Array.from({ length: n }, () => draw(PIECES)).join(rnd() < 0.5 ? ' ' : '');
const hex = (n: number) => Array.from({ length: n }, () => Math.floor(rnd() * 16).toString(16)).join('');
const users = Array.from({ length: 5 }, () => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`);

function randomListing(i: number): Listing {
  const at = new Date(Date.UTC(2026, 0, 1) + Math.floor(rnd() * 50) * 60_000).toISOString(); // ties on purpose
  const prices = [undefined, 0, 10, 49, 50, 99.5, 100, 499, 500, 999, 1000, 12_345, -5];
  const price = draw(prices);
  return {
    id: `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`,
    userId: draw(users),
    category: draw(LISTING_CATEGORIES),
    title: `${text(1 + Math.floor(rnd() * 4))} ${i}`,
    description: text(2 + Math.floor(rnd() * 8)),
    ...(price === undefined ? {} : { price }),
    location: draw(LOCATIONS),
    imageUrls: [],
    tier: draw(LISTING_TIERS),
    status: 'active',
    createdAt: at,
    updatedAt: at,
  };
}

/** A substring of a listing's title, description, or both joined as a reader would type across them. */
function randomNeedle(all: Listing[]): string {
  if (rnd() < 0.15) return draw(PIECES);
  const l = draw(all);
  const source = draw([l.title, l.description, `${l.title} ${l.description}`]);
  const start = Math.floor(rnd() * source.length);
  const len = 1 + Math.floor(rnd() * 12);
  const cut = source.slice(start, start + len);
  return rnd() < 0.3 ? cut.toUpperCase() : cut;
}

/** The reference: every listing through the shared rule, in client mode's orders, the facets counted one by one. */
function reference(all: Listing[], q: ListingsSearch) {
  const filters = { search: q.search, category: q.category, location: q.location, priceRange: q.priceRange };
  const owned = all.filter((l) => (!q.tier || l.tier === q.tier) && (!q.userId || l.userId === q.userId));
  const passing = owned.filter((l) => listingMatchesFilters(l, filters));
  const sorted = [...passing].sort(LISTING_ORDERS[q.sort]);
  const facets: ListingFacets = {
    category: Object.fromEntries(LISTING_CATEGORIES.map((c) => [c, 0])),
    location: Object.fromEntries(LOCATIONS.map((l) => [l, 0])),
    priceRange: Object.fromEntries(PRICE_BUCKET_IDS.map((b) => [b, 0])) as ListingFacets['priceRange'],
  };
  for (const l of owned) {
    if (listingMatchesFilters(l, { ...filters, category: undefined })) facets.category[l.category] = (facets.category[l.category] ?? 0) + 1;
    if (listingMatchesFilters(l, { ...filters, location: undefined })) facets.location[l.location] = (facets.location[l.location] ?? 0) + 1;
    if (listingMatchesFilters(l, { ...filters, priceRange: undefined })) for (const b of PRICE_BUCKET_IDS) if (priceBucketMatches(l.price, b)) facets.priceRange[b] += 1;
  }
  const skip = (q.page - 1) * q.pageSize;
  return { items: sorted.slice(skip, skip + q.pageSize).map((l) => l.id), total: passing.length, facets };
}

function randomQuery(all: Listing[]): ListingsSearch {
  const q: ListingsSearch = { sort: draw(['newest', 'oldest', 'price-asc', 'price-desc'] as const), page: 1 + Math.floor(rnd() * 3), pageSize: draw([1, 5, 24, 100]) };
  if (rnd() < 0.8) q.search = randomNeedle(all);
  if (rnd() < 0.2) q.category = draw(LISTING_CATEGORIES);
  if (rnd() < 0.2) q.location = draw(['burg', 'PA', 'camp h', 'Enola PA', 'nowhere']);
  if (rnd() < 0.2) q.priceRange = draw(PRICE_BUCKET_IDS);
  if (rnd() < 0.1) q.tier = draw(LISTING_TIERS);
  if (rnd() < 0.15) q.userId = draw(users);
  return q;
}

function check(index: ListingsIndex, all: Listing[], queries: number): void {
  for (let i = 0; i < queries; i += 1) {
    const q = randomQuery(all);
    const got = index.query(q);
    expect({ q, items: got.items.map((l) => l.id), total: got.total, facets: got.facets }).toEqual({ q, ...reference(all, q) });
  }
}

describe('the listings index against the §9 rule', () => {
  it('answers random substrings (inside words, across words, across title and description, multi-byte) as the rule', () => {
    const index = new ListingsIndex();
    const all = Array.from({ length: 400 }, (_, i) => randomListing(i));
    for (const l of all) index.put(l);
    check(index, all, 400);
  });

  it('stays the rule through edits and deletes, a few at a time (orders kept in place) and many (one sort)', () => {
    const index = new ListingsIndex();
    let all = Array.from({ length: 300 }, (_, i) => randomListing(i));
    for (const l of all) index.put(l);
    check(index, all, 30);
    for (let round = 0; round < 12; round += 1) {
      // A few changes between queries are inserted into the sorted orders; a catch-up's many are sorted once.
      const changes = round % 3 === 0 ? 200 : 1 + Math.floor(rnd() * 5);
      for (let c = 0; c < changes; c += 1) {
        const victim = draw(all);
        if (rnd() < 0.3) {
          index.remove(victim.id);
          all = all.filter((l) => l.id !== victim.id);
        } else if (rnd() < 0.5) {
          const edited = { ...randomListing(all.length + c), id: victim.id, userId: victim.userId };
          index.put(edited);
          all = all.map((l) => (l.id === victim.id ? edited : l));
        } else {
          const fresh = randomListing(all.length + c);
          index.put(fresh);
          all.push(fresh);
        }
      }
      expect(index.size).toBe(all.length);
      check(index, all, 25);
    }
  });

  it('compacts once dead slots outnumber live ones and still answers as the rule', () => {
    const index = new ListingsIndex();
    let all = Array.from({ length: 200 }, (_, i) => randomListing(i));
    for (const l of all) index.put(l);
    // 3,000 edits leave far more dead slots than live ones: at least one compaction happens on the way.
    for (let k = 0; k < 3_000; k += 1) {
      const victim = all[k % all.length]!;
      const edited = { ...randomListing(k), id: victim.id, userId: victim.userId };
      index.put(edited);
      all = all.map((l) => (l.id === victim.id ? edited : l));
      if (k % 700 === 0) check(index, all, 5);
    }
    expect(index.slots).toBeLessThanOrEqual(all.length + 1_025);
    check(index, all, 100);
  });
});
