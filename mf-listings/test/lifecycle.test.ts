import { doneLabel, doneStatusOf, expiryText, isExpired } from '../src/lib/lifecycle.ts';
import { listingFixture } from './listing-fixture.ts';

// Issue 22: what My Listings and the listing page say of a listing's lifecycle.
const DAY = 86_400_000;
const now = Date.parse('2026-11-26T12:00:00Z');
const at = (ms: number) => new Date(now + ms).toISOString();

describe('listing lifecycle texts', () => {
  it('says in how many days an active listing expires, and flags the reminder window', () => {
    expect(expiryText(listingFixture(1, { expiresAt: at(10 * DAY + 60_000) }), now)).toEqual({ text: 'Expires in 10 days (December 6, 2026)', soon: false });
    expect(expiryText(listingFixture(1, { expiresAt: at(DAY + 60_000) }), now)).toMatchObject({ text: expect.stringMatching(/^Expires in 1 day \(/), soon: true });
    expect(expiryText(listingFixture(1, { expiresAt: at(3_600_000) }), now)).toMatchObject({ text: expect.stringMatching(/^Expires in less than a day/), soon: true });
    expect(expiryText(listingFixture(1, {}), now)).toBeNull();
  });

  it('treats a listing past expiresAt as expired before the service marked it, and a done one as neither', () => {
    const past = listingFixture(1, { expiresAt: at(-DAY) });
    expect(isExpired(past, now)).toBe(true);
    expect(expiryText(past, now)?.text).toMatch(/^Expired on November 2[45], 2026$/);
    expect(isExpired(listingFixture(1, { status: 'expired', expiresAt: at(DAY) }), now)).toBe(true);
    const sold = listingFixture(1, { status: 'sold', expiresAt: at(-DAY) });
    expect(isExpired(sold, now)).toBe(false);
    expect(expiryText(sold, now)).toBeNull();
    expect(doneLabel(sold)).toBe('Sold');
    expect(doneLabel(listingFixture(1, {}))).toBeNull();
  });

  it("offers the category's own done word", () => {
    expect(doneStatusOf({ category: 'Home Rentals' })).toBe('rented');
    expect(doneStatusOf({ category: 'Jobs' })).toBe('filled');
    expect(doneStatusOf({ category: 'Buy & Sell' })).toBe('sold');
  });
});
