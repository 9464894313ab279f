import { startLeasedJob, type LeasedJob } from '@cp/service-kit';
import type { EventsDeps } from '../use-cases/deps.ts';
import { sendReminders } from '../use-cases/reminders.ts';

/** The reminder job: every `everyMs` on one replica at a time (the kit's lease `event-reminders`), from `fromHour`; stoppable. */
export function startReminderJob(deps: EventsDeps, everyMs: number, opts: { holder?: string; runAtStart?: boolean; fromHour?: number } = {}): LeasedJob {
  const { fromHour = 0, ...job } = opts;
  return startLeasedJob({
    conn: deps.conn,
    name: 'event-reminders',
    everyMs,
    logger: deps.logger,
    now: () => deps.now().getTime(),
    run: async (now) => {
      await sendReminders(deps, now, fromHour);
    },
    ...job,
  });
}
