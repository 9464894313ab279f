import { randomUUID } from 'node:crypto';
import { DONE_VISIBLE_DAYS, ListingExpired, ListingRenewed, makeEvent, type Listing } from '@cp/contracts';
import { runLifecycle } from '../../listings/src/use-cases/run-lifecycle.ts';
import { SearchIndex } from '../src/data/search-index.ts';
import { indexEvent } from '../src/use-cases/index-event.ts';
import { aListing, created, listingRef, t, updated } from './documents.ts';
import { call, listingBody, searchForFile, until } from './helpers.ts';

// Issue 22: search keeps its own copy of the listings; the lifecycle's events take expired and retired listings out of
// the listings page, site search and the sitemap, and a renewal brings them back. The real listings service publishes
// them (its lifecycle run on an injected clock) into the real stream this replica reads.
const DAY = 86_400_000;
const env = searchForFile();
let clock = Date.now();
beforeAll(() => {
  env.listings.deps.now = () => new Date(clock);
});

const inSearch = async (word: string) => {
  const page = await call(env.search.base, 'GET', `/api/search/listings?search=${word}`);
  const items = page.body.items as Listing[];
  const site = await call(env.search.base, 'GET', `/api/search?q=${word}`);
  const sitemap = await call(env.search.base, 'GET', '/internal/sitemap/listings?pageSize=50000');
  return { items, site: (site.body.items as Array<{ id: string }>).map((h) => h.id), sitemap: (sitemap.body.items as Array<{ id: string }>).map((e) => e.id) };
};
const shown = (word: string, id: string, status?: string) =>
  until(`${id} shown (${status ?? 'any'})`, async () => {
    const s = await inSearch(word);
    return s.items.some((l) => l.id === id && (!status || l.status === status)) && s.site.includes(id) && s.sitemap.includes(id);
  });
const gone = (word: string, id: string) =>
  until(`${id} gone`, async () => {
    const s = await inSearch(word);
    return !s.items.some((l) => l.id === id) && !s.site.includes(id) && !s.sitemap.includes(id);
  });

it('drops an expired listing from the listings page, site search and sitemap, and brings it back when renewed', async () => {
  const { cookie } = await env.listings.newSession();
  const word = `lifecycle${randomUUID().slice(0, 8)}`;
  const created = await call(env.listings.base, 'POST', '/api/listings', { cookie, body: listingBody({ title: `Treadmill ${word}` }) });
  const id = created.body.id as string;
  await shown(word, id);
  const start = clock;
  try {
    clock = Date.parse(created.body.expiresAt as string) + 1_000;
    await runLifecycle(env.listings.deps, new Date(clock));
    await gone(word, id);
    expect((await call(env.listings.base, 'POST', `/api/listings/${id}/renew`, { cookie })).status).toBe(200);
    await shown(word, id, 'active');
  } finally {
    clock = start;
  }
});

it('shows a listing marked done with its status, then drops it once retired', async () => {
  const { cookie } = await env.listings.newSession();
  const word = `sold${randomUUID().slice(0, 8)}`;
  const created = await call(env.listings.base, 'POST', '/api/listings', { cookie, body: listingBody({ title: `Armchair ${word}` }) });
  const id = created.body.id as string;
  expect((await call(env.listings.base, 'POST', `/api/listings/${id}/done`, { cookie, body: { status: 'sold' } })).status).toBe(200);
  await shown(word, id, 'sold');
  const start = clock;
  try {
    clock += DONE_VISIBLE_DAYS * DAY + 60_000;
    await runLifecycle(env.listings.deps, new Date(clock));
    await gone(word, id);
  } finally {
    clock = start;
  }
});

describe('the index alone', () => {
  const listing = aListing({ title: 'Rocking chair', description: 'Solid oak rocking chair, cushion included.' });
  const ids = (index: SearchIndex) => index.listings.query({ sort: 'newest', page: 1, pageSize: 10 }).items.map((l) => l.id);

  it('keeps a retired listing out across a snapshot, a redelivered event and an edit, until renewed', () => {
    const index = new SearchIndex();
    indexEvent(index, created(listing));
    const sold = { ...listing, status: 'sold' as const, doneAt: t(1) };
    indexEvent(index, updated(sold, ['status']));
    expect(index.listings.query({ sort: 'newest', page: 1, pageSize: 10 }).items.map((l) => l.status)).toEqual(['sold']);
    const retired = makeEvent(ListingExpired, { ...listingRef(sold), reason: 'done' });
    indexEvent(index, retired);
    indexEvent(index, retired);
    expect(ids(index)).toEqual([]);
    const restored = SearchIndex.fromSnapshot(JSON.parse(JSON.stringify(index.snapshot({}))));
    expect(ids(restored)).toEqual([]);
    indexEvent(restored, updated({ ...sold, title: 'Rocking chair (sold)', updatedAt: t(5) }));
    expect(ids(restored)).toEqual([]);
    expect(restored.words.search('rocking').hits).toEqual([]);

    const expired = { ...listing, status: 'expired' as const };
    const other = new SearchIndex();
    indexEvent(other, created(listing));
    indexEvent(other, makeEvent(ListingExpired, { ...listingRef(expired), reason: 'expired' }));
    expect(ids(other)).toEqual([]);
    indexEvent(other, makeEvent(ListingRenewed, { ...listingRef(listing), expiresAt: t(30) }));
    expect(ids(other)).toEqual([listing.id]);
  });
});
