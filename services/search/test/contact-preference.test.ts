import { randomUUID } from 'node:crypto';
import type { Listing } from '@cp/contracts';
import { SearchIndex } from '../src/data/search-index.ts';
import { startListings, type ListingsHarness } from '../../listings/test/helpers.ts';
import { call, listingBody, startSearchReplica, testSnapshotStore, until, type SearchReplica } from './helpers.ts';
import type { SnapshotStore } from '../src/data/snapshots.ts';

/**
 * Issue 23 §2 on the search service, fed by the listings service through the real NATS stream: a 'messages-only'
 * listing's phone and e-mail are in none of its answers (listings page, site search, suggestions) nor in its stored
 * document and snapshot; a 'show' listing's still are.
 */
let listings: ListingsHarness;
let search: SearchReplica;
let store: SnapshotStore;
let owner: { cookie: string; userId: string };
beforeAll(async () => {
  listings = await startListings();
  store = testSnapshotStore();
  search = await startSearchReplica(listings, store);
  owner = await listings.newSession();
});
afterAll(async () => {
  await search?.close();
  await listings?.close();
});

const contacts = () => ({ contactPhone: `717-555-${String(Math.floor(Math.random() * 9000) + 1000)}`, contactEmail: `hidden-${randomUUID().slice(0, 8)}@example.com` });
const leaks = (body: unknown, c: { contactPhone: string; contactEmail: string }) => {
  const text = JSON.stringify(body);
  return text.includes(c.contactPhone) || text.includes(c.contactEmail);
};
const word = () => `zq${randomUUID().replace(/[^a-f]/g, '').slice(0, 8)}`;

async function post(body: Record<string, unknown>): Promise<string> {
  const res = await call(listings.base, 'POST', '/api/listings', { cookie: owner.cookie, body: listingBody(body) });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

/** Every answer of the search service that names the listing (found by a word of its title). */
async function answers(id: string, title: string): Promise<unknown[]> {
  const paths = [`/api/search/listings?search=${title}`, `/api/search?q=${title}`, `/api/search?q=${title}&type=listing`, `/api/search/suggest?q=${title}`];
  const out: unknown[] = [];
  for (const path of paths) {
    const res = await call(search.base, 'GET', path);
    expect([path, res.status]).toEqual([path, 200]);
    expect([path, JSON.stringify(res.body).includes(id)]).toEqual([path, true]);
    out.push(res.body);
  }
  return out;
}

describe('contact preference in search (issue 23 §2)', () => {
  it("never answers or stores a messages-only listing's phone and e-mail; a shown one's it does", async () => {
    const hiddenC = contacts();
    const shownC = contacts();
    const hiddenWord = word();
    const shownWord = word();
    const hidden = await post({ ...hiddenC, contactPreference: 'messages-only', title: `Hidden contacts ${hiddenWord}` });
    const shown = await post({ ...shownC, title: `Shown contacts ${shownWord}` });
    await until('search has both listings', async () => search.deps.index.listings.get(hidden) !== undefined && search.deps.index.listings.get(shown) !== undefined);

    for (const body of await answers(hidden, hiddenWord)) expect(leaks(body, hiddenC)).toBe(false);
    expect(search.deps.index.listings.get(hidden)).toMatchObject({ id: hidden, contactPreference: 'messages-only' });
    expect(leaks(search.deps.index.listings.get(hidden), hiddenC)).toBe(false);
    const shownAnswers = await answers(shown, shownWord);
    expect(leaks(shownAnswers[0], shownC)).toBe(true); // the listings page carries the listing itself

    // Shown, then hidden by an edit: search's copy loses them.
    const edited = await call(listings.base, 'PUT', `/api/listings/${shown}`, { cookie: owner.cookie, body: { contactPreference: 'messages-only' } });
    expect(edited.status).toBe(200);
    await until('search has the edit', async () => search.deps.index.listings.get(shown)?.contactPreference === 'messages-only');
    for (const body of await answers(shown, shownWord)) expect(leaks(body, shownC)).toBe(false);

    // The snapshot in S3 (what a new replica starts from) holds neither.
    expect(await search.snapshotter!.saveNow()).toBe(true);
    const snapshot = await store.latest();
    expect(snapshot!.listings.some((l) => l.id === hidden)).toBe(true);
    expect(leaks(snapshot, hiddenC)).toBe(false);
    expect(leaks(snapshot, shownC)).toBe(false);
  });

  it('drops hidden contacts from whatever listing it is given (an event or a snapshot that carried them)', () => {
    const index = new SearchIndex();
    const now = new Date().toISOString();
    const base: Listing = { id: randomUUID(), userId: randomUUID(), category: 'Buy & Sell', title: 'Old bicycle', description: 'Red bicycle.', location: 'Enola PA', imageUrls: [], tier: 'free', status: 'active', createdAt: now, updatedAt: now };
    const c = contacts();
    index.putListing({ ...base, ...c, contactPreference: 'messages-only' });
    expect(index.listings.get(base.id)).toEqual({ ...base, contactPreference: 'messages-only' });
    const shown = { ...base, id: randomUUID(), ...c, contactPreference: 'show' as const };
    index.putListing(shown);
    expect(index.listings.get(shown.id)).toEqual(shown);
    const legacy = { ...base, id: randomUUID(), ...c };
    index.putListing(legacy);
    expect(index.listings.get(legacy.id)).toEqual(legacy);
  });
});
