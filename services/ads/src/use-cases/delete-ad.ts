import { notFound, runInTransaction } from '@cp/service-kit';
import { AD_NOT_FOUND } from '@cp/contracts';
import type { AdsDeps } from './deps.ts';
import { adId } from './ad-rules.ts';

/** DELETE /api/advertisements/:id. */
export async function deleteAd(deps: AdsDeps, rawId: string): Promise<void> {
  const id = adId(rawId);
  const deleted = await runInTransaction(deps.conn, (session) => deps.ads.delete(id, session));
  deps.known.forget(id);
  if (!deleted) throw notFound(AD_NOT_FOUND);
}
