import { startLeasedJob, type LeasedJob } from '@cp/service-kit';
import { runLifecycle } from '../use-cases/run-lifecycle.ts';
import type { ListingsDeps } from '../use-cases/deps.ts';

export const LIFECYCLE_JOB = 'listings-lifecycle';

/**
 * The lifecycle job (runLifecycle: expire, retire done listings, remind owners) every `everyMs` on one replica at a
 * time: the kit's lease in MongoDB (`job_leases`). Tests give instances their own holder and an injected clock.
 */
export function startLifecycleJob(deps: ListingsDeps, opts: { everyMs: number; now?: () => number; holder?: string; runAtStart?: boolean }): LeasedJob {
  return startLeasedJob({
    conn: deps.conn,
    name: LIFECYCLE_JOB,
    everyMs: opts.everyMs,
    logger: deps.logger,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.holder ? { holder: opts.holder } : {}),
    ...(opts.runAtStart ? { runAtStart: true } : {}),
    async run(now) {
      const result = await runLifecycle(deps, now);
      if (result.expired + result.retired + result.reminded > 0) deps.logger.info(result, 'listing lifecycle run');
    },
  });
}
