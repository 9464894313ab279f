import type { ClientSession, Connection, Model } from 'mongoose';
import { conflict, isDuplicateKey, MongoRepository, nullable, storedSchema, trusted } from '@cp/service-kit';
import { BLOCKS_PER_USER_MAX, MESSAGES_MESSAGES } from '@cp/contracts';
import type { Position } from './cursor.ts';

/** blocks: `blockerId` blocked `blockedId` (one record per pair: the id is both). */
export interface BlockDoc {
  _id: string;
  blockerId: string;
  blockedId: string;
  blockedName: string | null;
  createdAt: Date;
}

const blockSchema = storedSchema<BlockDoc>('blocks', {
  _id: String,
  blockerId: String,
  blockedId: String,
  blockedName: nullable(String),
  createdAt: Date,
});
blockSchema.index({ blockerId: 1, createdAt: -1, _id: -1 }, { name: 'blocker_newest' });

/** block_counts: how many users each user blocked, so the list stays within BLOCKS_PER_USER_MAX also under concurrency. */
interface BlockCountDoc {
  _id: string;
  n: number;
}
const countSchema = storedSchema<BlockCountDoc>('block_counts', { _id: String, n: Number }, { strict: true });

const blockId = (blockerId: string, blockedId: string) => `${blockerId}:${blockedId}`;

export class BlocksRepository extends MongoRepository<BlockDoc> {
  private readonly counts: Model<BlockCountDoc>;
  constructor(conn: Connection) {
    super(conn, 'Block', blockSchema);
    this.counts = (conn.models.BlockCount as Model<BlockCountDoc> | undefined) ?? conn.model<BlockCountDoc>('BlockCount', countSchema);
  }

  override async init(): Promise<void> {
    await super.init();
    await this.counts.createCollection();
  }

  async isBlocked(blockerId: string, blockedId: string): Promise<boolean> {
    return (await this.model.exists({ _id: blockId(blockerId, blockedId) })) !== null;
  }

  /** Which of `others` the user blocked. */
  async blockedAmong(blockerId: string, others: string[]): Promise<Set<string>> {
    if (others.length === 0) return new Set();
    const docs = await this.model
      .find({ _id: trusted({ $in: others.map((o) => blockId(blockerId, o)) }) }, { blockedId: 1 })
      .lean<Array<Pick<BlockDoc, 'blockedId'>>>()
      .exec();
    return new Set(docs.map((d) => d.blockedId));
  }

  /**
   * Blocks (false: already blocked, nothing changed). The count goes up only below the bound: at the bound the
   * conditional upsert meets the existing count's key (409, the transaction aborts, nothing stored). Two blocks of one
   * pair at once: the second meets the block's key (a duplicate-key error the caller reads as "already blocked").
   */
  async block(doc: Omit<BlockDoc, '_id'>, session: ClientSession): Promise<boolean> {
    const _id = blockId(doc.blockerId, doc.blockedId);
    if ((await this.model.exists({ _id }).session(session)) !== null) return false;
    await this.model.collection.insertOne({ _id, ...doc } as never, { session });
    try {
      await this.counts.updateOne({ _id: doc.blockerId, n: trusted({ $lt: BLOCKS_PER_USER_MAX }) }, { $inc: { n: 1 } }, { upsert: true, session }).exec();
    } catch (err) {
      if (isDuplicateKey(err)) throw conflict(MESSAGES_MESSAGES.tooManyBlocks);
      throw err;
    }
    return true;
  }

  async unblock(blockerId: string, blockedId: string, session: ClientSession): Promise<void> {
    const res = await this.model.deleteOne({ _id: blockId(blockerId, blockedId) }, { session }).exec();
    if (res.deletedCount === 1) await this.counts.updateOne({ _id: blockerId }, { $inc: { n: -1 } }, { session }).exec();
  }

  async page(blockerId: string, cursor: Position | undefined, limit: number): Promise<BlockDoc[]> {
    const filter = cursor
      ? { blockerId, $or: [{ createdAt: trusted({ $lt: cursor.at }) }, { createdAt: cursor.at, _id: trusted({ $lt: blockId(blockerId, cursor.id) }) }] }
      : { blockerId };
    return this.model.find(filter).sort({ createdAt: -1, _id: -1 }).limit(limit + 1).lean<BlockDoc[]>().exec();
  }
}
