import type { ClientSession } from 'mongoose';
import { NEWSLETTER_CONFIRM_TTL_DAYS } from '@cp/contracts';
import type { CommsDeps } from './deps.ts';
import { alreadySubscribedContent, confirmationMail, newsletterMail, newsletterMessageId, welcomeContent } from './newsletter-mail.ts';
import { hashNewsletterToken, newNewsletterToken } from './newsletter-tokens.ts';

const CONFIRM_TTL_MS = NEWSLETTER_CONFIRM_TTL_DAYS * 24 * 60 * 60_000;

/**
 * Handler of comms.newsletter-mail-requested: sends the requested mail once. Runs in the consumer's transaction with
 * its "processed" record; the mail's record is marked sent in that transaction, so a later delivery sends nothing. A
 * delivery that dies after the mail server took the mail but before the commit is sent again with the same Message-ID
 * (receivers drop the copy). A confirmation link's token is made here and its hash committed before the mail goes out,
 * so every link that was mailed works (up to MAX_CONFIRM_TOKENS per subscription). The subscription is read as it is
 * now: a mail that no longer fits (confirmed, unsubscribed meanwhile) is skipped.
 */
export async function sendNewsletterMail(
  deps: CommsDeps,
  data: { mailId: string },
  session: ClientSession,
): Promise<'sent' | 'already' | 'skipped' | 'missing'> {
  const record = await deps.newsletterMails.findById(data.mailId, session);
  if (!record) {
    deps.logger.warn({ mailId: data.mailId }, 'newsletter mail record not found; nothing to send');
    return 'missing';
  }
  if (record.sentAt || record.skipped) return 'already';
  const skip = async (reason: string) => {
    await deps.newsletterMails.finish(record._id, { skipped: reason }, session);
    return 'skipped' as const;
  };
  const subscription = await deps.newsletter.findById(record.subscriptionId);
  if (!subscription) return skip('subscription not found');
  const publicUrl = deps.config.PUBLIC_URL;
  const messageId = newsletterMessageId(record.kind, record._id, publicUrl);

  if (record.kind === 'confirmation') {
    const token = newNewsletterToken();
    const added = await deps.newsletter.addConfirmToken(subscription._id, { hash: hashNewsletterToken(token), expiresAt: new Date(deps.now().getTime() + CONFIRM_TTL_MS) });
    if (!added) return skip('not pending any more');
    const link = new URL(`/newsletter/confirm?token=${encodeURIComponent(token)}`, publicUrl).toString();
    await deps.mailer.send(confirmationMail(subscription.email, link, messageId));
  } else {
    if (!subscription.subscribed) return skip('not subscribed any more');
    const unsubscribeToken = subscription.unsubscribeToken ?? (await deps.newsletter.ensureUnsubscribeToken(subscription._id, newNewsletterToken()));
    if (!unsubscribeToken) return skip('subscription not found');
    const content = record.kind === 'welcome' ? welcomeContent(publicUrl) : alreadySubscribedContent();
    await deps.mailer.send(newsletterMail({ email: subscription.email, unsubscribeToken }, content, { publicUrl, messageId }));
  }
  await deps.newsletterMails.finish(record._id, { sentAt: deps.now() }, session);
  return 'sent';
}
