import { DEMO_ACCOUNTS } from '@cp/contracts';
import { HttpError, nameBasedId, retryInBackground, type AuthUser } from '@cp/service-kit';
import type { ModerationDeps } from '../use-cases/deps.ts';
import { reportContent } from '../use-cases/report-content.ts';

/** The demo listing reported: listings' demo "pressure-cooker" (vikram's), by its fixed id (listings' demoListingId). */
export const DEMO_REPORTED_LISTING_ID = nameBasedId('cp-demo-listing:pressure-cooker');
/** Who reports it: a demo account other than its owner. */
const REPORTER = DEMO_ACCOUNTS.anjali;

export interface DemoReportSeeding {
  /** Settles when seeding ended: 'filed', 'skipped' (a case exists, or the report was filed before), 'gave-up'. */
  done: Promise<'filed' | 'skipped' | 'gave-up'>;
  stop(): Promise<void>;
}

/**
 * The demo queue for a newcomer's first `npm start`: when there is no case at all, anjali reports vikram's demo pressure
 * cooker listing as a scam, through the same use case as POST /api/reports (the listing is looked up at listings, the
 * case and the content-reported event written together). One report stays below any threshold of 2 or more, so the
 * listing stays visible. Idempotent: a case existing skips it, and a second start meets the one-report-per-user key.
 * Listings may start after this service or be seeding its own demo data: while the listing is missing (404) or listings
 * cannot answer (503), it tries again every `retryMs`, for up to `attempts` times, in the background (the kit's
 * retryInBackground).
 */
export function seedDemoReport(deps: ModerationDeps, opts: { retryMs?: number; attempts?: number } = {}): DemoReportSeeding {
  const reporter: AuthUser = { id: REPORTER.id, sid: 'demo-seed', isAdmin: false, username: REPORTER.username };
  return retryInBackground<'filed' | 'skipped'>(
    async () => {
      if (await deps.cases.any()) return 'skipped';
      try {
        await reportContent(deps, reporter, { kind: 'listing', itemId: DEMO_REPORTED_LISTING_ID, reason: 'scam', details: 'The seller asked me to pay with gift cards before I could see the set.' });
      } catch (err) {
        if (err instanceof HttpError && err.status === 409) return 'skipped';
        throw err;
      }
      deps.logger.info({ listingId: DEMO_REPORTED_LISTING_ID }, 'demo report filed');
      return 'filed';
    },
    {
      retryMs: opts.retryMs ?? 5_000,
      attempts: opts.attempts ?? 60,
      logger: deps.logger,
      failed: 'demo report failed',
      expected: (err) => err instanceof HttpError && (err.status === 404 || err.status === 503),
      gaveUp: 'demo report not filed: the demo listing was not found at listings',
      log: { listingId: DEMO_REPORTED_LISTING_ID },
    },
  );
}
