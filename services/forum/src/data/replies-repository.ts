import type { ClientSession, Connection } from 'mongoose';
import { MODERATION_FLAG_FIELDS, ModeratedRepository, storedSchema, VISIBLE, type ModerationFlags, type SortKey } from '@cp/service-kit';

/** forum_replies (spec §3) as stored, with the author's username. */
export interface ReplyDoc extends ModerationFlags {
  _id: string;
  postId: string;
  userId: string;
  username: string;
  content: string;
  createdAt: Date;
}

const replySchema = storedSchema<ReplyDoc>('forum_replies', {
  _id: String,
  postId: String,
  userId: String,
  username: String,
  content: String,
  createdAt: Date,
  ...MODERATION_FLAG_FIELDS,
});
// A post's replies, oldest first.
replySchema.index({ postId: 1, createdAt: 1, _id: 1 }, { name: 'post_oldest' });
// A user's replies (a ban or an unban flags them all).
replySchema.index({ userId: 1 }, { name: 'author' });

/** A post's replies in order, oldest first (the _id breaks ties): the keys of its cursors, served by `post_oldest`. */
export const REPLY_ORDER: readonly SortKey[] = [
  { field: 'createdAt', dir: 1, kind: 'date' },
  { field: '_id', dir: 1, kind: 'string' },
];

export class RepliesRepository extends ModeratedRepository<ReplyDoc> {
  constructor(conn: Connection) {
    super(conn, 'ForumReply', replySchema);
  }

  /**
   * Up to `limit` of a post's replies everyone may see, and the viewer's own hidden ones (when a viewer is given), oldest
   * first, after `cursor` (400 when it is not one of this list's).
   */
  forPost(postId: string, viewerId: string | undefined, cursor: string | undefined, limit: number): Promise<ReplyDoc[]> {
    const shown = viewerId ? { $or: [VISIBLE, { userId: viewerId }] } : VISIBLE;
    const filter = { postId, ...shown };
    return this.pageQuery(filter, REPLY_ORDER, cursor).limit(limit).lean<ReplyDoc[]>().exec();
  }

  /** How many of a post's replies everyone may see (its replyCount). */
  countVisible(postId: string, session: ClientSession): Promise<number> {
    return this.model.countDocuments({ postId, ...VISIBLE }, { session }).exec();
  }

  /** The posts a user replied to (those whose reply counts a ban of the user changes). */
  async postsRepliedToBy(userId: string, session: ClientSession): Promise<string[]> {
    return (await this.model.distinct('postId', { userId }).session(session).exec()) as string[];
  }

  async deleteForPost(postId: string, session: ClientSession): Promise<number> {
    const res = await this.model.deleteMany({ postId }, { session }).exec();
    return res.deletedCount;
  }
}
