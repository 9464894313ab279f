import type { ClientSession, Connection, Model, SortOrder } from 'mongoose';
import { hiddenUpdate, MongoRepository, optional, storedSchema, trusted, VISIBLE, withDefault, type StoredFields } from '@cp/service-kit';
import { LISTING_DETAIL_KEYS, LISTING_DONE_STATUSES, ListingUpdateSchema, type Listing, type ListingDetailKey } from '@cp/contracts';

/**
 * A listing as stored. The §9 search and filters are not asked here: the search service owns the server-side pages
 * (its index, built from this service's events); this collection answers reads by id, the full list and the owner's.
 * Documents stored before may still hold a `searchText` field, which no read returns. Its shape is the Listing's
 * (contracts), but for the id and the dates, plus the internal fields below.
 */
export type ListingDoc = Omit<Listing, 'id' | 'status' | 'createdAt' | 'updatedAt' | 'moderation' | 'expiresAt' | 'doneAt'> & {
    _id: string;
    /** Any status, even one a later version no longer knows (the mapper passes it on). */
    status: string;
    /**
     * Internal: the hash of the normalised title and description (duplicateKeyOf), for the duplicate-listing rule
     * (issue 21 §5). Absent on listings stored before the rule.
     */
    contentHash?: string | undefined;
    /** Hidden by moderation pending review (moderation.content-hidden; cleared by content-restored). */
    hidden?: boolean | undefined;
    /** Its author is banned (moderation.user-banned; cleared by user-unbanned). */
    authorBanned?: boolean | undefined;
    /** Issue 22: when it stops being shown (lifecycle.ts expiryOf); absent only before the start-up backfill. */
    expiresAt?: Date | undefined;
    /** When it was last renewed (the base of expiresAt; createdAt until then). */
    renewedAt?: Date | undefined;
    /** When the owner marked it sold/rented/filled. */
    doneAt?: Date | undefined;
    /** The expiresAt its owner was reminded of (one reminder per listing and period). */
    remindedFor?: Date | undefined;
    /** Done for DONE_VISIBLE_DAYS: gone from the public like an expired one (set by the lifecycle job). */
    retired?: boolean | undefined;
    createdAt: Date;
    updatedAt: Date;
  };

/** The client-settable fields, in the API's order (the update body's). */
export const LISTING_FIELDS = ListingUpdateSchema.keyof().options;
export type ListingField = (typeof LISTING_FIELDS)[number];

const listingSchema = storedSchema<ListingDoc>('listings', {
  _id: String,
  userId: String,
  category: String,
  title: String,
  description: String,
  price: optional(Number),
  location: String,
  imageUrls: { type: [String], default: [] },
  contactPhone: optional(String),
  contactEmail: optional(String),
  contactPreference: optional(String),
  tier: withDefault(String, 'free'),
  status: withDefault(String, 'active'),
  // The optional details (listing-details.ts), all text.
  ...(Object.fromEntries(LISTING_DETAIL_KEYS.map((key) => [key, optional(String)])) as StoredFields<Pick<ListingDoc, ListingDetailKey>>),
  contentHash: optional(String),
  hidden: optional(Boolean),
  authorBanned: optional(Boolean),
  expiresAt: optional(Date),
  renewedAt: optional(Date),
  doneAt: optional(Date),
  remindedFor: optional(Date),
  retired: optional(Boolean),
  createdAt: Date,
  updatedAt: Date,
});
// The full list and the default sort: newest first (the _id breaks ties so pages are stable).
listingSchema.index({ createdAt: -1, _id: -1 }, { name: 'newest' });
// My Listings: the owner's, newest first.
listingSchema.index({ userId: 1, createdAt: -1, _id: -1 }, { name: 'owner_newest' });
// "Is this image still used by a listing?" (image clean-up).
listingSchema.index({ imageUrls: 1 }, { name: 'image_urls' });
// The duplicate-listing rule: the same user's listings of one content, newest first.
listingSchema.index({ userId: 1, contentHash: 1, createdAt: -1 }, { name: 'owner_content', partialFilterExpression: { contentHash: { $exists: true } } });
// The few moderated listings (hidden, or their author banned): does a viewer own one (ownsModerated), a ban's updateMany.
listingSchema.index({ hidden: 1 }, { name: 'hidden', partialFilterExpression: { hidden: true } });
listingSchema.index({ authorBanned: 1, userId: 1 }, { name: 'author_banned', partialFilterExpression: { authorBanned: true } });
// Issue 22 lifecycle: the job's scans (active listings by expiry: to expire, to remind; done ones by doneAt: to retire),
// and the retired ones.
listingSchema.index({ status: 1, expiresAt: 1 }, { name: 'status_expires' });
listingSchema.index({ status: 1, doneAt: 1 }, { name: 'status_done', partialFilterExpression: { doneAt: { $exists: true } } });
listingSchema.index({ retired: 1, userId: 1 }, { name: 'retired', partialFilterExpression: { retired: true } });

/** The full list's order and My Listings': newest first (the _id breaks ties so pages are stable). */
const NEWEST: Record<string, SortOrder> = { createdAt: -1, _id: -1 };

/** Never returned: the duplicate rule's hash, and the `searchText` that documents stored before may still hold. */
const NOT_RETURNED = { searchText: 0, contentHash: 0 } as const;

/**
 * Whether moderation keeps a listing from the public (issue 21): hidden pending review, or its author banned. Such a
 * listing is gone for everyone but its owner, who still gets it (marked under review).
 */
export const isModerated = (doc: Pick<ListingDoc, 'hidden' | 'authorBanned'>) => doc.hidden === true || doc.authorBanned === true;

/** Statuses the public sees: active, and done (with its badge) until retired. */
export const SHOWN_STATUSES = ['active', ...LISTING_DONE_STATUSES] as const;

/** Listings their lifecycle shows (issue 22): active or done, not retired (the lifecycle job expires and retires them). */
const liveFilter = () => ({ status: trusted({ $in: [...SHOWN_STATUSES] }), retired: trusted({ $ne: true }) });
/** The listings everyone may see: live, neither hidden nor of a banned author (issue 21). */
const publicFilter = () => ({ ...VISIBLE, ...liveFilter() });
/**
 * listing_fingerprints: one document per user and listing content (contentHashOf), written in every create's
 * transaction before the duplicate check, so two identical creates at once conflict and the second sees the first.
 * Kept a day past the last create (TTL), the duplicate rule's window.
 */
interface FingerprintDoc {
  _id: string;
  expiresAt: Date;
}
const fingerprintSchema = storedSchema<FingerprintDoc>('listing_fingerprints', { _id: String, expiresAt: Date }, { strict: true });
fingerprintSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export class ListingsRepository extends MongoRepository<ListingDoc> {
  private readonly fingerprints: Model<FingerprintDoc>;
  constructor(conn: Connection) {
    // findById: the stored listing whatever moderation says (callers decide who may see it), or null; never the fields
    // no read returns.
    super(conn, 'Listing', listingSchema, { projection: NOT_RETURNED });
    this.fingerprints = (conn.models.ListingFingerprint as Model<FingerprintDoc> | undefined) ?? conn.model<FingerprintDoc>('ListingFingerprint', fingerprintSchema);
  }

  override async init(): Promise<void> {
    await super.init();
    await this.fingerprints.createCollection();
    await this.fingerprints.createIndexes();
  }

  /** Writes the user's fingerprint of a listing's content in the create's transaction (see FingerprintDoc). */
  async touchFingerprint(userId: string, contentHash: string, expiresAt: Date, session: ClientSession): Promise<void> {
    await this.fingerprints.updateOne({ _id: `${userId}:${contentHash}` }, { $set: { expiresAt } }, { upsert: true, session }).exec();
  }

  /** Creates the collection, then each index, one at a time (see the kit's connectMongo). */

  exists(id: string): Promise<boolean> {
    return this.model.exists({ _id: id }).then((r) => r !== null);
  }

  /** The stored listings of these ids whatever their state (saved listings decide what each reader is shown). */
  findByIds(ids: readonly string[]): Promise<ListingDoc[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.model.find({ _id: trusted({ $in: [...ids] }) }, NOT_RETURNED).lean<ListingDoc[]>().exec();
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

  /**
   * Whether the viewer owns a listing under moderation. Most never do, and their reads stay the public queries, which
   * the indexes answer in order (a filter with "or the viewer's own" would not use them for the sort).
   */
  private async ownsModerated(viewerId: string | undefined): Promise<boolean> {
    if (!viewerId) return false;
    return (await this.model.exists({ userId: viewerId, $or: [{ hidden: true }, { authorBanned: true }] })) !== null;
  }

  /**
   * Every listing the viewer may see, newest first (spec §7: the client filters over the full list): the public ones
   * and, when the viewer owns live ones under moderation, those merged in (their own expired or retired listings are
   * in My Listings, ownedPage, not here). At most `limit` (the newest): every list
   * is bounded (issue 24 §2).
   */
  async all(viewerId: string | undefined, limit: number): Promise<ListingDoc[]> {
    const [shown, ownsModerated] = await Promise.all([this.model.find(publicFilter(), NOT_RETURNED).sort(NEWEST).limit(limit).lean<ListingDoc[]>().exec(), this.ownsModerated(viewerId)]);
    if (!ownsModerated) return shown;
    const own = await this.model.find({ userId: viewerId, $or: [{ hidden: true }, { authorBanned: true }], ...liveFilter() }, NOT_RETURNED).sort(NEWEST).limit(limit).lean<ListingDoc[]>().exec();
    const newest = (a: ListingDoc, b: ListingDoc) => b.createdAt.getTime() - a.createdAt.getTime() || (a._id < b._id ? 1 : a._id > b._id ? -1 : 0);
    return [...shown, ...own].sort(newest).slice(0, limit);
  }

  /** My Listings: one page of the owner's listings, every one of them (expired, retired, under moderation too), with their total. */
  async ownedPage(userId: string, page: number, pageSize: number): Promise<{ items: ListingDoc[]; total: number }> {
    const [items, total] = await Promise.all([
      this.model.find({ userId }, NOT_RETURNED).sort(NEWEST).skip((page - 1) * pageSize).limit(pageSize).lean<ListingDoc[]>().exec(),
      this.model.countDocuments({ userId }).exec(),
    ]);
    return { items, total };
  }

  /** The user's newest listing of a content (contentHash) created at or after `since`, in the create's transaction. */
  findDuplicate(userId: string, contentHash: string, since: Date, session: ClientSession): Promise<ListingDoc | null> {
    return this.model
      .findOne({ userId, contentHash, createdAt: trusted({ $gte: since }) }, { _id: 1 }, { session })
      .sort({ createdAt: -1 })
      .lean<ListingDoc>()
      .exec();
  }

  /** Sets or clears the moderation flag of one listing (content-hidden / content-restored). Returns whether it exists. */
  async setHidden(id: string, hidden: boolean, session: ClientSession): Promise<boolean> {
    const res = await this.model.collection.updateOne({ _id: id } as never, hiddenUpdate(hidden), { session });
    return res.matchedCount > 0;
  }

  /** Sets or clears the banned-author flag of every listing of a user (user-banned / user-unbanned). Returns how many changed. */
  async setAuthorBanned(userId: string, banned: boolean, session: ClientSession): Promise<number> {
    const res = banned
      ? await this.model.collection.updateMany({ userId, authorBanned: { $ne: true } }, { $set: { authorBanned: true } }, { session })
      : await this.model.collection.updateMany({ userId, authorBanned: true }, { $unset: { authorBanned: 1 } }, { session });
    return res.modifiedCount;
  }

  /** Deletes a listing whoever owns it (moderation's removal). Returns what was deleted. */
  deleteAny(id: string, session: ClientSession): Promise<ListingDoc | null> {
    return this.model.findOneAndDelete({ _id: id }, { session, projection: NOT_RETURNED }).lean<ListingDoc>().exec();
  }

  // Issue 22 lifecycle -------------------------------------------------------------------------------------------

  /** Up to `limit` listings stored before the lifecycle (no expiresAt): the start-up backfill's batch. */
  withoutExpiry(limit: number): Promise<ListingDoc[]> {
    return this.model.find({ expiresAt: trusted({ $exists: false }) }, NOT_RETURNED).limit(limit).lean<ListingDoc[]>().exec();
  }

  /** Sets expiresAt where none is set yet (idempotent: a second replica's backfill changes nothing). */
  async setExpiryIfMissing(id: string, expiresAt: Date): Promise<boolean> {
    const res = await this.model.collection.updateOne({ _id: id, expiresAt: { $exists: false } } as never, { $set: { expiresAt } });
    return res.modifiedCount > 0;
  }

  /** Active listings whose expiresAt is past `now` (the job expires them), oldest expiry first. */
  dueToExpire(now: Date, limit: number): Promise<ListingDoc[]> {
    return this.model.find({ status: 'active', expiresAt: trusted({ $lte: now }) }, { _id: 1 }).sort({ expiresAt: 1 }).limit(limit).lean<ListingDoc[]>().exec();
  }

  /** Marks an active listing past its expiry expired, in the job's transaction; null when it no longer is (renewed, done, gone). */
  expire(id: string, now: Date, session: ClientSession): Promise<ListingDoc | null> {
    return this.model
      .findOneAndUpdate({ _id: id, status: 'active', expiresAt: trusted({ $lte: now }) }, { $set: { status: 'expired' } }, { session, returnDocument: 'after', projection: NOT_RETURNED })
      .lean<ListingDoc>()
      .exec();
  }

  /** Done listings marked before `doneBefore` not yet retired. */
  dueToRetire(doneBefore: Date, limit: number): Promise<ListingDoc[]> {
    return this.model
      .find({ status: trusted({ $in: [...LISTING_DONE_STATUSES] }), doneAt: trusted({ $lte: doneBefore }), retired: trusted({ $ne: true }) }, { _id: 1 })
      .sort({ doneAt: 1 })
      .limit(limit)
      .lean<ListingDoc[]>()
      .exec();
  }

  /** Retires a done listing (gone from the public), in the job's transaction; null when it no longer qualifies. */
  retire(id: string, doneBefore: Date, session: ClientSession): Promise<ListingDoc | null> {
    return this.model
      .findOneAndUpdate(
        { _id: id, status: trusted({ $in: [...LISTING_DONE_STATUSES] }), doneAt: trusted({ $lte: doneBefore }), retired: trusted({ $ne: true }) },
        { $set: { retired: true } },
        { session, returnDocument: 'after', projection: NOT_RETURNED },
      )
      .lean<ListingDoc>()
      .exec();
  }

  /** Active listings expiring in (now, until] whose owner was not yet reminded of this expiresAt. */
  dueForReminder(now: Date, until: Date, limit: number): Promise<ListingDoc[]> {
    // The driver's own find: mongoose's filter sanitising refuses $expr.
    return this.model.collection
      .find({ status: 'active', expiresAt: { $gt: now, $lte: until }, $expr: { $ne: ['$remindedFor', '$expiresAt'] } } as never, { projection: NOT_RETURNED })
      .sort({ expiresAt: 1 })
      .limit(limit)
      .toArray() as unknown as Promise<ListingDoc[]>;
  }

  /**
   * Records that the owner was reminded of this expiresAt — only if the listing is still active with that expiry and
   * was not reminded of it yet. In the transaction of the reminder's event: true exactly once per listing and expiresAt.
   */
  async markReminded(id: string, expiresAt: Date, session: ClientSession): Promise<boolean> {
    const res = await this.model.collection.updateOne(
      { _id: id, status: 'active', expiresAt, remindedFor: { $ne: expiresAt } } as never,
      { $set: { remindedFor: expiresAt } },
      { session },
    );
    return res.modifiedCount > 0;
  }

  /** Renews the owner's (or, `userId` null, the link's) active or expired listing: active again until `expiresAt`. */
  renew(id: string, userId: string | null, expiresAt: Date, now: Date, session: ClientSession): Promise<ListingDoc | null> {
    const filter: Record<string, unknown> = { _id: id, status: trusted({ $in: ['active', 'expired'] }) };
    if (userId !== null) filter.userId = userId;
    return this.model
      .findOneAndUpdate(filter, { $set: { status: 'active', expiresAt, renewedAt: now } }, { session, returnDocument: 'after', projection: NOT_RETURNED })
      .lean<ListingDoc>()
      .exec();
  }

  /** Marks the owner's active listing done; null when it is not the owner's active listing. */
  markDone(id: string, userId: string, status: string, now: Date, session: ClientSession): Promise<ListingDoc | null> {
    return this.model
      .findOneAndUpdate({ _id: id, userId, status: 'active' }, { $set: { status, doneAt: now } }, { session, returnDocument: 'after', projection: NOT_RETURNED })
      .lean<ListingDoc>()
      .exec();
  }

  async imageInUse(url: string): Promise<boolean> {
    return (await this.model.exists({ imageUrls: url })) !== null;
  }

  count(): Promise<number> {
    return this.model.estimatedDocumentCount().exec();
  }
}
