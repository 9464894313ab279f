import type { ClientSession, Connection } from 'mongoose';
import { MongoRepository, storedSchema, visitorSalt } from '@cp/service-kit';

/** Who viewed which post, and when that viewer's view was last counted: one counted view per viewer per post per day. */
interface ViewDoc {
  _id: string;
  at: Date;
}

export const VIEW_WINDOW_S = 24 * 60 * 60;

const viewSchema = storedSchema<ViewDoc>('forum_views', { _id: String, at: Date });
// Cleanup only: MongoDB removes a view a day after it was counted (its TTL monitor runs every minute, late under load).
// The rule itself is firstInWindow's comparison of the stored time with the view's.
viewSchema.index({ at: 1 }, { name: 'expire_after_window', expireAfterSeconds: VIEW_WINDOW_S });

export class ViewsRepository extends MongoRepository<ViewDoc> {
  private readonly conn: Connection;
  constructor(conn: Connection) {
    super(conn, 'ForumView', viewSchema);
    this.conn = conn;
  }

  /**
   * True when this viewer's view of this post at `at` is the first in the window — no view counted yet, or the last one
   * counted at least VIEW_WINDOW_S before `at` — and records it as the counted one; false otherwise. Upserts and
   * conditional updates, never an insert that may fail: a failed write would abort the caller's transaction.
   */
  async firstInWindow(postId: string, viewer: string, at: Date, session: ClientSession): Promise<boolean> {
    const _id = `${postId}:${viewer}`;
    const inserted = await this.model.collection.updateOne({ _id } as never, { $setOnInsert: { at } }, { upsert: true, session });
    if (inserted.upsertedCount === 1) return true;
    const windowStart = new Date(at.getTime() - VIEW_WINDOW_S * 1000);
    const renewed = await this.model.collection.updateOne({ _id, at: { $lte: windowStart } } as never, { $set: { at } }, { session });
    return renewed.modifiedCount === 1;
  }

  /** The salt for visitors' viewer keys (the kit's visitorSalt, in forum_settings): made once, shared by every replica. */
  viewerSalt(): Promise<string> {
    return visitorSalt(this.conn, 'forum_settings');
  }
}
