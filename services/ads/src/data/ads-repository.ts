import { Schema, type ClientSession, type Connection } from 'mongoose';
import { MongoRepository, trusted } from '@cp/service-kit';
import type { AD_PLACEMENTS, AD_PRICING_TIERS, AD_SIZES, AD_STATUSES } from '@cp/contracts';

/** advertisements (spec §3) as stored. The counters only ever change with $inc, by the ad counter's batches. */
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
  startDate: Date | null;
  endDate: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What an admin sets (spec §5 Advertisement: everything but id, impressions, clicks and the timestamps). */
export type AdFields = Pick<AdDoc, 'title' | 'description' | 'imageUrl' | 'ctaText' | 'ctaUrl' | 'placement' | 'size' | 'pricingTier' | 'status' | 'startDate' | 'endDate'>;

const adSchema = new Schema<AdDoc>(
  {
    _id: { type: String, required: true },
    title: { type: String, required: true },
    description: { type: String, required: true },
    imageUrl: { type: String, default: null },
    ctaText: { type: String, required: true },
    ctaUrl: { type: String, required: true },
    placement: { type: String, required: true },
    size: { type: String, required: true },
    pricingTier: { type: String, default: null },
    status: { type: String, required: true },
    impressions: { type: Number, required: true, default: 0 },
    clicks: { type: Number, required: true, default: 0 },
    startDate: { type: Date, default: null },
    endDate: { type: Date, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'advertisements', versionKey: false, strict: 'throw' },
);
adSchema.index({ createdAt: -1, _id: -1 }, { name: 'newest' });
adSchema.index({ status: 1, placement: 1, createdAt: -1 }, { name: 'showable' });

export interface AdCounts {
  impressions: number;
  clicks: number;
}

export class AdsRepository extends MongoRepository<AdDoc> {
  constructor(conn: Connection) {
    super(conn, 'Advertisement', adSchema);
  }

  async insert(doc: AdDoc, session?: ClientSession): Promise<void> {
    await this.model.collection.insertOne(doc as never, session ? { session } : {});
  }

  findById(id: string): Promise<AdDoc | null> {
    return this.model.findById(id).lean<AdDoc>().exec();
  }

  /** Every ad, newest first (admins), optionally of one placement. */
  all(placement?: AdDoc['placement']): Promise<AdDoc[]> {
    return this.model.find(placement ? { placement } : {}).sort({ createdAt: -1, _id: -1 }).lean<AdDoc[]>().exec();
  }

  /** What visitors may see at `now`: active, started (or no start) and not ended (or no end), newest first. */
  showable(now: Date, placement?: AdDoc['placement']): Promise<AdDoc[]> {
    return this.model
      .find({
        status: 'active',
        ...(placement ? { placement } : {}),
        $and: [{ $or: [{ startDate: null }, { startDate: trusted({ $lte: now }) }] }, { $or: [{ endDate: null }, { endDate: trusted({ $gte: now }) }] }],
      })
      .sort({ createdAt: -1, _id: -1 })
      .lean<AdDoc[]>()
      .exec();
  }

  /** Replaces what an admin sets; the counters and createdAt stay. Null when there is no such ad. */
  update(id: string, fields: AdFields, at: Date, session: ClientSession): Promise<AdDoc | null> {
    return this.model.findOneAndUpdate({ _id: id }, { $set: { ...fields, updatedAt: at } }, { session, returnDocument: 'after' }).lean<AdDoc>().exec();
  }

  async delete(id: string, session: ClientSession): Promise<boolean> {
    return (await this.model.deleteOne({ _id: id }, { session }).exec()).deletedCount === 1;
  }

  /** Adds counted impressions and clicks per ad, in the counter's transaction (an ad deleted meanwhile is skipped). */
  async addCounts(counts: Map<string, AdCounts>, session: ClientSession): Promise<void> {
    if (counts.size === 0) return;
    await this.model.bulkWrite(
      [...counts].map(([id, c]) => ({ updateOne: { filter: { _id: id }, update: { $inc: { impressions: c.impressions, clicks: c.clicks } } } })),
      { session, ordered: false },
    );
  }

  count(): Promise<number> {
    return this.model.estimatedDocumentCount().exec();
  }
}
