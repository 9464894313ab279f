import { runInTransaction } from '@cp/service-kit';
import type { CalendarDoc } from '../data/calendar-repository.ts';
import type { EventsDeps } from './deps.ts';
import { addDays, siteDay, siteHour } from './event-times.ts';
import { reminderNotice, requestNotice } from './notices.ts';

export interface ReminderRun {
  day: string;
  mailed: number;
}

/**
 * The day before (in America/New_York), each user going to events tomorrow gets ONE notice mail listing all of them,
 * unless they stopped reminders. Idempotent: each mail's noticeId (`reminder.<userId>.<day>`) is recorded in the
 * transaction that asks comms for it, so a run again (the next tick, another replica after a crash) asks for nothing
 * twice; comms also mails a noticeId once. Not before `fromHour` (REMINDER_FROM_HOUR) of the site's day. Runs under the
 * kit's lease (jobs/reminders.ts).
 */
export async function sendReminders(deps: EventsDeps, now: Date, fromHour = 0): Promise<ReminderRun> {
  const day = addDays(siteDay(now), 1);
  if (siteHour(now) < fromHour) return { day, mailed: 0 };
  const events = await deps.calendar.onDay(day);
  const byId = new Map(events.map((e) => [e._id, e]));
  const going = await deps.rsvps.going([...byId.keys()]);
  const perUser = new Map<string, CalendarDoc[]>();
  for (const r of going) {
    const list = perUser.get(r.userId) ?? [];
    list.push(byId.get(r.listingId)!);
    perUser.set(r.userId, list);
  }
  const stopped = await deps.reminderOptOuts.optedOut([...perUser.keys()]);
  let mailed = 0;
  for (const [userId, list] of perUser) {
    if (stopped.has(userId)) continue;
    list.sort((a, b) => a.startsAt!.getTime() - b.startsAt!.getTime() || a._id.localeCompare(b._id));
    const sent = await runInTransaction(deps.conn, (session) => requestNotice(deps, reminderNotice(deps, userId, day, list), session));
    if (sent) mailed += 1;
  }
  if (mailed > 0) deps.logger.info({ day, mailed }, 'event reminders asked for');
  return { day, mailed };
}
