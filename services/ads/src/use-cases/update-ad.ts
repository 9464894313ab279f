import { jsonObject, notFound, runInTransaction } from '@cp/service-kit';
import { AD_NOT_FOUND, type Advertisement } from '@cp/contracts';
import { toAd } from '../data/ad-mapper.ts';
import type { AdsDeps } from './deps.ts';
import { adFields, adId } from './ad-rules.ts';

/** PUT /api/advertisements/:id (the same body as create): the counters and createdAt stay. */
export async function updateAd(deps: AdsDeps, rawId: string, body: unknown): Promise<Advertisement> {
  const id = adId(rawId);
  const fields = adFields(jsonObject(body));
  const now = deps.now();
  const updated = await runInTransaction(deps.conn, (session) => deps.ads.update(id, fields, now, session));
  deps.known.forget(id); // this replica answers impressions and clicks by the new status and dates at once
  if (!updated) throw notFound(AD_NOT_FOUND);
  return toAd(updated, now);
}
