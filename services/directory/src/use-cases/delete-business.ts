import { notFound, runInTransaction } from '@cp/service-kit';
import { BUSINESS_NOT_FOUND, BusinessDeleted } from '@cp/contracts';
import type { DirectoryDeps } from './deps.ts';
import { businessId } from './business-rules.ts';

/** DELETE /api/admin/businesses/:id: the business, its reviews and its business-deleted event in one transaction. */
export async function deleteBusiness(deps: DirectoryDeps, rawId: string): Promise<void> {
  const id = businessId(rawId);
  const deleted = await runInTransaction(deps.conn, async (session, emit) => {
    if (!(await deps.businesses.delete(id, session))) return false;
    await deps.reviews.deleteForBusiness(id, session);
    await emit(BusinessDeleted, { businessId: id });
    return true;
  });
  if (!deleted) throw notFound(BUSINESS_NOT_FOUND);
}
