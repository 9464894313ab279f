import { jsonObject, notFound, runInTransaction } from '@cp/service-kit';
import { BUSINESS_NOT_FOUND, BusinessUpdated, type Business } from '@cp/contracts';
import { toBusiness } from '../data/business-mapper.ts';
import type { DirectoryDeps } from './deps.ts';
import { businessFields, businessId } from './business-rules.ts';

/**
 * PUT /api/admin/businesses/:id (spec §7: the same body as create, so the whole admin-set part is replaced). The
 * creator, counters, rating, verified and createdAt stay; stored with its business-updated event.
 */
export async function updateBusiness(deps: DirectoryDeps, rawId: string, body: unknown): Promise<Business> {
  const id = businessId(rawId);
  const fields = businessFields(jsonObject(body));
  const updated = await runInTransaction(deps.conn, async (session, emit) => {
    const doc = await deps.businesses.update(id, fields, deps.now(), session);
    if (doc) await emit(BusinessUpdated, { businessId: doc._id, name: doc.name, mainCategory: doc.mainCategory, business: toBusiness(doc) });
    return doc;
  });
  if (!updated) throw notFound(BUSINESS_NOT_FOUND);
  return toBusiness(updated);
}
