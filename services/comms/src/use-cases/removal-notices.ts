import type { z } from 'zod';
import { REPORT_KIND_LABELS, REPORT_REASON_LABELS, type ContentRemoved } from '@cp/contracts';
import { escapeHtml, type Mail } from '@cp/service-kit';
import type { CommsDeps } from './deps.ts';
import { SITE } from './mail-parts.ts';
import { recipientOf, type NoRecipient } from './recipient.ts';

type Removal = z.output<(typeof ContentRemoved)['data']>;

export type RemovalNoticeOutcome = 'sent' | 'no-author' | NoRecipient;


/** One Message-ID per removed item (its moderation case): a copy sent again, or a second event of the case, is dropped by receivers. */
export function removalNoticeMessageId(caseId: string, publicUrl: string): string {
  return `<content-removed.${caseId}@${new URL(publicUrl).hostname}>`;
}

/**
 * Where the item was on the site: PUBLIC_URL + the event's path. Only a path of this site (one leading '/', never
 * '//host', which a URL would read as another host); anything else gives no link.
 */
export function siteLink(path: string, publicUrl: string): string | null {
  if (!/^\/(?![/\\])/.test(path)) return null;
  const url = new URL(path, publicUrl);
  return url.origin === new URL(publicUrl).origin ? url.toString() : null;
}

/**
 * The mail to the author of a removed item: what was removed (its kind, title and where it was), why (the reason's
 * label and the moderator's note) and how to reach the site (a reply goes to the operators' inbox; the contact page).
 */
export function removalNoticeMail(to: { email: string; name: string }, removal: Removal, config: Pick<CommsDeps['config'], 'PUBLIC_URL' | 'CONTACT_INBOX'>): Mail {
  const kind = REPORT_KIND_LABELS[removal.kind].toLowerCase();
  const reason = REPORT_REASON_LABELS[removal.reason];
  const link = siteLink(removal.path, config.PUBLIC_URL);
  const contact = new URL('/contact', config.PUBLIC_URL).toString();
  const text = [
    `Hello ${to.name},`,
    '',
    `Our moderators removed your ${kind} "${removal.title}" from ${SITE}.`,
    '',
    `Reason: ${reason}`,
    ...(removal.note ? [`Note from the moderators: ${removal.note}`] : []),
    ...(link ? [`It was at: ${link}`] : []),
    '',
    `If you think this is a mistake or have a question, reply to this e-mail or write to us at ${contact}`,
    '',
    SITE,
  ].join('\n');
  const html =
    `<p>Hello ${escapeHtml(to.name)},</p>` +
    `<p>Our moderators removed your ${escapeHtml(kind)} "${link ? `<a href="${escapeHtml(link)}">${escapeHtml(removal.title)}</a>` : escapeHtml(removal.title)}" from ${SITE}.</p>` +
    `<p><strong>Reason:</strong> ${escapeHtml(reason)}</p>` +
    (removal.note ? `<p><strong>Note from the moderators:</strong></p><blockquote style="white-space:pre-wrap">${escapeHtml(removal.note)}</blockquote>` : '') +
    `<p>If you think this is a mistake or have a question, reply to this e-mail or write to us through our <a href="${escapeHtml(contact)}">contact page</a>.</p>` +
    `<p>${SITE}</p>`;
  return {
    to: to.email,
    subject: `Your ${kind} "${removal.title}" was removed`.slice(0, 150),
    text,
    html,
    replyTo: config.CONTACT_INBOX,
    messageId: removalNoticeMessageId(removal.caseId, config.PUBLIC_URL),
  };
}

/**
 * moderation.content-removed → the mail to the item's author (in the consumer's transaction with its "processed"
 * record: once per event across replicas). The address comes from identity at send time. No author (content without
 * one), an author identity does not know, or one without an address: nothing to send, logged, done — never retried.
 * Identity or the mail server failing throws: the event comes again after the consumer's backoff.
 */
export async function sendRemovalNotice(deps: CommsDeps, removal: Removal): Promise<RemovalNoticeOutcome> {
  if (!removal.authorId) return 'no-author';
  const to = await recipientOf(deps, removal.authorId);
  if (typeof to === 'string') return to;
  await deps.mailer.send(removalNoticeMail(to, removal, deps.config));
  return 'sent';
}
