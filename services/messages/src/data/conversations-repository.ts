import { Schema, type ClientSession, type Connection } from 'mongoose';
import { MongoRepository, nullable, storedSchema, trusted } from '@cp/service-kit';
import type { ConversationListingStatus } from '@cp/contracts';
import type { Position } from './cursor.ts';

export type Role = 'buyer' | 'owner';
export const otherRole = (role: Role): Role => (role === 'buyer' ? 'owner' : 'buyer');
/** Why a conversation takes no new messages: its listing deleted, expired or retired after done, or moderation removed it. */
export type ClosedReason = 'deleted' | 'expired' | 'done' | 'removed';

/**
 * conversations: one per (listing, buyer), between the buyer and the listing's owner. It keeps a copy of the listing
 * (title, first image, status) so it stays readable when the listing is gone, each side's name, the newest message (a
 * preview, for the inbox), and per side the count of the other's unread messages and when it last read.
 */
export interface ConversationDoc {
  _id: string;
  listingId: string;
  buyerId: string;
  ownerId: string;
  /** [buyerId, ownerId]: the inbox index (multikey). */
  participants: string[];
  names: { buyer: string; owner: string };
  listing: {
    title: string;
    thumbnailUrl: string | null;
    status: ConversationListingStatus;
    /** occurredAt of the newest listing event applied (events of different types may come out of order). */
    eventAt: Date | null;
  };
  closed: boolean;
  closedReason: ClosedReason | null;
  lastMessage: { text: string; senderId: string; createdAt: Date } | null;
  unread: { buyer: number; owner: number };
  lastReadAt: { buyer: Date | null; owner: Date | null };
  createdAt: Date;
  updatedAt: Date;
}

const conversationSchema = storedSchema<ConversationDoc>('conversations', {
  _id: String,
  listingId: String,
  buyerId: String,
  ownerId: String,
  participants: { type: [String], required: true },
  names: { buyer: String, owner: String },
  listing: {
    title: String,
    thumbnailUrl: nullable(String),
    status: String,
    eventAt: nullable(Date),
  },
  closed: Boolean,
  closedReason: nullable(String),
  lastMessage: { type: new Schema({ text: String, senderId: String, createdAt: Date }, { _id: false }), default: null },
  unread: { buyer: Number, owner: Number },
  lastReadAt: { buyer: nullable(Date), owner: nullable(Date) },
  createdAt: Date,
  updatedAt: Date,
});
// The rule "one conversation per (listing, buyer)": two opens at once meet this key, and one of them retries into the other's.
conversationSchema.index({ listingId: 1, buyerId: 1 }, { unique: true, name: 'one_per_listing_buyer' });
conversationSchema.index({ participants: 1, updatedAt: -1, _id: -1 }, { name: 'inbox' });

/** Newest first by (date, id), after a cursor's position. */
const olderThan = (field: string, p: Position) => ({
  $or: [{ [field]: trusted({ $lt: p.at }) }, { [field]: p.at, _id: trusted({ $lt: p.id }) }],
});

export class ConversationsRepository extends MongoRepository<ConversationDoc> {
  constructor(conn: Connection) {
    super(conn, 'Conversation', conversationSchema);
  }

  async findOne(listingId: string, buyerId: string, session?: ClientSession): Promise<ConversationDoc | null> {
    return this.model.findOne({ listingId, buyerId }, null, session ? { session } : {}).lean<ConversationDoc>().exec();
  }

  /**
   * A message of `role` was stored: the newest message, the other side's unread count, the sender's name as it is now.
   * Only while open: false when the conversation closed meanwhile.
   */
  async recordMessage(id: string, role: Role, senderName: string, last: NonNullable<ConversationDoc['lastMessage']>, session: ClientSession): Promise<boolean> {
    const res = await this.model
      .updateOne({ _id: id, closed: false }, { $set: { lastMessage: last, updatedAt: last.createdAt, [`names.${role}`]: senderName }, $inc: { [`unread.${otherRole(role)}`]: 1 } }, { session })
      .exec();
    return res.matchedCount === 1;
  }

  /** `role` read everything of the other side up to `at`. */
  async markRead(id: string, role: Role, at: Date, session: ClientSession): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { [`unread.${role}`]: 0, [`lastReadAt.${role}`]: at } }, { session }).exec();
  }

  /** The user's conversations, newest activity first, after `cursor`; one more than `limit` (is there a next page). */
  async page(userId: string, cursor: Position | undefined, limit: number): Promise<ConversationDoc[]> {
    const filter = cursor ? { participants: userId, ...olderThan('updatedAt', cursor) } : { participants: userId };
    return this.model.find(filter).sort({ updatedAt: -1, _id: -1 }).limit(limit + 1).lean<ConversationDoc[]>().exec();
  }

  /** The other sides' unread messages over all the user's conversations (the inbox index; one number back). */
  async unreadTotal(userId: string): Promise<number> {
    const [row] = await this.model
      .aggregate<{ total: number }>([
        { $match: { participants: userId } },
        { $group: { _id: null, total: { $sum: { $cond: [{ $eq: ['$buyerId', userId] }, '$unread.buyer', '$unread.owner'] } } } },
      ])
      .exec();
    return row?.total ?? 0;
  }

  /** The listing was deleted: every conversation about it is closed for good ('deleted' is final). */
  async listingDeleted(listingId: string, at: Date, session: ClientSession): Promise<void> {
    await this.model
      .updateMany(
        { listingId },
        [{ $set: { 'listing.status': 'deleted', 'listing.eventAt': at, closed: true, closedReason: { $cond: [{ $eq: ['$closedReason', 'removed'] }, 'removed', 'deleted'] } } }],
        { session, updatePipeline: true },
      )
      .exec();
  }

  /** Listing events other than deletion apply when newer than the last one applied, and never to a deleted listing's. */
  private listingFilter(listingId: string, at: Date) {
    return { listingId, 'listing.status': trusted({ $ne: 'deleted' as const }), $or: [{ 'listing.eventAt': null }, { 'listing.eventAt': trusted({ $lte: at }) }] };
  }

  /** The listing left the public (expired, or retired after done): its open conversations close (removed ones stay so). */
  async listingClosed(listingId: string, reason: 'expired' | 'done', status: ConversationListingStatus | undefined, at: Date, session: ClientSession): Promise<void> {
    const set: Record<string, unknown> = { 'listing.eventAt': at, closed: true, closedReason: { $cond: [{ $eq: ['$closedReason', 'removed'] }, 'removed', reason] } };
    if (status) set['listing.status'] = status;
    await this.model.updateMany(this.listingFilter(listingId, at), [{ $set: set }], { session, updatePipeline: true }).exec();
  }

  /** The listing was renewed: conversations closed by its expiry or retirement open again (removed ones do not). */
  async listingRenewed(listingId: string, at: Date, session: ClientSession): Promise<void> {
    await this.model
      .updateMany(
        this.listingFilter(listingId, at),
        [
          {
            $set: {
              'listing.status': 'active',
              'listing.eventAt': at,
              closed: { $cond: [{ $eq: ['$closedReason', 'removed'] }, true, false] },
              closedReason: { $cond: [{ $eq: ['$closedReason', 'removed'] }, 'removed', null] },
            },
          },
        ],
        { session, updatePipeline: true },
      )
      .exec();
  }

  /** The listing was edited: the copy of its title, first image and status follows. */
  async listingUpdated(listingId: string, copy: { title: string; thumbnailUrl: string | null; status: ConversationListingStatus }, at: Date, session: ClientSession): Promise<void> {
    await this.model
      .updateMany(this.listingFilter(listingId, at), { $set: { 'listing.title': copy.title, 'listing.thumbnailUrl': copy.thumbnailUrl, 'listing.status': copy.status, 'listing.eventAt': at } }, { session })
      .exec();
  }

  /** The listing was edited (an event without the listing): the copy of its title follows. */
  async listingTitle(listingId: string, title: string, at: Date, session: ClientSession): Promise<void> {
    await this.model.updateMany(this.listingFilter(listingId, at), { $set: { 'listing.title': title, 'listing.eventAt': at } }, { session }).exec();
  }

  /** Moderation removed the conversation: closed for good, still readable by its two participants. */
  async removeByModeration(id: string, session: ClientSession): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { closed: true, closedReason: 'removed' } }, { session }).exec();
  }
}
