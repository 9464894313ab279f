import { notFound, runInTransaction } from '@cp/service-kit';
import { AD_NOT_FOUND, AdvertisementDeleted } from '@cp/contracts';
import type { AdsDeps } from './deps.ts';
import { adId } from './ad-rules.ts';

/** DELETE /api/advertisements/:id: the ad and its advertisement-deleted event in one transaction. */
export async function deleteAd(deps: AdsDeps, rawId: string): Promise<void> {
  const id = adId(rawId);
  const deleted = await runInTransaction(deps.conn, async (session, emit) => {
    if (!(await deps.ads.delete(id, session))) return false;
    await emit(AdvertisementDeleted, { adId: id });
    return true;
  });
  deps.known.forget(id);
  if (!deleted) throw notFound(AD_NOT_FOUND);
}
