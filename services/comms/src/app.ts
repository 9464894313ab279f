import type Koa from 'koa';
import { createAuth, initStores, NO_SESSIONS, operationsApp, type AuthOptions, type Mailer, type ServiceAppInput } from '@cp/service-kit';
import { ContactMessagesRepository } from './data/contact-messages-repository.ts';
import { NewsletterMailsRepository } from './data/newsletter-mails-repository.ts';
import { NewsletterRepository } from './data/newsletter-repository.ts';
import { MailBatchesRepository } from './data/mail-batches-repository.ts';
import type { UserDirectory } from './data/user-directory.ts';
import { MessageMailOptOutsRepository } from './data/message-mail-opt-outs-repository.ts';
import { SentNoticesRepository } from './data/sent-notices-repository.ts';
import { AlertDigestWindowS, MessageNoticeDelayS, ReplyNoticeWindowS } from './config.ts';
import { MESSAGE_MAIL_UNSUBSCRIBE_PATH } from '@cp/contracts';
import { commsApi, NEWSLETTER_UNSUBSCRIBE_PATH } from './api.ts';
import type { CommsDeps } from './use-cases/deps.ts';

export interface CommsAppInput extends Omit<ServiceAppInput, 'auth'> {
  mailer: Mailer;
  /** Users' addresses: identity's internal endpoint in main (identityUserDirectory). */
  users: UserDirectory;
  /** REPLY_NOTICE_WINDOW_S, ALERT_DIGEST_WINDOW_S and MESSAGE_NOTICE_DELAY_S may be left out: the config schema's defaults. */
  config: Omit<CommsDeps['config'], 'REPLY_NOTICE_WINDOW_S' | 'ALERT_DIGEST_WINDOW_S' | 'MESSAGE_NOTICE_DELAY_S'> &
    Partial<Pick<CommsDeps['config'], 'REPLY_NOTICE_WINDOW_S' | 'ALERT_DIGEST_WINDOW_S' | 'MESSAGE_NOTICE_DELAY_S'>>;
  /**
   * Identity's session verification (main: ctx.sessionAuth): the newsletter sign-up recognises the signed-in owner of
   * an address. Without it every request counts as a visitor's.
   */
  auth?: AuthOptions;
}

/** Builds the comms service (repositories, use cases, routes) on given connections; used by main and by tests. */
export async function buildCommsApp(input: CommsAppInput): Promise<{ app: Koa; deps: CommsDeps }> {
  const deps: CommsDeps = {
    conn: input.conn,
    messages: new ContactMessagesRepository(input.conn),
    newsletter: new NewsletterRepository(input.conn),
    newsletterMails: new NewsletterMailsRepository(input.conn),
    mailBatches: new MailBatchesRepository(input.conn),
    messageMailOptOuts: new MessageMailOptOutsRepository(input.conn),
    sentNotices: new SentNoticesRepository(input.conn),
    users: input.users,
    mailer: input.mailer,
    logger: input.logger,
    config: {
      ...input.config,
      REPLY_NOTICE_WINDOW_S: input.config.REPLY_NOTICE_WINDOW_S ?? ReplyNoticeWindowS.parse(undefined),
      ALERT_DIGEST_WINDOW_S: input.config.ALERT_DIGEST_WINDOW_S ?? AlertDigestWindowS.parse(undefined),
      MESSAGE_NOTICE_DELAY_S: input.config.MESSAGE_NOTICE_DELAY_S ?? MessageNoticeDelayS.parse(undefined),
    },
    now: input.now ?? (() => new Date()),
  };
  await initStores(input.conn, [deps.messages, deps.newsletter, deps.newsletterMails, deps.mailBatches, deps.messageMailOptOuts, deps.sentNotices]);
  // The one-click unsubscribe's body is a form (RFC 8058), read by its route; every other write stays JSON only.
  const app = operationsApp(input, commsApi, deps, input.auth ? createAuth(input.auth) : NO_SESSIONS, { rawBodyPaths: [NEWSLETTER_UNSUBSCRIBE_PATH, MESSAGE_MAIL_UNSUBSCRIBE_PATH] });
  return { app, deps };
}
