import { randomUUID } from 'node:crypto';
import { BusinessCreated, BusinessDeleted, BusinessReviewed, ForumPostCreated, ListingCreated, ListingDeleted, listingMatchesFilters, makeEvent } from '@cp/contracts';
import { SearchIndex } from '../src/data/search-index.ts';
import { WordsIndex } from '../src/data/words-index.ts';
import { indexEvent } from '../src/use-cases/index-event.ts';
import { aListing, created, deleted, listingRef, t, updated } from './documents.ts';

/** The index on its own: the events as the owners publish them, applied in the orders a stream can deliver them. */
const page = (index: SearchIndex, q: Record<string, unknown> = {}) => index.listings.query({ sort: 'newest', page: 1, pageSize: 100, ...q });
const titles = (index: SearchIndex, q: Record<string, unknown> = {}) => page(index, q).items.map((l) => l.title);

describe('index consistency', () => {
  it('follows create, update and delete', () => {
    const index = new SearchIndex();
    const l = aListing();
    indexEvent(index, created(l));
    expect(titles(index, { search: 'bike' })).toEqual(['Mountain bike for sale']);
    const edited = { ...l, title: 'Road bicycle for sale', updatedAt: t(5) };
    indexEvent(index, updated(edited));
    expect(titles(index, { search: 'bike' })).toEqual([]);
    expect(titles(index, { search: 'bicycle' })).toEqual(['Road bicycle for sale']);
    expect(index.words.search('bicycle').hits.map((h) => h.id)).toEqual([l.id]);
    expect(index.words.search('mountain').hits).toEqual([]);
    indexEvent(index, deleted(l));
    expect(page(index).total).toBe(0);
    expect(index.words.search('bicycle').hits).toEqual([]);
  });

  it('says what it holds beside the documents (issue 36: the index memory an operator watches)', () => {
    const index = new SearchIndex();
    expect(index.stats).toEqual({ listingSlots: { live: 0, dead: 0 }, listingTrigrams: 0, words: 0, wordsNotCleaned: 0 });
    const l = aListing();
    indexEvent(index, created(l));
    const one = index.stats;
    expect(one.listingSlots).toEqual({ live: 1, dead: 0 });
    expect(one.listingTrigrams).toBeGreaterThan(0);
    expect(one.words).toBeGreaterThan(0);
    // An edit takes a new slot; the old one is dead until the next compaction, its words wait for the clean-up.
    indexEvent(index, updated({ ...l, title: 'Road bicycle with panniers and a kickstand', updatedAt: t(5) }));
    const edited = index.stats;
    expect(edited.listingSlots).toEqual({ live: 1, dead: 1 });
    expect(edited.listingTrigrams).toBeGreaterThan(one.listingTrigrams);
    expect(edited.words).toBeGreaterThan(one.words);
    expect(edited.wordsNotCleaned).toBe(1);
    indexEvent(index, deleted(l));
    expect(index.stats.listingSlots.live).toBe(0);
  });

  it('leaves the index right when events come twice or out of order', () => {
    const index = new SearchIndex();
    const l = aListing();
    const v2 = { ...l, title: 'Mountain bike, price lowered', price: 90, updatedAt: t(5) };
    const v3 = { ...l, title: 'Mountain bike, sold soon', price: 80, updatedAt: t(9) };
    // Redelivered: the same event again changes nothing.
    indexEvent(index, created(l));
    indexEvent(index, created(l));
    expect(page(index).total).toBe(1);
    // Out of order: the newer version stays when an older one arrives after it.
    indexEvent(index, updated(v3));
    indexEvent(index, updated(v2));
    indexEvent(index, created(l));
    expect(index.listings.get(l.id)).toEqual(v3);
    expect(titles(index, { search: 'lowered' })).toEqual([]);
    expect(page(index, { priceRange: '50-100' }).items.map((x) => x.price)).toEqual([80]);
    // A delete is final: a create or update delivered after it does not bring the listing back.
    indexEvent(index, deleted(l));
    indexEvent(index, updated({ ...v3, updatedAt: t(30) }));
    indexEvent(index, created(l));
    expect(page(index).total).toBe(0);
    expect(index.words.search('mountain').hits).toEqual([]);
    // A delete before its create (a late create) leaves nothing either.
    const late = aListing({ title: 'Late arrival table' });
    indexEvent(index, deleted(late));
    indexEvent(index, created(late));
    expect(index.listings.get(late.id)).toBeUndefined();
  });

  it('forgets a delete once the stream is an hour past it, and not before', () => {
    const index = new SearchIndex();
    const at = (minute: number) => ({ occurredAt: new Date(Date.UTC(2026, 0, 1, 12, minute)) });
    const gone = aListing();
    const other = aListing({ title: 'Another listing' });
    indexEvent(index, makeEvent(ListingDeleted, { listingId: gone.id, userId: gone.userId, imageUrls: [] }, at(0)));
    indexEvent(index, makeEvent(ListingCreated, listingRef(other), at(59)));
    expect(index.tombstoneCounts.listing).toBe(1);
    indexEvent(index, makeEvent(ListingCreated, listingRef(gone), at(30)));
    expect(index.listings.get(gone.id)).toBeUndefined();
    // A business event moves only the businesses' clock.
    indexEvent(index, makeEvent(BusinessDeleted, { businessId: randomUUID() }, at(120)));
    expect(index.tombstoneCounts).toEqual({ listing: 1, business: 1 });
    indexEvent(index, makeEvent(ListingDeleted, { listingId: other.id, userId: other.userId, imageUrls: [] }, at(60)));
    expect(index.tombstoneCounts).toEqual({ listing: 1, business: 1 });
    expect([...index.listings.all()]).toEqual([]);
  });

  it('keeps businesses with their rating and posts, and removes a deleted business', () => {
    const index = new SearchIndex();
    const id = randomUUID();
    const business = { id, userId: randomUUID(), name: 'Saffron Grocers', category: 'Grocers', mainCategory: 'Grocers', subCategory: null, description: 'Spices, lentils and fresh curry leaves.', address: '1 Market St, Camp Hill PA', phone: '(717) 555-0101', email: null, website: null, logoUrl: null, rating: 0, reviewCount: 0, verified: false, premium: false, createdAt: t(0) };
    indexEvent(index, makeEvent(BusinessCreated, { businessId: id, name: business.name, mainCategory: 'Grocers', business }, { occurredAt: new Date(t(0)) }));
    indexEvent(index, makeEvent(BusinessReviewed, { reviewId: randomUUID(), businessId: id, userId: randomUUID(), rating: 4, businessRating: 4, reviewCount: 1 }));
    // A review delivered again, or an older rating, does not change it.
    indexEvent(index, makeEvent(BusinessReviewed, { reviewId: randomUUID(), businessId: id, userId: randomUUID(), rating: 4, businessRating: 4, reviewCount: 1 }));
    expect(index.getBusiness(id)).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(index.words.search('curry').hits).toEqual([{ type: 'business', id, title: 'Saffron Grocers', snippet: 'Spices, lentils and fresh curry leaves. Grocers 1 Market St, Camp Hill PA', url: `/business/${id}` }]);
    const post = { id: randomUUID(), userId: randomUUID(), username: 'priya', category: 'General' as const, title: 'Best curry in Camp Hill?', content: 'Looking for recommendations for a family dinner.', replyCount: 0, viewCount: 0, createdAt: t(1), updatedAt: t(1) };
    indexEvent(index, makeEvent(ForumPostCreated, { postId: post.id, userId: post.userId, category: 'General', title: post.title, post }));
    expect(index.words.search('curry').counts).toEqual({ listing: 0, business: 1, post: 1 });
    indexEvent(index, makeEvent(BusinessDeleted, { businessId: id }));
    expect(index.words.search('curry').hits.map((h) => h.url)).toEqual([`/forum/post/${post.id}`]);
  });

  it('skips an event stored before events carried their document', () => {
    const index = new SearchIndex();
    const l = aListing();
    indexEvent(index, makeEvent(ListingCreated, { listingId: l.id, userId: l.userId, category: l.category, tier: l.tier, title: l.title }));
    expect(page(index).total).toBe(0);
  });
});

describe('words: typos and word starts', () => {
  const index = new SearchIndex();
  const bike = aListing({ title: 'Mountain bike for sale' });
  const biryani = aListing({ title: 'Homemade biryani every Friday', description: 'Chicken and vegetable biryani, order by Thursday evening.' });
  const tutor = aListing({ title: 'Math tutor for grades 6 to 10', description: 'Algebra and geometry, evenings and weekends.' });
  for (const l of [bike, biryani, tutor]) indexEvent(index, created(l));
  const found = (q: string) => index.words.search(q).hits.map((h) => h.title);

  it.each([
    ['a word start', 'biry', [biryani.title]],
    ['a word start in the description', 'geome', [tutor.title]],
    ['one letter wrong', 'biryeni', [biryani.title]],
    ['one letter missing', 'mountin', [bike.title]],
    ['a typo and a word start together', 'algebro tut', [tutor.title]],
    ['any case', 'MATH', [tutor.title]],
  ])('%s: %s', (_what, q, expected) => {
    expect(found(q)).toEqual(expected);
  });

  it('finds nothing for a word that is not there, and ranks title words first', () => {
    expect(found('xylophone')).toEqual([]);
    indexEvent(index, created(aListing({ title: 'Bike rack', description: 'Fits a mountain bike.' })));
    expect(found('rack')).toEqual(['Bike rack']);
    expect(found('mountain')[0]).toBe(bike.title);
  });
});

describe('words: a page of hits costs the page', () => {
  const index = new SearchIndex();
  const lamps = Array.from({ length: 30 }, (_, i) => aListing({ title: `Brass lamp ${i}`, description: 'A lamp for the puja room.' }));
  for (const l of lamps) indexEvent(index, created(l));
  const lampPost = { id: randomUUID(), userId: randomUUID(), username: 'priya', category: 'General' as const, title: 'Where to buy a brass lamp?', content: 'For Diwali.', replyCount: 0, viewCount: 0, createdAt: t(1), updatedAt: t(1) };
  indexEvent(index, makeEvent(ForumPostCreated, { postId: lampPost.id, userId: lampPost.userId, category: 'General', title: lampPost.title, post: lampPost }));

  it('counts every match but builds hits (their snippets) only for the slice returned, the same slice as of all hits', () => {
    const all = index.words.search('brass lamp');
    expect(all.total).toBe(31);
    expect(all.counts).toEqual({ listing: 30, business: 0, post: 1 });
    const built = jest.spyOn(WordsIndex.prototype as unknown as { hit: () => unknown }, 'hit');
    try {
      const some = index.words.search('brass lamp', { type: 'listing', offset: 20, limit: 8 });
      expect(built).toHaveBeenCalledTimes(8);
      expect(some.total).toBe(30);
      expect(some.counts).toEqual(all.counts);
      expect(some.hits).toEqual(all.hits.filter((h) => h.type === 'listing').slice(20, 28));
      built.mockClear();
      expect(index.words.search('brass lamp', { type: 'listing', offset: 28, limit: 8 }).hits).toHaveLength(2);
      expect(built).toHaveBeenCalledTimes(2);
    } finally {
      built.mockRestore();
    }
  });
});

describe('the §9 rules, exactly', () => {
  const index = new SearchIndex();
  const prices = [undefined, 0, 49, 50, 99, 100, 499, 500, 999, 1000, 25_000];
  const all = prices.map((price, i) =>
    aListing({
      title: i % 2 === 0 ? `Bike number ${i}` : `Sofa number ${i}`,
      description: i % 3 === 0 ? 'Comes with a HELMET.' : 'Pick up only.',
      location: ['Mechanicsburg PA', 'Harrisburg PA', 'Carlisle PA', 'Camp Hill PA', 'Enola PA'][i % 5]!,
      category: i % 2 === 0 ? 'Buy & Sell' : 'Services',
      ...(price === undefined ? { price: undefined } : { price }),
      createdAt: t(i),
      updatedAt: t(i),
    }),
  );
  for (const l of all) indexEvent(index, created(l));
  const reference = (filters: Record<string, string>) => all.filter((l) => listingMatchesFilters(l, filters)).sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map((l) => l.id);

  it.each([
    ['search in the title, any case, inside a word', { search: 'IKE' }],
    ['search in the description', { search: 'helmet' }],
    ['search with a space', { search: 'er 1' }],
    ['location by substring', { location: 'burg' }],
    ['location any case', { location: 'camp HILL' }],
    ['under $50: 0 and 49, and no price', { priceRange: 'under-50' }],
    ['$50 - $100: 50 and 99', { priceRange: '50-100' }],
    ['$100 - $500', { priceRange: '100-500' }],
    ['$500 - $1,000', { priceRange: '500-1000' }],
    ['$1,000+: 1000 and up', { priceRange: '1000-plus' }],
    ['all together', { search: 'number', category: 'Buy & Sell', location: 'pa', priceRange: '1000-plus' }],
  ])('%s', (_what, filters) => {
    expect(page(index, filters).items.map((l) => l.id)).toEqual(reference(filters));
    expect(page(index, filters).total).toBe(reference(filters).length);
  });

  it('counts each facet with the other filters applied', () => {
    const { facets, total } = page(index, { search: 'bike', priceRange: 'under-50' });
    // Bikes are the even ones: prices none, 49, 99, 499, 999, 25000 → under $50: none and 49.
    expect(total).toBe(2);
    expect(facets.priceRange).toEqual({ 'under-50': 2, '50-100': 2, '100-500': 2, '500-1000': 2, '1000-plus': 2 });
    expect(facets.category).toMatchObject({ 'Buy & Sell': 2, Services: 0 });
    expect(Object.values(facets.location).reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('orders and pages as the listings service', () => {
    const ids = (sort: string, p = 1, pageSize = 100) => page(index, { sort, page: p, pageSize }).items.map((l) => l.id);
    const byNewest = [...all].reverse().map((l) => l.id);
    expect(ids('newest')).toEqual(byNewest);
    expect(ids('oldest')).toEqual([...byNewest].reverse());
    expect(ids('newest', 2, 4)).toEqual(byNewest.slice(4, 8));
    // MongoDB's order: no price first when ascending, last when descending; ties newest first.
    expect(page(index, { sort: 'price-asc' }).items.map((l) => l.price ?? null)).toEqual([null, 0, 49, 50, 99, 100, 499, 500, 999, 1000, 25_000]);
    expect(page(index, { sort: 'price-desc' }).items.map((l) => l.price ?? null)).toEqual([25_000, 1000, 999, 500, 499, 100, 99, 50, 49, 0, null]);
  });
});

describe('words: changes while the index cleans up', () => {
  test('documents replaced and removed while a clean-up of removed words is under way never break it', async () => {
    // MiniSearch cleans removed words up in the background, in batches across event-loop turns (its auto vacuum); a
    // change between two batches broke its walk of the word tree (lucaong/minisearch#306) and, as an unhandled
    // rejection, ended the search process (the chaos suite saw replicas crash and crash again while catching up).
    const words = new WordsIndex();
    const failures: unknown[] = [];
    const onRejection = (err: unknown) => failures.push(err);
    process.on('unhandledRejection', onRejection);
    try {
      const word = (i: number, round: number) => `w${i.toString(36)}r${round}`;
      for (let i = 0; i < 3_000; i++) words.put('listing', String(i), word(i, 0), `text ${word(i, 0)}x`);
      for (let round = 1; round <= 4; round++) {
        for (let i = 0; i < 3_000; i++) {
          words.put('listing', String(i), word(i, round), `text ${word(i, round)}x`);
          if (i % 200 === 0) await new Promise((resolve) => setTimeout(resolve, 0));
        }
        for (let i = round * 10; i < round * 10 + 10; i++) words.remove('listing', String(i));
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(failures).toEqual([]);
      // The index still answers: the last version of a document is found, a removed one is not.
      expect(words.search(word(100, 4)).hits.map((h) => h.id)).toContain('100');
      expect(words.search(word(45, 4)).hits.map((h) => h.id)).not.toContain('45'); // removed in the last round
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});
