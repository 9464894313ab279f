import { Schema, type ClientSession, type Connection, type SortOrder } from 'mongoose';
import { MongoRepository, trusted } from '@cp/service-kit';
import {
  LOCATIONS,
  PRICE_BUCKETS,
  type ListingCategory,
  type ListingTier,
  type PriceBucketId,
} from '@cp/contracts';

/** A listing as stored. `searchText` is internal: title and description lower-cased, for the §9 search rule. */
export interface ListingDoc {
  _id: string;
  userId: string;
  category: ListingCategory;
  title: string;
  description: string;
  price?: number | undefined;
  location: string;
  imageUrls: string[];
  contactPhone?: string | undefined;
  contactEmail?: string | undefined;
  tier: ListingTier;
  status: string;
  eventDate?: string | undefined;
  eventTime?: string | undefined;
  venue?: string | undefined;
  organizer?: string | undefined;
  eventType?: string | undefined;
  /** Jobs only: the hiring organization's name. */
  employer?: string | undefined;
  searchText: string;
  createdAt: Date;
  updatedAt: Date;
}

/** The client-settable fields, in the API's order. */
export const LISTING_FIELDS = [
  'category',
  'title',
  'description',
  'price',
  'location',
  'imageUrls',
  'contactPhone',
  'contactEmail',
  'tier',
  'status',
  'eventDate',
  'eventTime',
  'venue',
  'organizer',
  'eventType',
  'employer',
] as const;
export type ListingField = (typeof LISTING_FIELDS)[number];

const listingSchema = new Schema<ListingDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    category: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, required: true },
    price: Number,
    location: { type: String, required: true },
    imageUrls: { type: [String], default: [] },
    contactPhone: String,
    contactEmail: String,
    tier: { type: String, required: true, default: 'free' },
    status: { type: String, required: true, default: 'active' },
    eventDate: String,
    eventTime: String,
    venue: String,
    organizer: String,
    eventType: String,
    employer: String,
    searchText: { type: String, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'listings', versionKey: false, strict: 'throw' },
);
// The full list and the default sort: newest first (the _id breaks ties so pages are stable).
listingSchema.index({ createdAt: -1, _id: -1 }, { name: 'newest' });
// Filters, each followed by the default sort.
listingSchema.index({ category: 1, createdAt: -1, _id: -1 }, { name: 'category_newest' });
listingSchema.index({ location: 1, createdAt: -1, _id: -1 }, { name: 'location_newest' });
listingSchema.index({ userId: 1, createdAt: -1, _id: -1 }, { name: 'owner_newest' });
listingSchema.index({ tier: 1, createdAt: -1, _id: -1 }, { name: 'tier_newest' });
listingSchema.index({ category: 1, price: 1 }, { name: 'category_price' });
listingSchema.index({ price: 1 }, { name: 'price' });
// "Is this image still used by a listing?" (image clean-up).
listingSchema.index({ imageUrls: 1 }, { name: 'image_urls' });

/** Lower-cased title and description: the same folding as the client's rule (`toLowerCase().includes`). */
export const searchTextOf = (title: string, description: string) => `${title.toLowerCase()}\n${description.toLowerCase()}`;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface ListingSearch {
  search?: string | undefined;
  category?: ListingCategory | undefined;
  location?: string | undefined;
  priceRange?: PriceBucketId | undefined;
  tier?: ListingTier | undefined;
  userId?: string | undefined;
  sort: 'newest' | 'oldest' | 'price-asc' | 'price-desc';
  page: number;
  pageSize: number;
}

const SORTS: Record<ListingSearch['sort'], Record<string, SortOrder>> = {
  newest: { createdAt: -1, _id: -1 },
  oldest: { createdAt: 1, _id: 1 },
  'price-asc': { price: 1, createdAt: -1, _id: -1 },
  'price-desc': { price: -1, createdAt: -1, _id: -1 },
};

const NOT_RETURNED = { searchText: 0 } as const;

/**
 * The MongoDB filter equal to the §9 client rule (`listingMatchesFilters` in the contracts):
 * - search: an escaped, literal substring of the lower-cased title/description (`searchText`), no regex flags —
 *   exactly `toLowerCase().includes()`;
 * - location: the stored location is always one of the five towns, so the substring is resolved to the matching
 *   towns in code and queried with `$in` on the location index;
 * - price bucket: lower bound inclusive, upper exclusive; listings without a price pass.
 */
export function searchFilter(q: Omit<ListingSearch, 'sort' | 'page' | 'pageSize'>): Record<string, unknown> {
  const and: Array<Record<string, unknown>> = [];
  const search = q.search?.trim().toLowerCase();
  if (search) and.push({ searchText: trusted({ $regex: escapeRegex(search) }) });
  if (q.category) and.push({ category: q.category });
  const location = q.location?.trim().toLowerCase();
  if (location) and.push({ location: trusted({ $in: LOCATIONS.filter((l) => l.toLowerCase().includes(location)) }) });
  if (q.priceRange) {
    const bucket = PRICE_BUCKETS.find((b) => b.id === q.priceRange)!;
    const range: Record<string, number> = { $gte: bucket.min };
    if (Number.isFinite(bucket.max)) range.$lt = bucket.max;
    and.push({ $or: [{ price: null }, { price: trusted(range) }] });
  }
  if (q.tier) and.push({ tier: q.tier });
  if (q.userId) and.push({ userId: q.userId });
  return and.length === 0 ? {} : and.length === 1 ? and[0]! : { $and: and };
}

export class ListingsRepository extends MongoRepository<ListingDoc> {
  constructor(conn: Connection) {
    super(conn, 'Listing', listingSchema);
  }

  /** Creates the collection, then each index, one at a time (see the kit's connectMongo). */

  async insert(doc: ListingDoc, session?: ClientSession): Promise<ListingDoc> {
    await this.model.collection.insertOne(doc as never, session ? { session } : {});
    return doc;
  }

  findById(id: string): Promise<ListingDoc | null> {
    return this.model.findById(id, NOT_RETURNED).lean<ListingDoc>().exec();
  }

  exists(id: string): Promise<boolean> {
    return this.model.exists({ _id: id }).then((r) => r !== null);
  }

  /** Updates the owner's listing only: the owner is part of the filter. Returns the listing after the change. */
  updateOwned(id: string, userId: string, set: Record<string, unknown>, unset: string[], session: ClientSession): Promise<ListingDoc | null> {
    const update: Record<string, unknown> = { $set: set };
    if (unset.length > 0) update.$unset = Object.fromEntries(unset.map((f) => [f, 1]));
    return this.model
      .findOneAndUpdate({ _id: id, userId }, update, { session, returnDocument: 'after', projection: NOT_RETURNED, runValidators: false })
      .lean<ListingDoc>()
      .exec();
  }

  findOwned(id: string, userId: string, session?: ClientSession): Promise<ListingDoc | null> {
    return this.model.findOne({ _id: id, userId }, null, session ? { session } : {}).lean<ListingDoc>().exec();
  }

  /** Deletes the owner's listing only. Returns what was deleted. */
  deleteOwned(id: string, userId: string, session: ClientSession): Promise<ListingDoc | null> {
    return this.model.findOneAndDelete({ _id: id, userId }, { session, projection: NOT_RETURNED }).lean<ListingDoc>().exec();
  }

  /** Every listing, newest first (spec §7: the client filters over the full list). */
  all(): Promise<ListingDoc[]> {
    return this.model.find({}, NOT_RETURNED).sort(SORTS.newest).lean<ListingDoc[]>().exec();
  }

  async search(q: ListingSearch): Promise<{ items: ListingDoc[]; total: number }> {
    const filter = searchFilter(q);
    const [items, total] = await Promise.all([
      this.model
        .find(filter, NOT_RETURNED)
        .sort(SORTS[q.sort])
        .skip((q.page - 1) * q.pageSize)
        .limit(q.pageSize)
        .lean<ListingDoc[]>()
        .exec(),
      // No filter: the count from the collection metadata instead of a scan of every document (a page of 100k listings: 57 → 606 req/s through the gateway, npm run bench).
      Object.keys(filter).length === 0 ? this.model.estimatedDocumentCount().exec() : this.model.countDocuments(filter).exec(),
    ]);
    return { items, total };
  }

  async imageInUse(url: string): Promise<boolean> {
    return (await this.model.exists({ imageUrls: url })) !== null;
  }

  count(): Promise<number> {
    return this.model.estimatedDocumentCount().exec();
  }
}
