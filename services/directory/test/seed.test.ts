import { BusinessReviewPageSchema, BusinessSchema, DEMO_ACCOUNTS, isValidYellowPagesPair, LIST_PAGE_SIZES, YELLOW_PAGES_MAIN_CATEGORIES } from '@cp/contracts';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { meanRating } from '../src/data/businesses-repository.ts';
import { seedDemoBusinesses } from '../src/seed/seed.ts';
import { DEMO_BUSINESSES } from '../src/seed/demo-businesses.ts';
import { startDirectory } from './helpers.ts';

const h = harnessForFile(startDirectory);

describe('the demo directory (npm start only)', () => {
  it('inserts ~30 businesses across the tree, by the demo admin, with reviews by the demo accounts and their ratings; once', async () => {
    expect(await seedDemoBusinesses(h.deps)).toBe(DEMO_BUSINESSES.length);
    expect(DEMO_BUSINESSES.length).toBeGreaterThanOrEqual(30);
    const list = ((await fetch(`${h.base}/api/businesses`).then((r) => r.json())) as unknown[]).map((b) => BusinessSchema.parse(b));
    expect(list).toHaveLength(DEMO_BUSINESSES.length);
    expect(new Set(list.map((b) => b.mainCategory)).size).toBe(YELLOW_PAGES_MAIN_CATEGORIES.length);
    for (const b of list) {
      expect(b.userId).toBe(DEMO_ACCOUNTS.admin.id);
      expect(isValidYellowPagesPair(b.mainCategory!, b.subCategory)).toBe(true);
      const page = BusinessReviewPageSchema.parse(await fetch(`${h.base}/api/businesses/${b.id}/reviews?limit=${LIST_PAGE_SIZES.reviews.max}`).then((r) => r.json()));
      expect(page.nextCursor).toBeNull();
      const reviews = page.items;
      expect(b.reviewCount).toBe(reviews.length);
      expect(b.rating).toBe(meanRating(reviews.reduce((s, r) => s + r.rating, 0), reviews.length));
      expect(new Set(reviews.map((r) => r.userId)).size).toBe(reviews.length);
    }
    // Featured on home: the first three are premium.
    expect(list.slice(0, 3).every((b) => b.premium)).toBe(true);
    expect(await seedDemoBusinesses(h.deps)).toBe(0);
    expect(await h.deps.businesses.count()).toBe(DEMO_BUSINESSES.length);
  });
});
