import type { Connection } from 'mongoose';
import type { Logger, Mailer } from '@cp/service-kit';
import type { ContactMessagesRepository } from '../data/contact-messages-repository.ts';
import type { NewsletterRepository } from '../data/newsletter-repository.ts';

export interface CommsDeps {
  conn: Connection;
  messages: ContactMessagesRepository;
  newsletter: NewsletterRepository;
  mailer: Mailer;
  logger: Logger;
  config: { CONTACT_INBOX: string; PUBLIC_URL?: string | undefined };
  now: () => Date;
}
