import { randomBytes } from 'node:crypto';
import { Schema, type ClientSession, type Connection, type Model } from 'mongoose';
import { MongoRepository } from '@cp/service-kit';

/** Who viewed which post in the last 24 hours: one counted view per viewer per post per day. */
interface ViewDoc {
  _id: string;
  at: Date;
}

export const VIEW_WINDOW_S = 24 * 60 * 60;

const viewSchema = new Schema<ViewDoc>({ _id: { type: String, required: true }, at: { type: Date, required: true } }, { collection: 'forum_views', versionKey: false, strict: 'throw' });
// MongoDB removes a view a day after it was counted (its TTL monitor runs every minute); then it counts again.
viewSchema.index({ at: 1 }, { name: 'expire_after_window', expireAfterSeconds: VIEW_WINDOW_S });

/** The random salt of visitors' viewer keys, made once and shared by every replica. */
interface SettingDoc {
  _id: string;
  value: string;
}
const settingSchema = new Schema<SettingDoc>({ _id: { type: String, required: true }, value: { type: String, required: true } }, { collection: 'forum_settings', versionKey: false });

export class ViewsRepository extends MongoRepository<ViewDoc> {
  private readonly settings: Model<SettingDoc>;
  constructor(conn: Connection) {
    super(conn, 'ForumView', viewSchema);
    this.settings = new MongoRepository(conn, 'ForumSetting', settingSchema).model;
  }

  /**
   * True when this viewer's view of this post is the first in the window (and records it), false otherwise. An upsert,
   * not an insert that may fail: a failed write would abort the caller's transaction.
   */
  async firstInWindow(postId: string, viewer: string, at: Date, session: ClientSession): Promise<boolean> {
    const result = await this.model.collection.updateOne({ _id: `${postId}:${viewer}` } as never, { $setOnInsert: { at } }, { upsert: true, session });
    return result.upsertedCount === 1;
  }

  /** The salt for visitors' viewer keys: created by the first replica to ask, the same for all after. */
  async viewerSalt(): Promise<string> {
    const doc = await this.settings
      .findOneAndUpdate({ _id: 'viewer-salt' }, { $setOnInsert: { value: randomBytes(32).toString('base64url') } }, { upsert: true, returnDocument: 'after' })
      .lean<SettingDoc>()
      .exec();
    return doc!.value;
  }
}
