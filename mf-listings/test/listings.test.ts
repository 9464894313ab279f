import type { Listing } from '@cp/contracts';
import { categoryCounts, featuredListings, heroSearchTarget, recentListings } from '../src/lib/listings.ts';
import { activeFilterCount, filterListings, NO_FILTERS } from '../src/lib/listing-filters.ts';
import { formatEventDate, formatPrice, tierLabel } from '../src/lib/listing-format.ts';
import { myListingCounters, myListings } from '../src/lib/my-listings.ts';
import { listingFixture } from './listing-fixture.ts';

let n = 0;
function listing(patch: Partial<Listing>): Listing {
  n += 1;
  return listingFixture(n, patch);
}

describe('listings helpers (spec §2, §9)', () => {
  it('featured: first 3 in silver, gold or platinum; recent: first 6', () => {
    const list = [
      listing({ tier: 'free' }),
      listing({ tier: 'gold' }),
      listing({ tier: 'silver' }),
      listing({ tier: 'free' }),
      listing({ tier: 'platinum' }),
      listing({ tier: 'gold' }),
      listing({ tier: 'free' }),
    ];
    expect(featuredListings(list).map((l) => l.tier)).toEqual(['gold', 'silver', 'platinum']);
    expect(recentListings(list)).toHaveLength(6);
    expect(recentListings(list)[0]).toBe(list[0]);
  });

  it('counts per category', () => {
    const counts = categoryCounts([listing({ category: 'Jobs' }), listing({ category: 'Jobs' }), listing({ category: 'Events' })]);
    expect(counts.get('Jobs')).toBe(2);
    expect(counts.get('Events')).toBe(1);
    expect(counts.get('Services')).toBeUndefined();
  });

  it('filters on search (title or description, any case), category, location substring and price bucket', () => {
    const cheap = listing({ title: 'Sofa for sale', price: 40, location: 'Camp Hill PA' });
    const mid = listing({ title: 'Desk', description: 'Solid oak SOFA table', price: 150, category: 'Buy & Sell' });
    const noPrice = listing({ title: 'Room for rent', category: 'Home Rentals', location: 'Mechanicsburg PA' });
    const all = [cheap, mid, noPrice];
    expect(filterListings(all, { ...NO_FILTERS, search: 'sofa' })).toEqual([cheap, mid]);
    expect(filterListings(all, { ...NO_FILTERS, category: 'Home Rentals' })).toEqual([noPrice]);
    expect(filterListings(all, { ...NO_FILTERS, location: 'Camp Hill' })).toEqual([cheap]);
    expect(filterListings(all, { ...NO_FILTERS, price: 'under-50' })).toEqual([cheap, noPrice]);
    expect(filterListings(all, { ...NO_FILTERS, price: '100-500' })).toEqual([mid, noPrice]);
    expect(activeFilterCount({ search: ' x ', category: 'Jobs', location: 'all', price: '1000-plus' })).toBe(3);
    expect(activeFilterCount(NO_FILTERS)).toBe(0);
  });

  it('hero navigation only with text or a non-All category', () => {
    expect(heroSearchTarget('', 'All')).toBeNull();
    expect(heroSearchTarget('   ', 'All')).toBeNull();
    expect(heroSearchTarget('room', 'All')).toBe('/listings?search=room');
    expect(heroSearchTarget('', 'Real Estate')).toBe('/listings?category=Real+Estate');
    expect(heroSearchTarget(' tutor ', 'Services')).toBe('/listings?search=tutor&category=Services');
  });

  it('formats price (above 0 only), tier and event date', () => {
    expect(formatPrice(1250)).toBe('$1,250');
    // As Intl's en-US currency format with no cents, for every size of price the forms allow.
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    for (const price of [1, 9, 10, 99.5, 100, 999, 1000, 1249.49, 1249.5, 12_345, 999_999.6, 1_000_000, 123_456_789, 9_999_999_999]) {
      expect(formatPrice(price)).toBe(intl.format(price));
    }
    expect(formatPrice(Number.POSITIVE_INFINITY)).toBeNull();
    expect(formatPrice(0)).toBeNull();
    expect(formatPrice(null)).toBeNull();
    expect(tierLabel('platinum')).toBe('Platinum');
    expect(tierLabel('free')).toBe('Free');
    expect(tierLabel(undefined)).toBe('Free');
    expect(formatEventDate('2026-03-05')).toBe('March 5, 2026');
    expect(formatEventDate('next Friday')).toBe('next Friday');
  });

  it('my listings: own only, with Total, Active, Featured (platinum or gold) and Free Tier', () => {
    const me = '22222222-2222-4222-8222-222222222222';
    const mine = [listing({ userId: me, tier: 'gold' }), listing({ userId: me, tier: 'platinum', status: 'sold' }), listing({ userId: me, tier: 'silver' }), listing({ userId: me })];
    const list = myListings([...mine, listing({})], me);
    expect(list).toEqual(mine);
    expect(myListingCounters(list)).toEqual({ total: 4, active: 3, featured: 2, free: 1 });
  });
});
