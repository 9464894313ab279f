import type { Connection } from 'mongoose';
import { OptOutsRepository } from '@cp/service-kit';

/** message_mail_opt_outs: the users who stopped the unread-message mails (their one-click unsubscribe); keyed by user id. */
export class MessageMailOptOutsRepository extends OptOutsRepository<'at'> {
  constructor(conn: Connection) {
    super(conn, { model: 'MessageMailOptOut', collection: 'message_mail_opt_outs', at: 'at' });
  }
}
