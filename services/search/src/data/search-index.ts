import type { Business, ForumPost, Listing } from '@cp/contracts';
import { ListingsIndex } from './listings-index.ts';
import type { Snapshot } from './snapshots.ts';
import { WordsIndex } from './words-index.ts';

/**
 * How long (in event time) a delete is remembered. An owner's relay publishes each stream in write order, so an event
 * written before a delete reaches the stream before it, or again right behind a republished copy of it after a relay
 * crashed between publish and mark (its lock: 30 s; the stream's duplicate window: 2 min). An hour is far past both.
 */
export const TOMBSTONE_HORIZON_MS = 60 * 60_000;

type Kind = 'listing' | 'business';

/**
 * What the search service knows, built only from events: the listings (for the §9 page), and the words of listings,
 * businesses and posts. Every change is an upsert of a whole document with its version, or a delete:
 * - an upsert older than what is held is ignored, so a redelivered or late event never rolls a document back; the
 *   version is the document's own `updatedAt` (a listing, a post) or, for a business (whose API document has no
 *   updatedAt), its event's time, kept beside it;
 * - a delete leaves a tombstone (ids are random and never reused), so an upsert arriving after its delete is ignored;
 *   it is dropped once the events of its kind are TOMBSTONE_HORIZON_MS past it, when no such upsert can still come.
 * A business's rating changes with each review, kept when the review count grows.
 */
export class SearchIndex {
  readonly listings = new ListingsIndex();
  readonly words = new WordsIndex();
  private businessVersions = new Map<string, string>();
  /** Deleted ids and when, per kind, in the order deleted. */
  private tombstones: Record<Kind, Map<string, number>> = { listing: new Map(), business: new Map() };
  /** The latest event time seen per kind. */
  private clocks: Record<Kind, number> = { listing: 0, business: 0 };
  private businesses = new Map<string, Business>();
  private posts = new Map<string, ForumPost>();
  /** Changes so far per kind of document (puts taken and deletes): what is derived from the documents knows when it is stale. */
  private revisions = { listing: 0, post: 0, business: 0 };

  /** The change counts per kind (see `revisions`). */
  revision(kind: 'listing' | 'post' | 'business'): number {
    return this.revisions[kind];
  }

  /** Every post held, in no particular order. */
  allPosts(): IterableIterator<ForumPost> {
    return this.posts.values();
  }

  /** Every business held with its version (its last created/updated event's time), in no particular order. */
  *allBusinesses(): IterableIterator<{ business: Business; version: string }> {
    for (const business of this.businesses.values()) yield { business, version: this.businessVersions.get(business.id)! };
  }

  /** Moves a kind's clock to an event's time and forgets the deletes the horizon left behind. */
  advance(kind: Kind, at: string): void {
    const t = Date.parse(at);
    if (!(t > this.clocks[kind])) return;
    this.clocks[kind] = t;
    const graves = this.tombstones[kind];
    for (const [id, deletedAt] of graves) {
      if (deletedAt > t - TOMBSTONE_HORIZON_MS) break;
      graves.delete(id);
    }
  }

  /** Deletes remembered, per kind. */
  get tombstoneCounts(): Record<Kind, number> {
    return { listing: this.tombstones.listing.size, business: this.tombstones.business.size };
  }

  private newer(version: string, held: string | undefined): boolean {
    return held === undefined || Date.parse(held) <= Date.parse(version);
  }

  putListing(listing: Listing): boolean {
    if (this.tombstones.listing.has(listing.id) || !this.newer(listing.updatedAt, this.listings.get(listing.id)?.updatedAt)) return false;
    this.listings.put(listing);
    this.revisions.listing++;
    this.words.put('listing', listing.id, listing.title, listing.description);
    return true;
  }

  deleteListing(id: string, at: string): void {
    this.tombstones.listing.set(id, Date.parse(at));
    this.listings.remove(id);
    this.revisions.listing++;
    this.words.remove('listing', id);
  }

  putPost(post: ForumPost): boolean {
    if (!this.newer(post.updatedAt, this.posts.get(post.id)?.updatedAt)) return false;
    this.posts.set(post.id, post);
    this.revisions.post++;
    this.words.put('post', post.id, post.title, post.content);
    return true;
  }

  putBusiness(business: Business, version: string): boolean {
    if (this.tombstones.business.has(business.id) || !this.newer(version, this.businessVersions.get(business.id))) return false;
    this.businessVersions.set(business.id, version);
    const held = this.businesses.get(business.id);
    // A review counted after this version's event keeps its rating.
    const rated = held && held.reviewCount > business.reviewCount ? { ...business, rating: held.rating, reviewCount: held.reviewCount } : business;
    this.businesses.set(business.id, rated);
    this.revisions.business++;
    this.words.put('business', business.id, business.name, [business.description, business.category, business.address].join(' '));
    return true;
  }

  /** A review: the business's rating after it, kept when it counts more reviews than what is held. */
  rateBusiness(id: string, rating: number, reviewCount: number): void {
    const held = this.businesses.get(id);
    if (held && reviewCount > held.reviewCount) this.businesses.set(id, { ...held, rating, reviewCount });
  }

  deleteBusiness(id: string, at: string): void {
    this.tombstones.business.set(id, Date.parse(at));
    this.businessVersions.delete(id);
    this.businesses.delete(id);
    this.revisions.business++;
    this.words.remove('business', id);
  }

  getBusiness(id: string): Business | undefined {
    return this.businesses.get(id);
  }

  getPost(id: string): ForumPost | undefined {
    return this.posts.get(id);
  }

  /** The documents and the deletes still remembered, with the streams' sequences they cover (taken in one go). */
  snapshot(streams: Record<string, number>): Snapshot {
    return {
      format: 1,
      takenAt: new Date().toISOString(),
      streams: { ...streams },
      listings: this.listings.all(),
      posts: [...this.posts.values()],
      businesses: [...this.businesses.values()].map((business) => ({ business, version: this.businessVersions.get(business.id)! })),
      tombstones: { listing: [...this.tombstones.listing], business: [...this.tombstones.business] },
      clocks: { ...this.clocks },
    };
  }

  /** An index holding what a snapshot held. */
  static fromSnapshot(snapshot: Snapshot): SearchIndex {
    const index = new SearchIndex();
    for (const l of snapshot.listings) index.putListing(l);
    for (const p of snapshot.posts) index.putPost(p);
    for (const { business, version } of snapshot.businesses) index.putBusiness(business, version);
    index.tombstones = { listing: new Map(snapshot.tombstones.listing), business: new Map(snapshot.tombstones.business) };
    index.clocks = { ...snapshot.clocks };
    return index;
  }

  get counts() {
    return { listings: this.listings.size, businesses: this.businesses.size, posts: this.posts.size };
  }
}
