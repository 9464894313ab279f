import type { ClientSession, Connection } from 'mongoose';
import { MongoRepository, storedSchema } from '@cp/service-kit';

/**
 * The ad counter's memory of who was counted (issue 26): one document per visitor and ad (and page view), keyed by
 * `_id` (unique), holding the time of the last event counted for it. `expiresAt` (the end of its window) is for
 * cleanup only: MongoDB's TTL monitor removes it then, a minute or more late; the rule is the counter's comparison of
 * the stored time with the event's.
 */
export interface VisitorWindowDoc {
  _id: string;
  at: Date;
  expiresAt: Date;
}

const windowSchema = storedSchema<VisitorWindowDoc>('ad_visitor_windows', { _id: String, at: Date, expiresAt: Date });
windowSchema.index({ expiresAt: 1 }, { name: 'expire', expireAfterSeconds: 0 });

export class VisitorWindowsRepository extends MongoRepository<VisitorWindowDoc> {
  constructor(conn: Connection) {
    super(conn, 'AdVisitorWindow', windowSchema);
  }

  /** The stored time of each key that has one (in the counter's transaction). */
  async lastCounted(ids: string[], session: ClientSession): Promise<Map<string, Date>> {
    if (ids.length === 0) return new Map();
    const docs = await this.model.collection.find({ _id: { $in: ids } } as never, { session, projection: { at: 1 } }).toArray();
    return new Map(docs.map((d) => [String(d._id), d.at as Date]));
  }

  /** Stores what the counter counted (upserts: a key may be new or renewed), in its transaction. */
  async record(entries: VisitorWindowDoc[], session: ClientSession): Promise<void> {
    if (entries.length === 0) return;
    await this.model.collection.bulkWrite(
      entries.map((e) => ({ updateOne: { filter: { _id: e._id } as never, update: { $set: { at: e.at, expiresAt: e.expiresAt } }, upsert: true } })),
      { session, ordered: false },
    );
  }
}
