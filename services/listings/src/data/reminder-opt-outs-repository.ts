import type { Connection } from 'mongoose';
import { OptOutsRepository } from '@cp/service-kit';

/** A user who stopped the expiry reminders (issue 22 §4, the mail's signed link): their listings still expire. */
export class ReminderOptOutsRepository extends OptOutsRepository<'optedOutAt'> {
  constructor(conn: Connection) {
    super(conn, { model: 'ReminderOptOut', collection: 'reminder_opt_outs', at: 'optedOutAt' });
  }
}
