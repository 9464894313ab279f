import { Schema, type ClientSession, type Connection } from 'mongoose';
import { MongoRepository } from '@cp/service-kit';
import type { ForumCategory } from '@cp/contracts';

/** forum_posts (spec §3) as stored, with the author's username. Counters are only ever changed with $inc. */
export interface PostDoc {
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

const postSchema = new Schema<PostDoc>(
  {
    _id: { type: String, required: true },
    userId: { type: String, required: true },
    username: { type: String, required: true },
    category: { type: String, required: true },
    title: { type: String, required: true },
    content: { type: String, required: true },
    imageUrl: String,
    replyCount: { type: Number, required: true, default: 0 },
    viewCount: { type: Number, required: true, default: 0 },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { collection: 'forum_posts', versionKey: false, strict: 'throw' },
);
// The list, newest first (the _id breaks ties).
postSchema.index({ createdAt: -1, _id: -1 }, { name: 'newest' });

export class PostsRepository extends MongoRepository<PostDoc> {
  constructor(conn: Connection) {
    super(conn, 'ForumPost', postSchema);
  }

  async insert(doc: PostDoc, session?: ClientSession): Promise<void> {
    await this.model.collection.insertOne(doc as never, session ? { session } : {});
  }

  findById(id: string, session?: ClientSession): Promise<PostDoc | null> {
    return this.model.findById(id, null, session ? { session } : {}).lean<PostDoc>().exec();
  }

  /** Every post, newest first (spec §7: the client filters by category). */
  all(): Promise<PostDoc[]> {
    return this.model.find({}).sort({ createdAt: -1, _id: -1 }).lean<PostDoc[]>().exec();
  }

  /** One more reply, in the reply's transaction: the count stays exact however many replies arrive at once. */
  async countReply(id: string, at: Date, session: ClientSession): Promise<PostDoc | null> {
    return this.model.findOneAndUpdate({ _id: id }, { $inc: { replyCount: 1 }, $set: { updatedAt: at } }, { session, returnDocument: 'after' }).lean<PostDoc>().exec();
  }

  /** One more view (the view counter's consumer); the post's updatedAt does not move for a view. */
  async countView(id: string, session: ClientSession): Promise<void> {
    await this.model.updateOne({ _id: id }, { $inc: { viewCount: 1 } }, { session }).exec();
  }

  count(): Promise<number> {
    return this.model.estimatedDocumentCount().exec();
  }
}
