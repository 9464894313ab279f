import { AdvertisementsQuerySchema, type Advertisement } from '@cp/contracts';
import { cursorPage, listRequest, type AuthUser, type ListAnswer } from '@cp/service-kit';
import { toAd } from '../data/ad-mapper.ts';
import { AD_ORDER } from '../data/ads-repository.ts';
import type { AdsDeps } from './deps.ts';

/**
 * GET /api/advertisements?placement=&status= (spec §7), newest first. Visitors (and users who are not admins) get the
 * ads they may see — active, inside their start and end dates — whatever status they ask for; admins get every ad,
 * filtered by the status it shows (an ad past its end date shows as expired). Asked with `limit`/`cursor`: one cursor
 * page; without them the bare array, bounded by FULL_LIST_MAX.
 */
export async function listAds(deps: AdsDeps, viewer: AuthUser | null, query: Record<string, unknown>): Promise<ListAnswer<Advertisement>> {
  const q = AdvertisementsQuerySchema.parse(query);
  const { bare, limit, cursor } = listRequest(query, q);
  const now = deps.now();
  const docs = viewer?.isAdmin ? await deps.ads.page({ placement: q.placement, status: q.status }, now, cursor, limit + 1) : await deps.ads.showable(now, q.placement, cursor, limit + 1);
  return { page: cursorPage(docs, limit, AD_ORDER, (d) => toAd(d, now)), bare };
}
