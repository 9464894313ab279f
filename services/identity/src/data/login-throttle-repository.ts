import type { Connection } from 'mongoose';
import { MongoRepository, nullable, storedSchema, trusted } from '@cp/service-kit';

/**
 * Failed-login counters, kept in MongoDB so the rule holds across replicas of identity.
 * Two keys per attempt: the (username, client IP) pair, which throttles quickly, and the username alone,
 * which throttles only after many failures from many places and never for long, so an attacker cannot
 * lock a user out.
 */
export interface ThrottleDoc {
  _id: string;
  failures: number;
  blockedUntil: Date | null;
  expiresAt: Date;
}

const throttleSchema = storedSchema<ThrottleDoc>('login_throttle', {
  _id: String,
  failures: Number,
  blockedUntil: nullable(Date),
  expiresAt: Date,
});
throttleSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export interface ThrottleRule {
  /** Failures allowed before any wait. */
  free: number;
  /** First wait, doubled after each further failure. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** The counter is forgotten this long after the last failure. */
  windowMs: number;
}

export class LoginThrottleRepository extends MongoRepository<ThrottleDoc> {
  constructor(conn: Connection) {
    super(conn, 'LoginThrottle', throttleSchema);
  }
  /** Milliseconds the caller must still wait for any of the keys, 0 when free. */
  async waitMs(keys: string[], now: Date): Promise<number> {
    const docs = await this.model.find({ _id: trusted({ $in: keys }), blockedUntil: trusted({ $gt: now }) }).lean<ThrottleDoc[]>().exec();
    return docs.reduce((max, d) => Math.max(max, (d.blockedUntil?.getTime() ?? 0) - now.getTime()), 0);
  }
  async recordFailure(key: string, rule: ThrottleRule, now: Date): Promise<void> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: key },
        { $inc: { failures: 1 }, $set: { expiresAt: new Date(now.getTime() + rule.windowMs) }, $setOnInsert: { blockedUntil: null } },
        { upsert: true, returnDocument: 'after' },
      )
      .lean<ThrottleDoc>()
      .exec();
    if (doc && doc.failures > rule.free) {
      const delay = Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** (doc.failures - rule.free - 1));
      await this.model.updateOne({ _id: key }, { $set: { blockedUntil: new Date(now.getTime() + delay) } }).exec();
    }
  }
  async clear(keys: string[]): Promise<void> {
    await this.model.deleteMany({ _id: trusted({ $in: keys }) }).exec();
  }
}
