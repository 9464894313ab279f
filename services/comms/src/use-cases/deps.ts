import type { Connection } from 'mongoose';
import type { Logger, Mailer } from '@cp/service-kit';
import type { ContactMessagesRepository } from '../data/contact-messages-repository.ts';
import type { NewsletterRepository } from '../data/newsletter-repository.ts';
import type { ReplyNoticesRepository } from '../data/reply-notices-repository.ts';
import type { UserDirectory } from '../data/user-directory.ts';

export interface CommsDeps {
  conn: Connection;
  messages: ContactMessagesRepository;
  newsletter: NewsletterRepository;
  replyNotices: ReplyNoticesRepository;
  /** Users' addresses (identity's internal endpoint). */
  users: UserDirectory;
  mailer: Mailer;
  logger: Logger;
  config: { CONTACT_INBOX: string; PUBLIC_URL: string };
  now: () => Date;
}
