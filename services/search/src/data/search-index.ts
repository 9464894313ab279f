import type { Business, ForumPost, Listing } from '@cp/contracts';
import { ListingsIndex } from './listings-index.ts';
import { WordsIndex } from './words-index.ts';

/**
 * What the search service knows, built only from events: the listings (for the §9 page), and the words of listings,
 * businesses and posts. Every change is an upsert of a whole document with its version, or a delete:
 * - an upsert older than what is held is ignored, so a redelivered or late event never rolls a document back;
 * - a delete leaves a tombstone (ids are random and never reused), so an upsert arriving after its delete is ignored.
 * Versions are ISO times: a listing's and a post's `updatedAt`, a business's event time (the API's business has no
 * updatedAt); its rating changes with each review, kept when the review count grows.
 */
export class SearchIndex {
  readonly listings = new ListingsIndex();
  readonly words = new WordsIndex();
  private versions = new Map<string, string>();
  private tombstones = new Set<string>();
  private businesses = new Map<string, Business>();
  private posts = new Map<string, ForumPost>();

  /** True when the document was taken (newer than what is held, and not deleted). */
  private accept(key: string, version: string): boolean {
    if (this.tombstones.has(key)) return false;
    const held = this.versions.get(key);
    if (held !== undefined && Date.parse(held) > Date.parse(version)) return false;
    this.versions.set(key, version);
    return true;
  }

  private bury(key: string): void {
    this.tombstones.add(key);
    this.versions.delete(key);
  }

  putListing(listing: Listing): boolean {
    if (!this.accept(`listing:${listing.id}`, listing.updatedAt)) return false;
    this.listings.put(listing);
    this.words.put('listing', listing.id, listing.title, listing.description);
    return true;
  }

  deleteListing(id: string): void {
    this.bury(`listing:${id}`);
    this.listings.remove(id);
    this.words.remove('listing', id);
  }

  putPost(post: ForumPost): boolean {
    if (!this.accept(`post:${post.id}`, post.updatedAt)) return false;
    this.posts.set(post.id, post);
    this.words.put('post', post.id, post.title, post.content);
    return true;
  }

  putBusiness(business: Business, version: string): boolean {
    if (!this.accept(`business:${business.id}`, version)) return false;
    const held = this.businesses.get(business.id);
    // A review counted after this version's event keeps its rating.
    const rated = held && held.reviewCount > business.reviewCount ? { ...business, rating: held.rating, reviewCount: held.reviewCount } : business;
    this.businesses.set(business.id, rated);
    this.words.put('business', business.id, business.name, [business.description, business.category, business.address].join(' '));
    return true;
  }

  /** A review: the business's rating after it, kept when it counts more reviews than what is held. */
  rateBusiness(id: string, rating: number, reviewCount: number): void {
    const held = this.businesses.get(id);
    if (held && reviewCount > held.reviewCount) this.businesses.set(id, { ...held, rating, reviewCount });
  }

  deleteBusiness(id: string): void {
    this.bury(`business:${id}`);
    this.businesses.delete(id);
    this.words.remove('business', id);
  }

  getBusiness(id: string): Business | undefined {
    return this.businesses.get(id);
  }

  getPost(id: string): ForumPost | undefined {
    return this.posts.get(id);
  }

  get counts() {
    return { listings: this.listings.size, businesses: this.businesses.size, posts: this.posts.size };
  }
}
