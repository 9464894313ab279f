import type { ClientSession, Connection } from 'mongoose';
import { afterCursor, isDuplicateKey, MongoRepository, sortOf, storedSchema, trusted, type SortKey } from '@cp/service-kit';
import type { RsvpAnswer, RsvpCounts } from '../contracts.ts';

/**
 * rsvps: one answer per user and event (`_id` `<listingId>:<userId>`, and a unique index on the pair), changeable. The
 * counts are counted from these documents on an index, never kept beside them, so they are exact whatever runs at once.
 * Each answer carries its event's day (`date`, the calendar's, kept in step when the event moves): the reminders read
 * one day's answers page by page, by user.
 */
export interface RsvpDoc {
  _id: string;
  listingId: string;
  userId: string;
  answer: RsvpAnswer;
  answeredAt: Date;
  /** The event's day (YYYY-MM-DD, the site's time zone); null while it has none. */
  date: string | null;
}

const rsvpSchema = storedSchema<RsvpDoc>('rsvps', { _id: String, listingId: String, userId: String, answer: String, answeredAt: Date, date: { type: String, default: null } });
rsvpSchema.index({ listingId: 1, userId: 1 }, { unique: true });
rsvpSchema.index({ listingId: 1, answer: 1, answeredAt: -1, _id: -1 });
rsvpSchema.index({ listingId: 1, answeredAt: -1, _id: -1 });
rsvpSchema.index({ userId: 1, answer: 1 });
rsvpSchema.index({ date: 1, answer: 1, userId: 1 });

export const ATTENDEES_ORDER: SortKey[] = [
  { field: 'answeredAt', dir: -1, kind: 'date' },
  { field: '_id', dir: -1, kind: 'string' },
];

const idOf = (listingId: string, userId: string) => `${listingId}:${userId}`;

export class RsvpsRepository extends MongoRepository<RsvpDoc> {
  constructor(conn: Connection) {
    super(conn, 'Rsvp', rsvpSchema);
  }

  /** Sets the user's answer (one document per user and event: two requests at once end as one answer). */
  async answer(listingId: string, userId: string, answer: RsvpAnswer, at: Date, date: string | null): Promise<void> {
    const write = () =>
      this.model.collection.updateOne(
        { _id: idOf(listingId, userId) } as never,
        { $set: { answer, answeredAt: at, date }, $setOnInsert: { listingId, userId } },
        { upsert: true },
      );
    try {
      await write();
    } catch (err) {
      // Two upserts of one new document at once: one inserts, the other's insert hits the key; it updates now.
      if (!isDuplicateKey(err)) throw err;
      await write();
    }
  }

  async withdraw(listingId: string, userId: string): Promise<void> {
    await this.model.collection.deleteOne({ _id: idOf(listingId, userId) } as never);
  }

  async answerOf(listingId: string, userId: string): Promise<RsvpAnswer | null> {
    const doc = (await this.model.collection.findOne({ _id: idOf(listingId, userId) } as never)) as RsvpDoc | null;
    return doc?.answer ?? null;
  }

  /** The counts of each event (0 for an event nobody answered). */
  async counts(listingIds: readonly string[]): Promise<Map<string, RsvpCounts>> {
    const out = new Map<string, RsvpCounts>(listingIds.map((id) => [id, { going: 0, interested: 0 }]));
    if (listingIds.length === 0) return out;
    const rows = await this.model
      .aggregate<{ _id: { l: string; a: RsvpAnswer }; n: number }>([
        { $match: { listingId: trusted({ $in: [...listingIds] }) } },
        { $group: { _id: { l: '$listingId', a: '$answer' }, n: { $sum: 1 } } },
      ])
      .exec();
    for (const row of rows) {
      const c = out.get(row._id.l);
      if (c) c[row._id.a] = row.n;
    }
    return out;
  }

  /** One page of an event's answers, newest first: `limit + 1` documents after the cursor. */
  page(listingId: string, q: { answer?: RsvpAnswer | undefined; cursor?: string | undefined; limit: number }): Promise<RsvpDoc[]> {
    const filter: Record<string, unknown> = { listingId, ...(q.answer ? { answer: q.answer } : {}) };
    const where = q.cursor ? { $and: [filter, afterCursor(q.cursor, ATTENDEES_ORDER)] } : filter;
    return this.model.find(where).sort(sortOf(ATTENDEES_ORDER)).limit(q.limit + 1).lean<RsvpDoc[]>().exec();
  }

  /** The event moved to another day: its answers follow (in the transaction that moved it). */
  async setDate(listingId: string, date: string | null, session: ClientSession): Promise<void> {
    await this.model.collection.updateMany({ listingId } as never, { $set: { date } }, { session });
  }

  /**
   * The next users going to something on `date` after `afterUser`, with every answer of theirs for that day: at most
   * about `users` users a page (a user is never split over two pages), in user order; empty when there are no more.
   */
  async goingOnDay(date: string, afterUser: string | null, users: number): Promise<Map<string, RsvpDoc[]>> {
    const userFilter = afterUser === null ? {} : { userId: trusted({ $gt: afterUser }) };
    const next = await this.model
      .find({ date, answer: 'going', ...userFilter }, { userId: 1 })
      .sort({ userId: 1 })
      .limit(users)
      .lean<Array<Pick<RsvpDoc, 'userId'>>>()
      .exec();
    if (next.length === 0) return new Map();
    const last = next[next.length - 1]!.userId;
    const docs = await this.model
      .find({ date, answer: 'going', userId: trusted({ ...(afterUser === null ? {} : { $gt: afterUser }), $lte: last }) })
      .sort({ userId: 1, _id: 1 })
      .lean<RsvpDoc[]>()
      .exec();
    const out = new Map<string, RsvpDoc[]>();
    for (const d of docs) out.set(d.userId, [...(out.get(d.userId) ?? []), d]);
    return out;
  }

  /** Who is going to any of these events (the change notices). */
  going(listingIds: readonly string[], session?: ClientSession): Promise<RsvpDoc[]> {
    if (listingIds.length === 0) return Promise.resolve([]);
    return this.model
      .find({ listingId: trusted({ $in: [...listingIds] }), answer: 'going' }, null, session ? { session } : {})
      .lean<RsvpDoc[]>()
      .exec();
  }
}
