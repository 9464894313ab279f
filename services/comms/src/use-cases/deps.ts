import type { Connection } from 'mongoose';
import type { Logger, Mailer } from '@cp/service-kit';
import type { ContactMessagesRepository } from '../data/contact-messages-repository.ts';
import type { NewsletterMailsRepository } from '../data/newsletter-mails-repository.ts';
import type { NewsletterRepository } from '../data/newsletter-repository.ts';
import type { MailBatchesRepository } from '../data/mail-batches-repository.ts';
import type { UserDirectory } from '../data/user-directory.ts';
import type { MessageMailOptOutsRepository } from '../data/message-mail-opt-outs-repository.ts';
import type { SentNoticesRepository } from '../data/sent-notices-repository.ts';
import type { AccountMailLinks } from '../data/account-mail-links.ts';

export interface CommsDeps {
  conn: Connection;
  messages: ContactMessagesRepository;
  newsletter: NewsletterRepository;
  /** One record per newsletter mail asked for (what, to which subscription, sent or not). */
  newsletterMails: NewsletterMailsRepository;
  /** Batched mails (reply notices): mail_batches and their items. */
  mailBatches: MailBatchesRepository;
  /** Users who stopped the unread-message mails (issue 23 §5). */
  messageMailOptOuts: MessageMailOptOutsRepository;
  /** The notices other services asked for that were mailed (each once). */
  sentNotices: SentNoticesRepository;
  /** Users' addresses (identity's internal endpoint). */
  users: UserDirectory;
  mailer: Mailer;
  logger: Logger;
  config: { CONTACT_INBOX: string; PUBLIC_URL: string; REPLY_NOTICE_WINDOW_S: number; ALERT_DIGEST_WINDOW_S: number; MESSAGE_NOTICE_DELAY_S: number };
  now: () => Date;
}

/** What comms' declared consumers take (main's build returns it): its dependencies and identity's account-mail links. */
export interface CommsConsumerDeps extends CommsDeps {
  links: AccountMailLinks;
}
