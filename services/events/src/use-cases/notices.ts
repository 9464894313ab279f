import type { ClientSession } from 'mongoose';
import { NoticeMailRequested, NOTICE_LIMITS, type NoticeMail } from '@cp/contracts';
import { outboxEmitter } from '@cp/service-kit';
import type { CalendarDoc } from '../data/calendar-repository.ts';
import type { EventsDeps, UnsubscribeData } from './deps.ts';
import { UNSUBSCRIBE_PAGE, UNSUBSCRIBE_PATH } from '../values.ts';
import { clockText, dayText } from './event-times.ts';

/** How long an unsubscribe link works. */
const LINK_DAYS = 60;

export const TOPICS = {
  'event-reminders': { label: 'event reminders', reason: 'You receive this e-mail because you said you are going to these events.' },
  'event-changes': { label: 'event change notices', reason: 'You receive this e-mail because you said you are going to this event.' },
} as const;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export const listingUrl = (deps: Pick<EventsDeps, 'publicUrl'>, listingId: string) => `${deps.publicUrl}/listing/${encodeURIComponent(listingId)}`;

/** "6:30 PM, Farm Show Complex" / "All day, Harrisburg". */
export function whenWhere(doc: CalendarDoc, withDay = false): string {
  const when = doc.allDay || !doc.time ? 'All day' : clockText(doc.time);
  const day = withDay && doc.date ? `${dayText(doc.date)}, ` : '';
  return cut(`${day}${when}, ${doc.venue ? `${doc.venue}, ` : ''}${doc.town}`, NOTICE_LIMITS.itemDetail);
}

function unsubscribe(deps: EventsDeps, data: UnsubscribeData): NoticeMail['unsubscribe'] {
  const token = deps.unsubscribeLinks.sign(data, new Date(deps.now().getTime() + LINK_DAYS * 86_400_000));
  const query = `?token=${encodeURIComponent(token)}`;
  // The headers' one-click POST (RFC 8058) goes to the API; the mail's visible link opens a page whose button acts
  // (opening a link changes nothing: mail scanners open links, and some run the page).
  return { oneClickUrl: `${deps.publicUrl}${UNSUBSCRIBE_PATH}${query}`, pageUrl: `${deps.publicUrl}${UNSUBSCRIBE_PAGE}${query}` };
}

/** Asks comms for the mail once: the noticeId recorded in the same transaction as the request (a replay asks nothing). */
export async function requestNotice(deps: EventsDeps, notice: Omit<NoticeMail, 'source' | 'topicLabel' | 'reason' | 'unsubscribe'> & { topic: UnsubscribeData['topic'] }, session: ClientSession): Promise<boolean> {
  if (!(await deps.sentNotices.claim(notice.noticeId, deps.now(), session))) return false;
  const topic = TOPICS[notice.topic];
  const mail: NoticeMail = {
    ...notice,
    source: 'events',
    topicLabel: topic.label,
    reason: topic.reason,
    unsubscribe: unsubscribe(deps, { userId: notice.userId, topic: notice.topic }),
  };
  await outboxEmitter(deps.conn, session)(NoticeMailRequested, mail);
  return true;
}

/** The day-before reminder of one user: every event of `day` they are going to. */
export function reminderNotice(deps: EventsDeps, userId: string, day: string, events: CalendarDoc[]) {
  const titles = events.map((e) => e.title).join(' & ');
  return {
    noticeId: `reminder.${userId}.${day}`,
    topic: 'event-reminders' as const,
    userId,
    subject: cut(`Tomorrow: ${titles}`, NOTICE_LIMITS.subject),
    paragraphs: [`You said you are going to ${events.length === 1 ? 'this event' : 'these events'} tomorrow, ${dayText(day)}.`],
    items: events.slice(0, NOTICE_LIMITS.items).map((e) => ({ title: cut(e.title, NOTICE_LIMITS.itemTitle), url: listingUrl(deps, e._id), detail: whenWhere(e) })),
    action: { label: 'See all events', url: `${deps.publicUrl}/events` },
  };
}

/** An event one is going to changed (date, time, venue) or was cancelled. */
export function changeNotice(deps: EventsDeps, userId: string, changeKey: string, before: CalendarDoc, after: CalendarDoc | null) {
  const cancelled = after === null;
  return {
    noticeId: `change.${before._id}.${changeKey}.${userId}`,
    topic: 'event-changes' as const,
    userId,
    subject: cut(`${cancelled ? 'Cancelled' : 'Changed'}: ${before.title}`, NOTICE_LIMITS.subject),
    paragraphs: cancelled
      ? [`An event you said you are going to was cancelled: ${cut(before.title, 500)} (${whenWhere(before, true)}).`]
      : [`An event you said you are going to changed. It was: ${whenWhere(before, true)}. It is now: ${whenWhere(after, true)}.`],
    items: cancelled ? [] : [{ title: cut(after.title, NOTICE_LIMITS.itemTitle), url: listingUrl(deps, after._id), detail: whenWhere(after, true) }],
    action: { label: 'See all events', url: `${deps.publicUrl}/events` },
  };
}
