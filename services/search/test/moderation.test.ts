import { randomUUID } from 'node:crypto';
import {
  BusinessCreated,
  ContentHidden,
  ContentRemoved,
  ContentRestored,
  ForumPostCreated,
  SearchListingsPageSchema,
  SearchResponseSchema,
  SitemapPageSchema,
  UserBanned,
  UserUnbanned,
  makeEvent,
  type Business,
  type ForumPost,
  type Listing,
  type ReportKind,
} from '@cp/contracts';
import { publishEvent } from '@cp/service-kit';
import { SearchIndex } from '../src/data/search-index.ts';
import { SitemapEntries } from '../src/data/sitemap-entries.ts';
import { indexEvent } from '../src/use-cases/index-event.ts';
import { aListing, created, deleted, t, updated } from './documents.ts';
import { call, listingBody, searchForFile, until } from './helpers.ts';

/** Moderation's decisions (issue 21) in the index: hidden items and banned authors leave everything public, and come back. */
const listing = (overrides: Partial<Listing> = {}) => aListing({ title: 'Tabla set with bag', description: 'A pair of tabla, tuned, with a padded bag and rings.', ...overrides });
const post = (overrides: Partial<ForumPost> = {}): ForumPost => ({
  id: randomUUID(),
  userId: randomUUID(),
  username: 'priya',
  category: 'General',
  title: 'Tabla lessons for beginners?',
  content: 'Looking for a tabla teacher near Carlisle.',
  replyCount: 0,
  viewCount: 0,
  createdAt: t(1),
  updatedAt: t(1),
  ...overrides,
});
const business = (overrides: Partial<Business> = {}): Business => ({
  id: randomUUID(),
  userId: randomUUID(),
  name: 'Tabla House',
  category: 'Music',
  mainCategory: 'Music',
  subCategory: null,
  description: 'Tabla and harmonium repairs.',
  address: '2 Market St, Carlisle PA',
  phone: '(717) 555-0102',
  email: null,
  website: null,
  logoUrl: null,
  rating: 0,
  reviewCount: 0,
  verified: false,
  premium: false,
  createdAt: t(2),
  ...overrides,
});

const posted = (p: ForumPost) => makeEvent(ForumPostCreated, { postId: p.id, userId: p.userId, category: p.category, title: p.title, post: p });
const opened = (b: Business) => makeEvent(BusinessCreated, { businessId: b.id, name: b.name, mainCategory: 'Music', business: b }, { occurredAt: new Date(t(2)) });
const ref = (kind: ReportKind, itemId: string) => ({ caseId: randomUUID(), kind, itemId, authorId: null });
const hidden = (kind: ReportKind, id: string) => makeEvent(ContentHidden, ref(kind, id));
const restored = (kind: ReportKind, id: string) => makeEvent(ContentRestored, ref(kind, id));
const removed = (kind: ReportKind, id: string) => makeEvent(ContentRemoved, { ...ref(kind, id), title: 'x', path: '/x', reason: 'spam', note: null });
const banned = (userId: string) => makeEvent(UserBanned, { userId, actorId: randomUUID(), reason: 'Spam' });
const unbanned = (userId: string) => makeEvent(UserUnbanned, { userId, actorId: randomUUID() });

/** What the public gets of the index: the listings page (and its facets' total), the words by type, the sitemaps. */
function publicView(index: SearchIndex) {
  const page = index.listings.query({ sort: 'newest', page: 1, pageSize: 100 });
  const sitemap = new SitemapEntries(index);
  const words = index.words.search('tabla');
  return {
    listings: page.items.map((l) => l.id),
    total: page.total,
    facetTotal: Object.values(page.facets.category).reduce((a, b) => a + b, 0),
    words: words.hits.map((h) => h.id).sort(),
    wordCounts: words.counts,
    sitemap: { listings: sitemap.page('listings', 1, 100).items.map((e) => e.id), posts: sitemap.page('posts', 1, 100).items.map((e) => e.id), businesses: sitemap.page('businesses', 1, 100).items.map((e) => e.id) },
  };
}
/** Indexes the events in the order given, as the consumers would. */
const feed = (index: SearchIndex, ...events: Parameters<typeof indexEvent>[1][]) => {
  for (const event of events) indexEvent(index, event);
};

const nothing = { listings: [], total: 0, facetTotal: 0, words: [], wordCounts: { listing: 0, business: 0, post: 0 }, sitemap: { listings: [], posts: [], businesses: [] } };

describe('the index applies moderation', () => {
  it('withholds a hidden listing from the page, the facets, the words and the sitemap; an edit meanwhile shows once restored', () => {
    const index = new SearchIndex();
    const l = listing();
    indexEvent(index, created(l));
    expect(publicView(index).listings).toEqual([l.id]);
    indexEvent(index, hidden('listing', l.id));
    expect(publicView(index)).toEqual(nothing);
    const edited = { ...l, title: 'Tabla set, price lowered', price: 250, updatedAt: t(5) };
    indexEvent(index, updated(edited));
    expect(publicView(index)).toEqual(nothing);
    indexEvent(index, restored('listing', l.id));
    expect(publicView(index)).toMatchObject({ listings: [l.id], total: 1, facetTotal: 1, words: [l.id], sitemap: { listings: [l.id] } });
    expect(index.listings.get(l.id)).toEqual(edited);
  });

  it('withholds a listing whose hiding came before its creation (read from another stream first)', () => {
    const index = new SearchIndex();
    const l = listing();
    feed(index, hidden('listing', l.id), created(l));
    expect(publicView(index)).toEqual(nothing);
    indexEvent(index, restored('listing', l.id));
    expect(publicView(index).listings).toEqual([l.id]);
  });

  it('withholds a hidden post and business; ignores replies and reviews', () => {
    const index = new SearchIndex();
    const [p, b] = [post(), business()];
    feed(index, posted(p), opened(b), hidden('forum-reply', p.id), hidden('review', b.id));
    expect(publicView(index).words).toEqual([p.id, b.id].sort());
    feed(index, hidden('forum-post', p.id), hidden('business', b.id));
    expect(publicView(index)).toEqual(nothing);
    expect(index.counts).toEqual({ listings: 0, posts: 0, businesses: 0 });
    feed(index, restored('forum-post', p.id), restored('business', b.id));
    expect(publicView(index)).toMatchObject({ words: [p.id, b.id].sort(), sitemap: { posts: [p.id], businesses: [b.id] } });
  });

  it("withholds every document of a banned author and brings them back at the unban, but what stays hidden for its reports", () => {
    const index = new SearchIndex();
    const user = randomUUID();
    const [mine, reported, other] = [listing({ userId: user }), listing({ userId: user, title: 'Tabla bag only' }), listing()];
    const [p, b] = [post({ userId: user }), business({ userId: user })];
    feed(index, created(mine), created(reported), created(other), posted(p), opened(b), hidden('listing', reported.id));
    indexEvent(index, banned(user));
    expect(publicView(index)).toMatchObject({ listings: [other.id], words: [other.id], sitemap: { listings: [other.id], posts: [], businesses: [] } });
    // A listing the banned author changes, or posts, meanwhile stays out too.
    indexEvent(index, updated({ ...mine, price: 10, updatedAt: t(9) }));
    expect(publicView(index).listings).toEqual([other.id]);
    indexEvent(index, unbanned(user));
    expect(publicView(index)).toMatchObject({ words: [mine.id, other.id, p.id, b.id].sort(), sitemap: { posts: [p.id], businesses: [b.id] } });
    expect(publicView(index).listings.sort()).toEqual([mine.id, other.id].sort());
    expect(index.listings.get(mine.id)?.price).toBe(10);
  });

  it('drops a removed post at once (and keeps it out); a removed listing stays hidden until its deletion', () => {
    const index = new SearchIndex();
    const [p, l] = [post(), listing()];
    feed(index, posted(p), created(l), removed('forum-post', p.id), removed('listing', l.id));
    expect(index.getPost(p.id)).toBeUndefined();
    indexEvent(index, posted(p)); // its creation read again (a replica catching up from the streams' start)
    expect(publicView(index)).toEqual(nothing);
    indexEvent(index, deleted(l));
    expect(index.listings.get(l.id)).toBeUndefined();
    expect(index.moderation().hidden).toEqual([`post:${p.id}`]);
  });

  it('keeps the decisions and the withheld documents in a snapshot', () => {
    const index = new SearchIndex();
    const user = randomUUID();
    const [l, b] = [listing(), listing({ userId: user })];
    feed(index, created(l), created(b), hidden('listing', l.id), banned(user));
    const copy = SearchIndex.fromSnapshot(JSON.parse(JSON.stringify(index.snapshot({}))));
    expect(publicView(copy)).toEqual(nothing);
    indexEvent(copy, restored('listing', l.id));
    indexEvent(copy, unbanned(user));
    expect(publicView(copy).listings.sort()).toEqual([l.id, b.id].sort());
  });
});

describe('through the streams', () => {
  const env = searchForFile();

  const get = async (path: string) => (await call(env.search.base, 'GET', path)).body;
  const inListings = async (id: string, search: string) => SearchListingsPageSchema.parse(await get(`/api/search/listings?search=${encodeURIComponent(search)}`)).items.some((l) => l.id === id);
  const inWords = async (id: string, q: string) => SearchResponseSchema.parse(await get(`/api/search?q=${encodeURIComponent(q)}`)).items.some((h) => h.id === id);
  const inSitemap = async (kind: 'listings' | 'posts' | 'businesses', id: string) => SitemapPageSchema.parse(await get(`/internal/sitemap/${kind}`)).items.some((e) => e.id === id);
  const everywhere = async (id: string, words: string) => [await inListings(id, words), await inWords(id, words), await inSitemap('listings', id)];

  async function createListing(title: string, cookie = env.owner.cookie): Promise<Listing> {
    const res = await call(env.listings.base, 'POST', '/api/listings', { cookie, body: listingBody({ title }) });
    expect(res.status).toBe(201);
    const l = res.body as unknown as Listing;
    await until('search has it', async () => (await everywhere(l.id, title)).every(Boolean));
    return l;
  }

  it('a hidden listing leaves the search, the word search and the sitemap within seconds, and comes back when restored', async () => {
    const l = await createListing('Moderated harmonium, three octaves');
    await publishEvent(env.listings.nats.js, ContentHidden, { caseId: randomUUID(), kind: 'listing', itemId: l.id, authorId: l.userId });
    await until('gone from search', async () => (await everywhere(l.id, 'Moderated harmonium')).every((found) => !found));
    await publishEvent(env.listings.nats.js, ContentRestored, { caseId: randomUUID(), kind: 'listing', itemId: l.id, authorId: l.userId });
    await until('back in search', async () => (await everywhere(l.id, 'Moderated harmonium')).every(Boolean));
  });

  it("drops a banned author's listings, posts and businesses and brings them back at the unban", async () => {
    const author = await env.listings.newSession();
    const l = await createListing('Banned sitar seller listing', author.cookie);
    const at = new Date().toISOString();
    const p = post({ userId: author.userId, title: 'Banned sitar seller post', createdAt: at, updatedAt: at });
    const b = business({ userId: author.userId, name: 'Banned sitar seller shop', createdAt: at });
    await publishEvent(env.listings.nats.js, ForumPostCreated, { postId: p.id, userId: p.userId, category: p.category, title: p.title, post: p });
    await publishEvent(env.listings.nats.js, BusinessCreated, { businessId: b.id, name: b.name, mainCategory: 'Music', business: b });
    const all = async () => [...(await everywhere(l.id, 'Banned sitar seller')), await inWords(p.id, 'Banned sitar seller'), await inSitemap('posts', p.id), await inWords(b.id, 'Banned sitar seller'), await inSitemap('businesses', b.id)];
    await until('search has them', async () => (await all()).every(Boolean));

    await publishEvent(env.listings.nats.js, UserBanned, { userId: author.userId, actorId: randomUUID(), reason: 'Scam' });
    await until('all gone', async () => (await all()).every((found) => !found));
    await publishEvent(env.listings.nats.js, UserUnbanned, { userId: author.userId, actorId: randomUUID() });
    await until('all back', async () => (await all()).every(Boolean));
  });
});
