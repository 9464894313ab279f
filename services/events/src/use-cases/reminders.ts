import { runInTransaction } from '@cp/service-kit';
import type { CalendarDoc } from '../data/calendar-repository.ts';
import type { EventsDeps } from './deps.ts';
import { addDays, siteDay, siteHour } from './event-times.ts';
import { reminderNotice, requestNotice } from './notices.ts';

export interface ReminderRun {
  day: string;
  mailed: number;
}

/** Users a page of the reminder run reads (with every answer of theirs for the day). */
export const REMINDER_PAGE_USERS = 200;

/**
 * The day before (in America/New_York), each user going to events tomorrow gets ONE notice mail listing all of them,
 * unless they stopped reminders. Idempotent: each mail's noticeId (`reminder.<userId>.<day>`) is recorded in the
 * transaction that asks comms for it, so a run again (the next tick, another replica after a crash) asks for nothing
 * twice; comms also mails a noticeId once. Not before `fromHour` (REMINDER_FROM_HOUR) of the site's day. Runs under the
 * kit's lease (jobs/reminders.ts). Bounded: the day's answers are read `pageUsers` users at a time (each user's whole
 * day in one page), and only the events those answers name are read.
 */
export async function sendReminders(deps: EventsDeps, now: Date, fromHour = 0, pageUsers = REMINDER_PAGE_USERS): Promise<ReminderRun> {
  const day = addDays(siteDay(now), 1);
  if (siteHour(now) < fromHour) return { day, mailed: 0 };
  let mailed = 0;
  for (let afterUser: string | null = null; ; ) {
    const page = await deps.rsvps.goingOnDay(day, afterUser, pageUsers);
    if (page.size === 0) break;
    const users = [...page.keys()];
    afterUser = users[users.length - 1]!;
    const events = await deps.calendar.openOnDay(day, [...new Set([...page.values()].flat().map((r) => r.listingId))]);
    const byId = new Map(events.map((e) => [e._id, e]));
    const stopped = await deps.reminderOptOuts.optedOut(users);
    for (const [userId, answers] of page) {
      // The events still on for that day, soonest first (the calendar's order, as read).
      const list = answers.map((r) => byId.get(r.listingId)).filter((e): e is CalendarDoc => e !== undefined);
      if (stopped.has(userId) || list.length === 0) continue;
      list.sort((a, b) => events.indexOf(a) - events.indexOf(b));
      const sent = await runInTransaction(deps.conn, (session) => requestNotice(deps, reminderNotice(deps, userId, day, list), session));
      if (sent) mailed += 1;
    }
  }
  if (mailed > 0) deps.logger.info({ day, mailed }, 'event reminders asked for');
  return { day, mailed };
}
