import { startLeasedJob, type LeasedJob } from '@cp/service-kit';
import type { EventsDeps } from '../use-cases/deps.ts';
import { sendReminders } from '../use-cases/reminders.ts';

/** The reminder job: every `everyMs` on one replica at a time (the kit's lease `event-reminders`); stoppable. */
export function startReminderJob(deps: EventsDeps, everyMs: number, opts: { holder?: string; runAtStart?: boolean } = {}): LeasedJob {
  return startLeasedJob({
    conn: deps.conn,
    name: 'event-reminders',
    everyMs,
    logger: deps.logger,
    now: () => deps.now().getTime(),
    run: async (now) => {
      await sendReminders(deps, now);
    },
    ...opts,
  });
}
