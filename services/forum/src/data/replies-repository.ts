import { Schema, type ClientSession, type Connection } from 'mongoose';
import { MongoRepository } from '@cp/service-kit';

/** forum_replies (spec §3) as stored, with the author's username. */
export interface ReplyDoc {
  _id: string;
  postId: string;
  userId: string;
  username: string;
  content: string;
  createdAt: Date;
}

const replySchema = new Schema<ReplyDoc>(
  {
    _id: { type: String, required: true },
    postId: { type: String, required: true },
    userId: { type: String, required: true },
    username: { type: String, required: true },
    content: { type: String, required: true },
    createdAt: { type: Date, required: true },
  },
  { collection: 'forum_replies', versionKey: false, strict: 'throw' },
);
// A post's replies, oldest first.
replySchema.index({ postId: 1, createdAt: 1, _id: 1 }, { name: 'post_oldest' });

export class RepliesRepository extends MongoRepository<ReplyDoc> {
  constructor(conn: Connection) {
    super(conn, 'ForumReply', replySchema);
  }

  async insert(doc: ReplyDoc, session: ClientSession): Promise<void> {
    await this.model.collection.insertOne(doc as never, { session });
  }

  forPost(postId: string): Promise<ReplyDoc[]> {
    return this.model.find({ postId }).sort({ createdAt: 1, _id: 1 }).lean<ReplyDoc[]>().exec();
  }
}
