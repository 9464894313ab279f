import type { ClientSession } from 'mongoose';
import { noticeLinks, type NoticeMail } from '@cp/contracts';
import { escapeHtml, type Mail } from '@cp/service-kit';
import type { CommsDeps } from './deps.ts';
import { listId, mailButton, oneClickUnsubscribe } from './mail-parts.ts';
import { recipientOf, type NoRecipient } from './recipient.ts';

export type NoticeMailOutcome = 'sent' | 'duplicate' | 'foreign-link' | NoRecipient;


/** One Message-ID per asking service and notice: a notice asked for again is the same mail to the receiver. */
export function noticeMessageId(notice: Pick<NoticeMail, 'source' | 'noticeId'>, publicUrl: string): string {
  return `<notice.${notice.source}.${notice.noticeId}@${new URL(publicUrl).hostname}>`;
}

/** Whether every link of the notice is on the site's own origin (a notice never sends users elsewhere). */
export function linksStayOnSite(notice: NoticeMail, publicUrl: string): boolean {
  const origin = new URL(publicUrl).origin;
  return noticeLinks(notice).every((link) => new URL(link).origin === origin);
}

/**
 * The mail of a notice another service asked for (contracts' notices.ts): the greeting, its paragraphs, its list with
 * linked titles, its button, and at the foot why the user gets it and how to stop this topic — plain text and HTML
 * (every text escaped), with `List-Unsubscribe` (the asking service's one-click URL), `List-Unsubscribe-Post:
 * List-Unsubscribe=One-Click` (RFC 8058) and a `List-Id` per topic and service, so mail programs offer their own
 * unsubscribe button and filters can tell one topic from another.
 */
export function noticeMail(to: { email: string; name: string }, notice: NoticeMail, publicUrl: string): Mail {
  const stop = `Stop ${notice.topicLabel}`;
  const item = (i: NoticeMail['items'][number]) => `- ${i.title}${i.detail ? ` (${i.detail})` : ''}: ${i.url}`;
  const text = [
    `Hello ${to.name},`,
    '',
    ...notice.paragraphs.flatMap((p) => [p, '']),
    ...(notice.items.length > 0 ? [...notice.items.map(item), ''] : []),
    ...(notice.action ? [`${notice.action.label}: ${notice.action.url}`, ''] : []),
    '--',
    notice.reason,
    `${stop}: ${notice.unsubscribe.pageUrl}`,
  ].join('\n');
  const link = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
  const html =
    `<p>Hello ${escapeHtml(to.name)},</p>` +
    notice.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    (notice.items.length > 0 ? `<ul>${notice.items.map((i) => `<li>${link(i.url, i.title)}${i.detail ? ` (${escapeHtml(i.detail)})` : ''}</li>`).join('')}</ul>` : '') +
    (notice.action ? mailButton(notice.action.url, notice.action.label) : '') +
    `<hr>\n<p style="font-size:12px;color:#666">${escapeHtml(notice.reason)} ${link(notice.unsubscribe.pageUrl, stop)}</p>`;
  return {
    to: to.email,
    subject: notice.subject,
    text,
    html,
    messageId: noticeMessageId(notice, publicUrl),
    headers: { ...oneClickUnsubscribe(notice.unsubscribe.oneClickUrl), 'List-Id': listId(notice.topicLabel, `${notice.topic}.${notice.source}`, publicUrl) },
  };
}

/**
 * notices.mail-requested → the mail to the user, in the consumer's transaction with its processed record (once per
 * event across replicas) and with the notice's record (once per notice: asked for again in another event, it is a
 * 'duplicate'). The record is written before the mail is sent, so a send that fails throws, the transaction is undone
 * and the event comes again after the consumer's backoff; identity failing does the same.
 * A notice with a link off the site is never mailed, nor retried. The address comes from identity at send time; a
 * user identity does not know, or without an address: nothing to send, never retried.
 */
export async function sendNoticeMail(deps: CommsDeps, notice: NoticeMail, session: ClientSession): Promise<NoticeMailOutcome> {
  if (!linksStayOnSite(notice, deps.config.PUBLIC_URL)) return 'foreign-link';
  const to = await recipientOf(deps, notice.userId);
  if (typeof to === 'string') return to;
  if (!(await deps.sentNotices.record(`${notice.source}:${notice.noticeId}`, notice.userId, deps.now(), session))) return 'duplicate';
  await deps.mailer.send(noticeMail(to, notice, deps.config.PUBLIC_URL));
  return 'sent';
}
