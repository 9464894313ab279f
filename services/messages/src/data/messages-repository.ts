import type { Connection } from 'mongoose';
import { MongoRepository, storedSchema, trusted } from '@cp/service-kit';
import type { Position } from './cursor.ts';

/** messages: one per message, plain text as typed (trimmed), never HTML. Whether it was read is the conversation's lastReadAt. */
export interface MessageDoc {
  _id: string;
  conversationId: string;
  senderId: string;
  text: string;
  createdAt: Date;
}

const messageSchema = storedSchema<MessageDoc>('messages', {
  _id: String,
  conversationId: String,
  senderId: String,
  text: String,
  createdAt: Date,
});
messageSchema.index({ conversationId: 1, createdAt: -1, _id: -1 }, { name: 'conversation_newest' });

export class MessagesRepository extends MongoRepository<MessageDoc> {
  constructor(conn: Connection) {
    super(conn, 'Message', messageSchema);
  }

  /** The newest `limit` (+1: is there an older page) messages before `before`, newest first. */
  async newest(conversationId: string, before: Position | undefined, limit: number): Promise<MessageDoc[]> {
    const filter = before
      ? { conversationId, $or: [{ createdAt: trusted({ $lt: before.at }) }, { createdAt: before.at, _id: trusted({ $lt: before.id }) }] }
      : { conversationId };
    return this.model.find(filter).sort({ createdAt: -1, _id: -1 }).limit(limit + 1).lean<MessageDoc[]>().exec();
  }

  async count(conversationId: string): Promise<number> {
    return this.model.countDocuments({ conversationId }).exec();
  }
}
