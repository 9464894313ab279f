import { Schema, type ClientSession, type Connection } from 'mongoose';
import { afterCursor, MongoRepository, nullable, optional, sortOf, storedSchema, trusted, withDefault, type SortKey } from '@cp/service-kit';
import type { AD_PLACEMENTS, AD_PRICING_TIERS, AD_SIZES, AD_STATUSES } from '@cp/contracts';

/**
 * advertisements (spec §3) as stored. The counters (counted and filtered) only ever change with $inc, by the ad
 * counter's batches. `statusChanges` are the stored status's last changes (the status set and when, oldest first, at
 * most STATUS_CHANGES_KEPT), so the counter can tell whether an ad was showing when an event happened; documents
 * older than it lack it: their status is taken as unchanged since `createdAt`.
 */
export interface AdDoc {
  _id: string;
  title: string;
  description: string;
  imageUrl: string | null;
  ctaText: string;
  ctaUrl: string;
  placement: (typeof AD_PLACEMENTS)[number];
  size: (typeof AD_SIZES)[number];
  pricingTier: (typeof AD_PRICING_TIERS)[number] | null;
  status: (typeof AD_STATUSES)[number];
  impressions: number;
  clicks: number;
  impressionsFiltered?: number;
  clicksFiltered?: number;
  statusChanges?: StatusChange[];
  startDate: Date | null;
  endDate: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The stored status set at `at`. */
export interface StatusChange {
  at: Date;
  status: (typeof AD_STATUSES)[number];
}

/** How many status changes an ad keeps: enough for any event the counter may still fold (it lags by seconds). */
export const STATUS_CHANGES_KEPT = 20;

/** What an admin sets (spec §5 Advertisement: everything but id, impressions, clicks and the timestamps). */
export type AdFields = Pick<AdDoc, 'title' | 'description' | 'imageUrl' | 'ctaText' | 'ctaUrl' | 'placement' | 'size' | 'pricingTier' | 'status' | 'startDate' | 'endDate'>;

const adSchema = storedSchema<AdDoc>('advertisements', {
  _id: String,
  title: String,
  description: String,
  imageUrl: nullable(String),
  ctaText: String,
  ctaUrl: String,
  placement: String,
  size: String,
  pricingTier: nullable(String),
  status: String,
  impressions: withDefault(Number, 0),
  clicks: withDefault(Number, 0),
  impressionsFiltered: optional(Number),
  clicksFiltered: optional(Number),
  statusChanges: { type: [new Schema<StatusChange>({ at: { type: Date, required: true }, status: { type: String, required: true } }, { _id: false })], default: undefined },
  startDate: nullable(Date),
  endDate: nullable(Date),
  createdAt: Date,
  updatedAt: Date,
});
adSchema.index({ createdAt: -1, _id: -1 }, { name: 'newest' });
adSchema.index({ status: 1, placement: 1, createdAt: -1 }, { name: 'showable' });

/** Every list of ads, newest first (the _id breaks ties): the keys of their cursors (the kit's list-page.ts). */
export const AD_ORDER: readonly SortKey[] = [
  { field: 'createdAt', dir: -1, kind: 'date' },
  { field: '_id', dir: -1, kind: 'string' },
];

/** Filters ads by the status they show at `now`: an ad past its end date shows as expired (ad-mapper's shownStatus). */
function shownStatusFilter(status: AdDoc['status'], now: Date): Record<string, unknown> {
  if (status === 'expired') return { $or: [{ status: 'expired' }, { endDate: trusted({ $lt: now }) }] };
  return { status, $or: [{ endDate: null }, { endDate: trusted({ $gte: now }) }] };
}

/** What one counter batch adds to an ad: counted and filtered impressions and clicks. */
export interface AdCounts {
  impressions: number;
  clicks: number;
  impressionsFiltered: number;
  clicksFiltered: number;
}

/** What the counter needs to know of an ad: whether it was showing when an event happened. */
export type AdShowing = Pick<AdDoc, '_id' | 'status' | 'startDate' | 'endDate' | 'createdAt' | 'statusChanges'>;

export class AdsRepository extends MongoRepository<AdDoc> {
  constructor(conn: Connection) {
    super(conn, 'Advertisement', adSchema);
  }

  /**
   * Up to `limit` ads, newest first, after `cursor` (admins), optionally of one placement and of the status they show at
   * `now` (400 for a cursor not of this list).
   */
  page(filter: { placement?: AdDoc['placement'] | undefined; status?: AdDoc['status'] | undefined }, now: Date, cursor: string | undefined, limit: number): Promise<AdDoc[]> {
    const parts: Array<Record<string, unknown>> = [];
    if (filter.placement) parts.push({ placement: filter.placement });
    if (filter.status) parts.push(shownStatusFilter(filter.status, now));
    if (cursor) parts.push(afterCursor(cursor, AD_ORDER));
    return this.model
      .find(parts.length ? { $and: parts } : {})
      .sort(sortOf(AD_ORDER))
      .limit(limit)
      .lean<AdDoc[]>()
      .exec();
  }

  /**
   * What visitors may see at `now`: active, started (or no start) and not ended (or no end), newest first; up to
   * `limit` after `cursor` (400 for a cursor not of this list).
   */
  showable(now: Date, placement: AdDoc['placement'] | undefined, cursor: string | undefined, limit: number): Promise<AdDoc[]> {
    return this.model
      .find({
        status: 'active',
        ...(placement ? { placement } : {}),
        $and: [
          { $or: [{ startDate: null }, { startDate: trusted({ $lte: now }) }] },
          { $or: [{ endDate: null }, { endDate: trusted({ $gte: now }) }] },
          ...(cursor ? [afterCursor(cursor, AD_ORDER)] : []),
        ],
      })
      .sort(sortOf(AD_ORDER))
      .limit(limit)
      .lean<AdDoc[]>()
      .exec();
  }

  /**
   * Replaces what an admin sets; the counters and createdAt stay. A changed status is added to `statusChanges` (an ad
   * stored before them gets its status since createdAt first). Null when there is no such ad.
   */
  async update(id: string, fields: AdFields, at: Date, session: ClientSession): Promise<AdDoc | null> {
    const before = await this.model.findById(id, { status: 1, createdAt: 1, statusChanges: 1 }, { session }).lean<Pick<AdDoc, 'status' | 'createdAt' | 'statusChanges'>>().exec();
    if (!before) return null;
    const changes =
      before.status === fields.status
        ? {}
        : { statusChanges: [...(before.statusChanges ?? [{ at: before.createdAt, status: before.status }]), { at, status: fields.status }].slice(-STATUS_CHANGES_KEPT) };
    return this.model.findOneAndUpdate({ _id: id }, { $set: { ...fields, ...changes, updatedAt: at } }, { session, returnDocument: 'after' }).lean<AdDoc>().exec();
  }

  /** The ads of a counter batch, as far as the counter needs them (in its transaction). */
  showing(ids: string[], session: ClientSession): Promise<AdShowing[]> {
    return this.model
      .find({ _id: trusted({ $in: ids }) }, { status: 1, startDate: 1, endDate: 1, createdAt: 1, statusChanges: 1 }, { session })
      .lean<AdShowing[]>()
      .exec();
  }

  async delete(id: string, session: ClientSession): Promise<boolean> {
    return (await this.model.deleteOne({ _id: id }, { session }).exec()).deletedCount === 1;
  }

  /** Adds counted and filtered impressions and clicks per ad, in the counter's transaction (an ad deleted meanwhile is skipped). */
  async addCounts(counts: Map<string, AdCounts>, session: ClientSession): Promise<void> {
    if (counts.size === 0) return;
    await this.model.bulkWrite(
      [...counts].map(([id, c]) => ({
        updateOne: { filter: { _id: id }, update: { $inc: { impressions: c.impressions, clicks: c.clicks, impressionsFiltered: c.impressionsFiltered, clicksFiltered: c.clicksFiltered } } },
      })),
      { session, ordered: false },
    );
  }

  count(): Promise<number> {
    return this.model.estimatedDocumentCount().exec();
  }
}
