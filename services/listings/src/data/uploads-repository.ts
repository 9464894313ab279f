import type { Connection } from 'mongoose';
import { MongoRepository, storedSchema, trusted } from '@cp/service-kit';

/** Who stored an image (POST /api/upload): only its uploader may attach it to a listing. `_id` is the image's URL. */
export interface UploadDoc {
  _id: string;
  userId: string;
  createdAt: Date;
  /** What else shows the image (`forum:<postId>`): the abandoned-upload sweep keeps it; a deleted post lets go of it. */
  claimedBy?: string[] | undefined;
}

const uploadSchema = storedSchema<UploadDoc>('uploads', {
  _id: String,
  userId: String,
  createdAt: Date,
  claimedBy: { type: [String], default: undefined },
});

export class UploadsRepository extends MongoRepository<UploadDoc> {
  constructor(conn: Connection) {
    super(conn, 'Upload', uploadSchema);
  }

  async record(urls: readonly string[], userId: string, at: Date): Promise<void> {
    if (urls.length === 0) return;
    await this.model.collection.insertMany(urls.map((url) => ({ _id: url, userId, createdAt: at })) as never[]);
  }

  /** The URLs among `urls` that `userId` uploaded. */
  async ownedBy(urls: readonly string[], userId: string): Promise<Set<string>> {
    if (urls.length === 0) return new Set();
    const docs = await this.model.find({ _id: trusted({ $in: [...urls] }), userId }, { _id: 1 }).lean<Array<{ _id: string }>>().exec();
    return new Set(docs.map((d) => d._id));
  }

  /** Records that `by` shows the image; returns its uploader, or null when it is no upload of ours. */
  async claim(url: string, by: string): Promise<string | null> {
    const doc = await this.model.findOneAndUpdate({ _id: url }, { $addToSet: { claimedBy: by } }, { returnDocument: 'after' }).lean<UploadDoc>().exec();
    return doc?.userId ?? null;
  }

  /** `by` no longer shows the image (its forum post was deleted); nothing when it did not or the upload is gone. */
  async unclaim(url: string, by: string): Promise<void> {
    await this.model.updateOne({ _id: url }, { $pull: { claimedBy: by } }).exec();
  }

  /** Whether something other than a listing shows the image. */
  async isClaimed(url: string): Promise<boolean> {
    return (await this.model.exists({ _id: url, 'claimedBy.0': trusted({ $exists: true }) })) !== null;
  }

  /** Forgets images whose files were removed (clean-up, sweep); returns how many records there were. */
  async forget(urls: readonly string[]): Promise<number> {
    if (urls.length === 0) return 0;
    return (await this.model.deleteMany({ _id: trusted({ $in: [...urls] }) }).exec()).deletedCount;
  }
}
