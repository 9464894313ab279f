import type { ClientSession, Connection } from 'mongoose';
import { MODERATION_FLAG_FIELDS, ModeratedRepository, optional, storedSchema, VISIBLE, withDefault, type ModerationFlags, type SortKey } from '@cp/service-kit';
import type { ForumCategory } from '@cp/contracts';

/** forum_posts (spec §3) as stored, with the author's username. Counters are only ever changed with $inc. */
export interface PostDoc extends ModerationFlags {
  _id: string;
  userId: string;
  username: string;
  category: ForumCategory;
  title: string;
  content: string;
  imageUrl?: string | undefined;
  replyCount: number;
  viewCount: number;
  createdAt: Date;
  updatedAt: Date;
}

/** What everyone may see, a post or a reply: the kit's moderation rule (moderation-flags.ts). */
export { isVisible, VISIBLE } from '@cp/service-kit';

const postSchema = storedSchema<PostDoc>('forum_posts', {
  _id: String,
  userId: String,
  username: String,
  category: String,
  title: String,
  content: String,
  imageUrl: optional(String),
  replyCount: withDefault(Number, 0),
  viewCount: withDefault(Number, 0),
  createdAt: Date,
  updatedAt: Date,
  ...MODERATION_FLAG_FIELDS,
});
// The list, newest first (the _id breaks ties).
postSchema.index({ createdAt: -1, _id: -1 }, { name: 'newest' });
// A category's page, newest first (the forum's category filter pages from the server).
postSchema.index({ category: 1, createdAt: -1, _id: -1 }, { name: 'category_newest' });
// A user's posts (a ban or an unban flags them all).
postSchema.index({ userId: 1 }, { name: 'author' });

/** The list's order, newest first (the _id breaks ties): the keys of its cursors, served by the indexes above. */
export const POST_ORDER: readonly SortKey[] = [
  { field: 'createdAt', dir: -1, kind: 'date' },
  { field: '_id', dir: -1, kind: 'string' },
];

/** The posts everyone may see, of `category` when given (the list's filter). */
const visibleIn = (category: string | undefined): Record<string, unknown> => ({ ...VISIBLE, ...(category ? { category } : {}) });

export class PostsRepository extends ModeratedRepository<PostDoc> {
  constructor(conn: Connection) {
    super(conn, 'ForumPost', postSchema);
  }

  /**
   * Up to `limit` posts everyone may see (of `category` when given), newest first, after `cursor` (400 when it is not
   * one of this list's): one index range (`newest` or `category_newest`), read no further than `limit` documents.
   */
  page(category: string | undefined, cursor: string | undefined, limit: number): Promise<PostDoc[]> {
    return this.pageQuery(visibleIn(category), POST_ORDER, cursor).limit(limit).lean<PostDoc[]>().exec();
  }

  /** The query plan of page() (tests and the bench check it walks an index in the page's order, with no sort in memory). */
  explainPage(category: string | undefined, cursor: string | undefined, limit: number): Promise<unknown> {
    return this.pageQuery(visibleIn(category), POST_ORDER, cursor).limit(limit).explain('executionStats');
  }

  /**
   * One more reply, in the reply's transaction: the count stays exact however many replies arrive at once. Only on a
   * post the replier may see (visible, or their own): null otherwise.
   */
  async countReply(id: string, replierId: string, at: Date, session: ClientSession): Promise<PostDoc | null> {
    return this.model
      .findOneAndUpdate({ _id: id, $or: [VISIBLE, { userId: replierId }] }, { $inc: { replyCount: 1 }, $set: { updatedAt: at } }, { session, returnDocument: 'after' })
      .lean<PostDoc>()
      .exec();
  }

  /** Sets the count of replies everyone may see (moderation changed which ones are); the post's updatedAt stays. */
  async setReplyCount(id: string, replyCount: number, session: ClientSession): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { replyCount } }, { session }).exec();
  }

  /** One more view (the view counter's consumer); the post's updatedAt does not move for a view. */
  async countView(id: string, session: ClientSession): Promise<void> {
    await this.model.updateOne({ _id: id }, { $inc: { viewCount: 1 } }, { session }).exec();
  }

  count(): Promise<number> {
    return this.model.estimatedDocumentCount().exec();
  }
}
