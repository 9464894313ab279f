import type { ClientSession, Connection } from 'mongoose';
import { MongoRepository, storedSchema, trusted, afterCursor, sortOf, type SortKey } from '@cp/service-kit';

/**
 * calendar_events: the calendar's read model, one document per listing this service heard of, fed only by the
 * listings' and moderation's events (never a call to listings). `v` orders the listing's snapshots: its `updatedAt`,
 * then the envelope's `occurredAt` (a renewal or an expiry leaves updatedAt as it was); a snapshot not newer than `v`
 * changes nothing (a replay, a duplicate, an older event arriving late). A deletion leaves a tombstone (`deleted`)
 * that no later-arriving event of the listing undoes. Moderation's hide/restore is ordered by its own `moderatedAt`;
 * a removal is final. Only `listed` documents (category Events with a real date) are ever answered.
 */
export interface CalendarDoc {
  _id: string;
  ownerId: string | null;
  title: string;
  description: string;
  /** YYYY-MM-DD in the site's time zone (eventStart's); null when the listing is not in the calendar. */
  date: string | null;
  time: string | null;
  timeText: string | null;
  allDay: boolean;
  /** The start (all-day: the day's start). */
  startsAt: Date | null;
  /** Until when it takes answers: the start, or the day's end when all-day. */
  openUntil: Date | null;
  town: string;
  venue: string | null;
  organizer: string | null;
  eventType: string | null;
  price: number;
  imageUrl: string | null;
  /** The listing's status ('active', 'expired', 'sold'...). */
  status: string;
  /** An Events listing with a real date. */
  listed: boolean;
  /** The listing's expiry reason when it left the public ('expired' | 'done'), null while shown. */
  closed: string | null;
  /** Ordering of the listing's snapshots (updatedAt, then occurredAt); null until a snapshot came (a hide came first). */
  vUpdated: Date | null;
  vOccurred: Date | null;
  hidden: boolean;
  moderatedAt: Date | null;
  removed: boolean;
  deleted: boolean;
  deletedAt: Date | null;
  /** Its organizer is banned (moderation.user-banned): hidden like their other content until unbanned. */
  ownerBanned: boolean;
}

/** The listing's fields a snapshot sets. */
export type CalendarFields = Omit<CalendarDoc, '_id' | 'vUpdated' | 'vOccurred' | 'hidden' | 'moderatedAt' | 'removed' | 'deleted' | 'deletedAt' | 'ownerBanned'>;

const s = { type: String, default: null };
const calendarSchema = storedSchema<CalendarDoc>(
  'calendar_events',
  {
    _id: String,
    ownerId: s,
    title: { type: String, default: '' },
    description: { type: String, default: '' },
    date: s,
    time: s,
    timeText: s,
    allDay: { type: Boolean, default: false },
    startsAt: { type: Date, default: null },
    openUntil: { type: Date, default: null },
    town: { type: String, default: '' },
    venue: s,
    organizer: s,
    eventType: s,
    price: { type: Number, default: 0 },
    imageUrl: s,
    status: { type: String, default: 'active' },
    listed: { type: Boolean, default: false },
    closed: s,
    vUpdated: { type: Date, default: null },
    vOccurred: { type: Date, default: null },
    hidden: { type: Boolean, default: false },
    moderatedAt: { type: Date, default: null },
    removed: { type: Boolean, default: false },
    deleted: { type: Boolean, default: false },
    deletedAt: { type: Date, default: null },
    ownerBanned: { type: Boolean, default: false },
  },
  { strict: false },
);
calendarSchema.index({ listed: 1, date: 1, startsAt: 1, _id: 1 });
calendarSchema.index({ listed: 1, openUntil: 1 });
calendarSchema.index({ ownerId: 1 });

/** What every public answer requires: in the calendar, a snapshot came, not hidden, removed or deleted. */
export const SHOWN = { listed: true, hidden: false, removed: false, deleted: false, ownerBanned: false } as const;

export const CALENDAR_ORDER: SortKey[] = [
  { field: 'startsAt', dir: 1, kind: 'date' },
  { field: '_id', dir: 1, kind: 'string' },
];

const EMPTY: Omit<CalendarDoc, '_id'> = {
  ownerId: null, title: '', description: '', date: null, time: null, timeText: null, allDay: false, startsAt: null, openUntil: null, town: '', venue: null,
  organizer: null, eventType: null, price: 0, imageUrl: null, status: 'active', listed: false, closed: null, vUpdated: null, vOccurred: null, hidden: false,
  moderatedAt: null, removed: false, deleted: false, deletedAt: null, ownerBanned: false,
};

const newer = (a: { u: Date; o: Date }, doc: CalendarDoc) =>
  !doc.vUpdated || !doc.vOccurred || a.u.getTime() > doc.vUpdated.getTime() || (a.u.getTime() === doc.vUpdated.getTime() && a.o.getTime() > doc.vOccurred.getTime());

/** Whether a stored document is answered at all (the calendar, one event, its files). */
export const isShown = (doc: CalendarDoc | null): doc is CalendarDoc => !!doc && doc.listed && !doc.hidden && !doc.removed && !doc.deleted && !doc.ownerBanned && doc.vUpdated !== null;

export class CalendarRepository extends MongoRepository<CalendarDoc> {
  constructor(conn: Connection) {
    super(conn, 'CalendarEvent', calendarSchema);
  }

  private get raw() {
    return this.model.collection;
  }

  get(listingId: string, session?: ClientSession): Promise<CalendarDoc | null> {
    return this.raw.findOne({ _id: listingId } as never, session ? { session } : {}) as Promise<CalendarDoc | null>;
  }

  /**
   * Applies a listing snapshot when it is newer than the stored one and the listing was not deleted. Answers what was
   * stored before and after (null `after`: ignored). In the consumer's transaction: two replicas applying events of one
   * listing at once conflict, and the second retries over the first's result.
   */
  async applySnapshot(listingId: string, fields: CalendarFields, v: { u: Date; o: Date }, ownerBanned: boolean, session: ClientSession): Promise<{ before: CalendarDoc | null; after: CalendarDoc | null }> {
    const before = await this.get(listingId, session);
    if (before && (before.deleted || !newer(v, before))) return { before, after: null };
    const after: CalendarDoc = { ...EMPTY, ...before, ...fields, _id: listingId, vUpdated: v.u, vOccurred: v.o, ownerBanned };
    await this.raw.replaceOne({ _id: listingId } as never, after as never, { upsert: true, session });
    return { before, after };
  }

  /** The listing was deleted: the tombstone (kept, so that no earlier event arriving late brings it back). */
  async markDeleted(listingId: string, at: Date, session: ClientSession): Promise<{ before: CalendarDoc | null; changed: boolean }> {
    const before = await this.get(listingId, session);
    if (before?.deleted) return { before, changed: false };
    const after: CalendarDoc = { ...EMPTY, ...before, _id: listingId, deleted: true, deletedAt: at };
    await this.raw.replaceOne({ _id: listingId } as never, after as never, { upsert: true, session });
    return { before, changed: true };
  }

  /** Moderation hid (true) or restored (false) the listing: applied when newer than the last decision; a removal is final. */
  async moderate(listingId: string, hidden: boolean, at: Date, session: ClientSession): Promise<boolean> {
    const before = await this.get(listingId, session);
    if (before?.removed || (before?.moderatedAt && before.moderatedAt.getTime() >= at.getTime())) return false;
    await this.raw.replaceOne({ _id: listingId } as never, { ...EMPTY, ...before, _id: listingId, hidden, moderatedAt: at } as never, { upsert: true, session });
    return true;
  }

  async markRemoved(listingId: string, at: Date, session: ClientSession): Promise<{ before: CalendarDoc | null; changed: boolean }> {
    const before = await this.get(listingId, session);
    if (before?.removed) return { before, changed: false };
    await this.raw.replaceOne({ _id: listingId } as never, { ...EMPTY, ...before, _id: listingId, removed: true, hidden: true, moderatedAt: at } as never, { upsert: true, session });
    return { before, changed: true };
  }

  /** Every event of an organizer hidden (banned) or shown again (unbanned). */
  async setOwnerBanned(ownerId: string, banned: boolean, session: ClientSession): Promise<void> {
    await this.raw.updateMany({ ownerId } as never, { $set: { ownerBanned: banned } }, { session });
  }

  /** The shown events of days `from`..`to` (oldest first), filtered, after the cursor: `limit + 1` documents. */
  range(q: { from: string; to: string; town?: string | undefined; type?: string | undefined; q?: string | undefined; cursor?: string | undefined; limit: number }): Promise<CalendarDoc[]> {
    const filter: Record<string, unknown> = { ...SHOWN, closed: trusted({ $ne: 'done' }), date: trusted({ $gte: q.from, $lte: q.to }) };
    if (q.town) filter.town = q.town;
    if (q.type) filter.eventType = q.type;
    if (q.q) filter.title = trusted({ $regex: q.q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), $options: 'i' });
    const where = q.cursor ? { $and: [filter, afterCursor(q.cursor, CALENDAR_ORDER)] } : filter;
    return this.model.find(where).sort(sortOf(CALENDAR_ORDER)).limit(q.limit + 1).lean<CalendarDoc[]>().exec();
  }

  /** The shown events still open (not started; all-day: not over) up to `until`, soonest first, at most `max`. */
  upcoming(now: Date, until: Date, max: number): Promise<CalendarDoc[]> {
    return this.model
      .find({ ...SHOWN, closed: null, status: 'active', openUntil: trusted({ $gt: now }), startsAt: trusted({ $lt: until }) })
      .sort(sortOf(CALENDAR_ORDER))
      .limit(max)
      .lean<CalendarDoc[]>()
      .exec();
  }

  /** Of these events, the shown, open ones of one day (the reminders' "tomorrow"), soonest first. */
  openOnDay(date: string, listingIds: readonly string[]): Promise<CalendarDoc[]> {
    if (listingIds.length === 0) return Promise.resolve([]);
    return this.model
      .find({ ...SHOWN, closed: null, status: 'active', date, _id: trusted({ $in: [...listingIds] }) })
      .sort(sortOf(CALENDAR_ORDER))
      .lean<CalendarDoc[]>()
      .exec();
  }
}
