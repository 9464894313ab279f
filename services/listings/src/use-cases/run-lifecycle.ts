import { runInTransaction } from '@cp/service-kit';
import { DONE_VISIBLE_DAYS, LISTING_REMINDER_DAYS, ListingExpired, ListingExpiring, REMINDER_OPT_OUT_LINK_DAYS, RENEW_LINK_GRACE_DAYS } from '@cp/contracts';
import type { ListingDoc } from '../data/listings-repository.ts';
import { eventListing } from './public-listing.ts';
import { DAY_MS, expiryOf } from './expiry.ts';
import type { ListingsDeps } from './deps.ts';

/** Listings handled per step and run: a run stays short; the rest is the next run's. */
export const LIFECYCLE_BATCH = 200;

export interface LifecycleRun {
  expired: number;
  retired: number;
  reminded: number;
}

const ref = (doc: ListingDoc) => ({ listingId: doc._id, userId: doc.userId, category: doc.category, tier: doc.tier, title: doc.title, listing: eventListing(doc) });

/**
 * One run of the lifecycle job at `now` (issue 22), each listing in its own transaction with its event, so a run cut
 * short anywhere leaves each listing either done with its event or untouched (the next run picks it up):
 * 1. active listings past expiresAt → 'expired', listing-expired (search drops them);
 * 2. listings marked done DONE_VISIBLE_DAYS ago → retired, listing-expired `done`;
 * 3. active listings expiring within LISTING_REMINDER_DAYS whose owner was not reminded of that expiresAt →
 *    `remindedFor` = expiresAt and listing-expiring (comms mails the owner), the conditional update and the event in
 *    one transaction: one reminder per listing and period whatever runs at once or again (two replicas, a restart
 *    mid-run). Owners who stopped the reminders get the record without the event.
 * Idempotent: every write is conditional on the state it changes.
 */
export async function runLifecycle(deps: ListingsDeps, now: Date): Promise<LifecycleRun> {
  const out: LifecycleRun = { expired: 0, retired: 0, reminded: 0 };
  for (const { _id } of await deps.listings.dueToExpire(now, LIFECYCLE_BATCH)) {
    const done = await runInTransaction(deps.conn, async (session, emit) => {
      const doc = await deps.listings.expire(_id, now, session);
      if (doc) await emit(ListingExpired, { ...ref(doc), reason: 'expired' });
      return doc !== null;
    });
    if (done) out.expired += 1;
  }
  const doneBefore = new Date(now.getTime() - DONE_VISIBLE_DAYS * DAY_MS);
  for (const { _id } of await deps.listings.dueToRetire(doneBefore, LIFECYCLE_BATCH)) {
    const done = await runInTransaction(deps.conn, async (session, emit) => {
      const doc = await deps.listings.retire(_id, doneBefore, session);
      if (doc) await emit(ListingExpired, { ...ref(doc), reason: 'done' });
      return doc !== null;
    });
    if (done) out.retired += 1;
  }
  const due = await deps.listings.dueForReminder(now, new Date(now.getTime() + LISTING_REMINDER_DAYS * DAY_MS), LIFECYCLE_BATCH);
  const optedOut = await deps.optOuts.optedOut(due.map((d) => d.userId));
  for (const doc of due) if (await remindOwner(deps, doc, now, optedOut.has(doc.userId))) out.reminded += 1;
  return out;
}

/**
 * The reminder of one listing read as due (possibly a stale read: another replica's, or a run's before a restart): the
 * conditional update (`remindedFor` = the expiresAt read, only if the listing still has it and was not reminded of it)
 * and listing-expiring in one transaction — the event only when the update changed the listing. True when it emitted.
 */
export async function remindOwner(deps: ListingsDeps, doc: ListingDoc, now: Date, optedOut: boolean): Promise<boolean> {
  const expiresAt = doc.expiresAt!;
  return runInTransaction(deps.conn, async (session, emit) => {
    if (!(await deps.listings.markReminded(doc._id, expiresAt, session))) return false;
    if (optedOut) return false;
    await emit(ListingExpiring, {
      listingId: doc._id,
      userId: doc.userId,
      title: doc.title,
      expiresAt: expiresAt.toISOString(),
      renewToken: deps.lifecycle.renewLinks.sign({ listingId: doc._id }, new Date(expiresAt.getTime() + RENEW_LINK_GRACE_DAYS * DAY_MS)),
      unsubscribeToken: deps.lifecycle.optOutLinks.sign({ userId: doc.userId }, new Date(now.getTime() + REMINDER_OPT_OUT_LINK_DAYS * DAY_MS)),
    });
    return true;
  });
}

/**
 * Start-up backfill (idempotent, bounded): listings stored before the lifecycle get an expiresAt — createdAt + TTL
 * (an event's day end if earlier), but never sooner than LISTING_REMINDER_DAYS + 1 day from now, so the owner of an old
 * listing is reminded before it goes instead of finding it gone the day the feature ships. Batches of LIFECYCLE_BATCH
 * until none is left; a second replica doing the same changes nothing (conditional on the field's absence).
 */
export async function backfillExpiry(deps: ListingsDeps): Promise<number> {
  const floor = new Date(deps.now().getTime() + (LISTING_REMINDER_DAYS + 1) * DAY_MS);
  let set = 0;
  for (let round = 0; round < 10_000; round += 1) {
    const batch = await deps.listings.withoutExpiry(LIFECYCLE_BATCH);
    if (batch.length === 0) break;
    for (const doc of batch) {
      const natural = expiryOf(doc.createdAt, deps.lifecycle.ttlDays, doc);
      // An event's own day is not moved (a past event goes now); a TTL expiry is.
      const expiresAt = doc.category === 'Events' && doc.eventDate ? natural : natural < floor ? floor : natural;
      if (await deps.listings.setExpiryIfMissing(doc._id, expiresAt)) set += 1;
    }
  }
  return set;
}
