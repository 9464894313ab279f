import { startLeasedJob, type LeasedJob } from '@cp/service-kit';
import { releaseHeldReviews } from '../use-cases/release-held-reviews.ts';
import type { DirectoryDeps } from '../use-cases/deps.ts';

export const RELEASE_HELD_REVIEWS_JOB = 'directory-release-held-reviews';
/** How often the job looks for held reviews that are due: a review counts at most this long after the account's first day. */
export const RELEASE_EVERY_MS = 60_000;

/**
 * Releases the held reviews that are due (releaseHeldReviews), every minute, on one replica at a time: the kit's
 * leased job (a lease in `job_leases`). Each review is released exactly once whatever the replicas do.
 * `now` and `holder`: tests drive two instances on one injected clock with `tick()`.
 */
export function startReleaseHeldReviews(deps: DirectoryDeps, opts: { everyMs?: number; now?: () => number; holder?: string } = {}): LeasedJob {
  return startLeasedJob({
    conn: deps.conn,
    name: RELEASE_HELD_REVIEWS_JOB,
    everyMs: opts.everyMs ?? RELEASE_EVERY_MS,
    logger: deps.logger,
    ...(opts.now ? { now: opts.now } : {}),
    ...(opts.holder ? { holder: opts.holder } : {}),
    async run(now) {
      const released = await releaseHeldReviews(deps, now);
      if (released > 0) deps.logger.info({ released }, 'held reviews released into the ratings');
    },
  });
}
