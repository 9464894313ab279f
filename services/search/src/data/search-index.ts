import { withoutHiddenContacts, type Business, type ForumPost, type Listing } from '@cp/contracts';
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
/** The kinds of document search holds (as its hits name them). */
export type DocKind = 'listing' | 'post' | 'business';
/** What moderation decided that search applies: hidden items (`<kind>:<id>`) and banned authors. */
export interface ModerationState {
  hidden: string[];
  banned: string[];
}

/**
 * What the search service knows, built only from events: the listings (for the §9 page), and the words of listings,
 * businesses and posts. Every change is an upsert of a whole document with its version, or a delete:
 * - an upsert older than what is held is ignored, so a redelivered or late event never rolls a document back; the
 *   version is the document's own `updatedAt` (a listing, a post) or, for a business (whose API document has no
 *   updatedAt), its event's time, kept beside it;
 * - a delete leaves a tombstone (ids are random and never reused), so an upsert arriving after its delete is ignored;
 *   it is dropped once the events of its kind are TOMBSTONE_HORIZON_MS past it, when no such upsert can still come.
 * A business's rating changes with each review, kept when the review count grows.
 *
 * Moderation (issue 21) is kept apart from the documents, as two sets: the hidden items and the banned authors. A
 * document in either is withheld — out of the listings page, the words and the sitemaps — but kept, so restoring or
 * unbanning brings it back as it was last changed. The sets do not depend on the order between the owners' streams and
 * moderation's: a document that arrives after its hiding is withheld at once.
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
  /** Listings moderation withholds (out of `listings`), by id. */
  private withheldListings = new Map<string, Listing>();
  /** Hidden items, `<kind>:<id>`. */
  private hidden = new Set<string>();
  /** Banned authors' user ids. */
  private banned = new Set<string>();
  /**
   * Listings their lifecycle retired (issue 22: marked done DONE_VISIBLE_DAYS ago, listings.listing-expired `done`): the
   * public form says only `sold`, so the decision is kept apart, like moderation's, until a renewal.
   */
  private retired = new Set<string>();
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

  /** Whether moderation lets the public see a document: not hidden, its author not banned. */
  isVisible(kind: DocKind, doc: { id: string; userId: string }): boolean {
    return !this.hidden.has(`${kind}:${doc.id}`) && !this.banned.has(doc.userId);
  }

  /** A listing held, withheld ones included. */
  private heldListing(id: string): Listing | undefined {
    return this.listings.get(id) ?? this.withheldListings.get(id);
  }

  /**
   * Whether a listing's lifecycle lets the public see it (issue 22): not expired or taken down (its status, from the
   * listings service's events), not retired.
   */
  private isLive(listing: Listing): boolean {
    return listing.status !== 'expired' && listing.status !== 'inactive' && !this.retired.has(listing.id);
  }

  /** Puts a held listing where moderation and its lifecycle say: the page and the words, or aside. */
  private placeListing(listing: Listing): void {
    if (this.isVisible('listing', listing) && this.isLive(listing)) {
      this.withheldListings.delete(listing.id);
      this.listings.put(listing);
      this.words.put('listing', listing.id, listing.title, listing.description);
    } else {
      this.withheldListings.set(listing.id, listing);
      this.listings.remove(listing.id);
      this.words.remove('listing', listing.id);
    }
    this.revisions.listing++;
  }

  private placePost(post: ForumPost): void {
    if (this.isVisible('post', post)) this.words.put('post', post.id, post.title, post.content);
    else this.words.remove('post', post.id);
    this.revisions.post++;
  }

  private placeBusiness(business: Business): void {
    if (this.isVisible('business', business)) this.words.put('business', business.id, business.name, [business.description, business.category, business.address].join(' '));
    else this.words.remove('business', business.id);
    this.revisions.business++;
  }

  /**
   * Keeps a listing (an event's, or a snapshot's) as its document. Issue 23 §2: a 'messages-only' listing's phone and
   * e-mail are never kept — the listings service's events already leave them out; dropped here again, so neither this
   * service's answers nor its snapshots in S3 can carry them.
   */
  putListing(event: Listing): boolean {
    const listing = withoutHiddenContacts(event);
    if (this.tombstones.listing.has(listing.id) || !this.newer(listing.updatedAt, this.heldListing(listing.id)?.updatedAt)) return false;
    this.placeListing(listing);
    return true;
  }

  /**
   * listings.listing-expired (its listing, status `expired` or still `sold`…, `done`: retired) / listings.listing-renewed
   * (active again): the listing leaves or comes back to everything public. The lifecycle keeps updatedAt, so the
   * version check takes a listing of the same version.
   */
  setListingLifecycle(listing: Listing, retired: boolean): void {
    if (this.tombstones.listing.has(listing.id)) return;
    if (retired) this.retired.add(listing.id);
    else this.retired.delete(listing.id);
    if (!this.putListing(listing)) {
      const held = this.heldListing(listing.id);
      if (held) this.placeListing(held);
    }
  }

  /** Whether the public sees this listing (the sitemap's and the tests' question). */
  isListingPublic(listing: Listing): boolean {
    return this.isVisible('listing', listing) && this.isLive(listing);
  }

  deleteListing(id: string, at: string): void {
    this.retired.delete(id);
    this.tombstones.listing.set(id, Date.parse(at));
    this.listings.remove(id);
    this.withheldListings.delete(id);
    this.hidden.delete(`listing:${id}`);
    this.revisions.listing++;
    this.words.remove('listing', id);
  }

  putPost(post: ForumPost): boolean {
    if (!this.newer(post.updatedAt, this.posts.get(post.id)?.updatedAt)) return false;
    this.posts.set(post.id, post);
    this.placePost(post);
    return true;
  }

  /**
   * A forum post removed by moderation (forum publishes no deletion search reads): gone, and kept hidden, so its
   * creation read later (another stream's order) stays out.
   */
  removePost(id: string): void {
    this.hidden.add(`post:${id}`);
    if (this.posts.delete(id)) this.revisions.post++;
    this.words.remove('post', id);
  }

  /** content-hidden (true) / content-restored (false): the item leaves or comes back to everything public. */
  setHidden(kind: DocKind, id: string, hidden: boolean): void {
    const key = `${kind}:${id}`;
    if (hidden === this.hidden.has(key)) return;
    if (hidden) this.hidden.add(key);
    else this.hidden.delete(key);
    if (kind === 'listing') {
      const held = this.heldListing(id);
      if (held) this.placeListing(held);
    } else if (kind === 'post') {
      const held = this.posts.get(id);
      if (held) this.placePost(held);
    } else {
      const held = this.businesses.get(id);
      if (held) this.placeBusiness(held);
    }
  }

  /** user-banned (true) / user-unbanned (false): every document of the user leaves or comes back. */
  setBanned(userId: string, banned: boolean): void {
    if (banned === this.banned.has(userId)) return;
    if (banned) this.banned.add(userId);
    else this.banned.delete(userId);
    for (const l of [...this.listings.all(), ...this.withheldListings.values()]) if (l.userId === userId) this.placeListing(l);
    for (const p of this.posts.values()) if (p.userId === userId) this.placePost(p);
    for (const b of this.businesses.values()) if (b.userId === userId) this.placeBusiness(b);
  }

  /** The moderation decisions held (snapshots). */
  moderation(): ModerationState {
    return { hidden: [...this.hidden], banned: [...this.banned] };
  }

  putBusiness(business: Business, version: string): boolean {
    if (this.tombstones.business.has(business.id) || !this.newer(version, this.businessVersions.get(business.id))) return false;
    this.businessVersions.set(business.id, version);
    const held = this.businesses.get(business.id);
    // A review counted after this version's event keeps its rating.
    const rated = held && held.reviewCount > business.reviewCount ? { ...business, rating: held.rating, reviewCount: held.reviewCount } : business;
    this.businesses.set(business.id, rated);
    this.placeBusiness(rated);
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
    this.hidden.delete(`business:${id}`);
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
      listings: [...this.listings.all(), ...this.withheldListings.values()],
      posts: [...this.posts.values()],
      businesses: [...this.businesses.values()].map((business) => ({ business, version: this.businessVersions.get(business.id)! })),
      tombstones: { listing: [...this.tombstones.listing], business: [...this.tombstones.business] },
      clocks: { ...this.clocks },
      moderation: this.moderation(),
      retiredListings: [...this.retired],
    };
  }

  /** An index holding what a snapshot held. */
  static fromSnapshot(snapshot: Snapshot): SearchIndex {
    const index = new SearchIndex();
    // The decisions first: the documents are placed by them.
    index.hidden = new Set(snapshot.moderation?.hidden ?? []);
    index.banned = new Set(snapshot.moderation?.banned ?? []);
    index.retired = new Set(snapshot.retiredListings ?? []);
    for (const l of snapshot.listings) index.putListing(l);
    for (const p of snapshot.posts) index.putPost(p);
    for (const { business, version } of snapshot.businesses) index.putBusiness(business, version);
    index.tombstones = { listing: new Map(snapshot.tombstones.listing), business: new Map(snapshot.tombstones.business) };
    index.clocks = { ...snapshot.clocks };
    return index;
  }

  /** The documents the public sees, per kind (moderation's withheld ones left out). */
  /**
   * What the in-memory index holds, apart from the documents (issue 36: "index memory" an operator can watch grow, apart
   * from the process's heap): the listings page's slots, live and dead until its next compaction, and its distinct
   * trigrams; the words index's distinct words and the removed documents its next clean-up drops.
   */
  get stats() {
    const words = this.words.stats;
    return {
      listingSlots: { live: this.listings.size, dead: this.listings.slots - this.listings.size },
      listingTrigrams: this.listings.trigrams,
      words: words.terms,
      wordsNotCleaned: words.removedNotCleaned,
    };
  }

  get counts() {
    let businesses = 0;
    let posts = 0;
    for (const b of this.businesses.values()) if (this.isVisible('business', b)) businesses++;
    for (const p of this.posts.values()) if (this.isVisible('post', p)) posts++;
    return { listings: this.listings.size, businesses, posts };
  }
}
