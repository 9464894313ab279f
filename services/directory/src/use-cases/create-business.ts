import { randomUUID } from 'node:crypto';
import { jsonObject, runInTransaction, type AuthUser } from '@cp/service-kit';
import { BusinessCreated, type Business } from '@cp/contracts';
import type { BusinessDoc } from '../data/businesses-repository.ts';
import { toBusiness } from '../data/business-mapper.ts';
import type { DirectoryDeps } from './deps.ts';
import { businessFields } from './business-rules.ts';

/** POST /api/admin/businesses (admins only, checked by the route): stored with its business-created event. */
export async function createBusiness(deps: DirectoryDeps, admin: AuthUser, body: unknown): Promise<Business> {
  const fields = businessFields(jsonObject(body));
  const now = deps.now();
  const doc: BusinessDoc = { _id: randomUUID(), userId: admin.id, ...fields, rating: 0, ratingTotal: 0, reviewCount: 0, verified: false, createdAt: now, updatedAt: now };
  await runInTransaction(deps.conn, async (session, emit) => {
    await deps.businesses.insert(doc, session);
    await emit(BusinessCreated, { businessId: doc._id, name: doc.name, mainCategory: doc.mainCategory, business: toBusiness(doc) });
  });
  return toBusiness(doc);
}
