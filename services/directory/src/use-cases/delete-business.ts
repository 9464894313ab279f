import type { ClientSession } from 'mongoose';
import { notFound, runInTransaction, type Emit } from '@cp/service-kit';
import { BUSINESS_NOT_FOUND, BusinessDeleted } from '@cp/contracts';
import type { DirectoryDeps } from './deps.ts';
import { businessId } from './business-rules.ts';

/** DELETE /api/admin/businesses/:id: the business, its reviews and its business-deleted event in one transaction. */
export async function deleteBusiness(deps: DirectoryDeps, rawId: string): Promise<void> {
  const id = businessId(rawId);
  const deleted = await runInTransaction(deps.conn, (session, emit) => removeBusiness(deps, id, session, emit));
  if (!deleted) throw notFound(BUSINESS_NOT_FOUND);
}

/**
 * The delete itself, in the caller's transaction (the admin's DELETE, and a moderator's removal: issue 21): the
 * business, its reviews, its business-deleted event. False when there is no such business.
 */
export async function removeBusiness(deps: DirectoryDeps, id: string, session: ClientSession, emit: Emit): Promise<boolean> {
  if (!(await deps.businesses.delete(id, session))) return false;
  await deps.reviews.deleteForBusiness(id, session);
  await emit(BusinessDeleted, { businessId: id });
  return true;
}
