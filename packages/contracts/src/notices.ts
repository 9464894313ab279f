import './zod-config.ts';
import { z } from 'zod';
import { IdSchema } from './common.ts';
import { DEPLOYABLE_NAME, NOTICES_DOMAIN } from './deployables.ts';

/**
 * A mail any service may ask comms to send to one of the site's users (issue 35: a team that ships alone must not edit
 * comms to mail its users). The asking service writes what the mail says, as data; comms owns how every mail of the
 * site looks and is sent: the greeting with the user's name (asked of identity at send time, so no address travels in
 * an event), plain text and HTML, the site's sender, the Message-ID, and RFC 8058 one-click unsubscribe headers.
 *
 * It travels as the platform event `notices.mail-requested` on the platform stream `EVENTS_NOTICES` (not on the
 * asking service's own stream), so that comms reads every team's requests with one consumer, including those of teams
 * that did not exist when comms was built. A service asks for it by listing `notices.mail-requested` in its manifest's
 * `publishes` (which also gives it, in Kubernetes, the NATS permission to publish it) and emitting it through its outbox.
 */

/** The event's type: on the platform stream (`NOTICES_DOMAIN`, `events.notices.>`, stream `EVENTS_NOTICES`). */
export const NOTICE_MAIL_REQUESTED = `${NOTICES_DOMAIN}.mail-requested` as const;

export const NOTICE_LIMITS = {
  noticeId: 160,
  subject: 150,
  paragraphs: 20,
  paragraph: 2_000,
  items: 50,
  itemTitle: 200,
  itemDetail: 300,
  actionLabel: 60,
  reason: 300,
  topicLabel: 60,
  url: 2_000,
} as const;

/**
 * A link in a notice. Absolute, http(s); comms mails it only when it is on the site's own origin (PUBLIC_URL), so a
 * notice can never carry users to another site.
 */
const NoticeUrlSchema = z.url({ protocol: /^https?$/ }).max(NOTICE_LIMITS.url);

const line = (max: number) => z.string().trim().min(1).max(max);

export const NoticeMailSchema = z
  .object({
    /**
     * The asking service's key of this notice, the same each time it asks again for the same mail (e.g.
     * `reminder.<userId>.2026-12-05`): comms makes the Message-ID from it, so a mail asked for twice is one mail to the
     * receiver's mail program.
     */
    noticeId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/).max(NOTICE_LIMITS.noticeId),
    /** The asking service (its manifest's name). */
    source: z.string().regex(DEPLOYABLE_NAME),
    /** What kind of notice, one per thing a user can stop on its own (`event-reminders`): the mail's List-Id. */
    topic: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/),
    /** The same in words, for "Stop <topicLabel>" (e.g. "event reminders"). */
    topicLabel: line(NOTICE_LIMITS.topicLabel),
    /** Who gets it. */
    userId: IdSchema,
    subject: line(NOTICE_LIMITS.subject),
    /** The body's paragraphs, plain text (comms escapes them for the HTML part). */
    paragraphs: z.array(line(NOTICE_LIMITS.paragraph)).min(1).max(NOTICE_LIMITS.paragraphs),
    /** A list under the paragraphs: one line each, its title linked, with an optional detail (a date, a place). */
    items: z
      .array(z.object({ title: line(NOTICE_LIMITS.itemTitle), url: NoticeUrlSchema, detail: line(NOTICE_LIMITS.itemDetail).optional() }).strict())
      .max(NOTICE_LIMITS.items)
      .default([]),
    /** One button under the list. */
    action: z.object({ label: line(NOTICE_LIMITS.actionLabel), url: NoticeUrlSchema }).strict().optional(),
    /** Why this user gets this mail, one sentence, shown at the foot. */
    reason: line(NOTICE_LIMITS.reason),
    /**
     * How to stop this topic, both served by the asking service: `oneClickUrl` takes the RFC 8058 POST
     * (`List-Unsubscribe=One-Click`) with no login; `pageUrl` is the page the mail's visible link opens.
     */
    unsubscribe: z.object({ oneClickUrl: NoticeUrlSchema, pageUrl: NoticeUrlSchema }).strict(),
  })
  .strict();
export type NoticeMail = z.output<typeof NoticeMailSchema>;

/** Every link of a notice (comms checks each is on the site's origin before it mails any). */
export function noticeLinks(notice: NoticeMail): string[] {
  return [...notice.items.map((i) => i.url), ...(notice.action ? [notice.action.url] : []), notice.unsubscribe.oneClickUrl, notice.unsubscribe.pageUrl];
}
