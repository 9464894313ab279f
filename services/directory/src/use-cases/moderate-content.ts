import type { ClientSession } from 'mongoose';
import type { Emit } from '@cp/service-kit';
import type { ReportKind } from '@cp/contracts';
import type { DirectoryDeps } from './deps.ts';
import { recountRating } from './business-rules.ts';
import { removeBusiness } from './delete-business.ts';

/**
 * The moderation service's decisions applied to the directory's content (issue 21), each in the consumer's transaction
 * with its processed record, and each idempotent: applied twice it changes nothing more. Other kinds are not the
 * directory's and are ignored; an item that is gone already is nothing to do. A review that stops (or starts again)
 * counting moves its business's rating and count, and search hears of it (business-updated).
 */

/** content-hidden / content-restored: the business or review is hidden from everyone but its author, or shown again. */
export async function setContentHidden(deps: DirectoryDeps, kind: ReportKind, itemId: string, hidden: boolean, session: ClientSession, emit: Emit): Promise<void> {
  if (kind === 'business') await deps.businesses.setHidden(itemId, hidden, session);
  else if (kind === 'review') {
    const review = await deps.reviews.setHidden(itemId, hidden, session);
    if (review) await recountRating(deps, review.businessId, session, emit);
  }
}

/** content-removed: the business is deleted as an admin deletes it (its reviews, business-deleted); a review leaves its rating. */
export async function removeContent(deps: DirectoryDeps, kind: ReportKind, itemId: string, session: ClientSession, emit: Emit): Promise<void> {
  if (kind === 'business') await removeBusiness(deps, itemId, session, emit);
  else if (kind === 'review') {
    const review = await deps.reviews.deleteById(itemId, session);
    if (review) await recountRating(deps, review.businessId, session, emit);
  }
}

/** user-banned / user-unbanned: every business and review of the user is gone for everyone, or back; ratings follow. */
export async function setAuthorBanned(deps: DirectoryDeps, userId: string, banned: boolean, session: ClientSession, emit: Emit): Promise<void> {
  await deps.businesses.setAuthorBanned(userId, banned, session);
  await deps.reviews.setAuthorBanned(userId, banned, session);
  for (const id of await deps.reviews.businessesReviewedBy(userId, session)) await recountRating(deps, id, session, emit);
}
