import type { Connection } from 'mongoose';
import { MongoRepository, storedSchema, trusted } from '@cp/service-kit';

/** A user who stopped the expiry reminders (issue 22 §4, the mail's signed link): their listings still expire. */
export interface ReminderOptOutDoc {
  _id: string;
  optedOutAt: Date;
}

const optOutSchema = storedSchema<ReminderOptOutDoc>('reminder_opt_outs', { _id: String, optedOutAt: Date });

export class ReminderOptOutsRepository extends MongoRepository<ReminderOptOutDoc> {
  constructor(conn: Connection) {
    super(conn, 'ReminderOptOut', optOutSchema);
  }

  /** Records the opt-out (again: the first time stays). */
  async record(userId: string, at: Date): Promise<void> {
    await this.model.collection.updateOne({ _id: userId } as never, { $setOnInsert: { optedOutAt: at } }, { upsert: true });
  }

  /** Which of these users opted out. */
  async optedOut(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const found = await this.model.find({ _id: trusted({ $in: [...new Set(userIds)] }) }, { _id: 1 }).lean<ReminderOptOutDoc[]>().exec();
    return new Set(found.map((d) => d._id));
  }
}
