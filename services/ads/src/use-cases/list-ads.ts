import { AdvertisementsQuerySchema, type Advertisement, type ListResponse } from '@cp/contracts';
import type { AuthUser } from '@cp/service-kit';
import { shownStatus, toAd } from '../data/ad-mapper.ts';
import type { AdsDeps } from './deps.ts';

/**
 * GET /api/advertisements?placement=&status= (spec §7). Visitors (and users who are not admins) get the ads they may
 * see — active, inside their start and end dates — whatever status they ask for; admins get every ad, filtered by the
 * status it shows (an ad past its end date shows as expired).
 */
export async function listAds(deps: AdsDeps, viewer: AuthUser | null, query: unknown): Promise<ListResponse<Advertisement>> {
  const { placement, status } = AdvertisementsQuerySchema.parse(query);
  const now = deps.now();
  if (!viewer?.isAdmin) return (await deps.ads.showable(now, placement)).map((d) => toAd(d, now));
  const all = await deps.ads.all(placement);
  return all.filter((d) => !status || shownStatus(d, now) === status).map((d) => toAd(d, now));
}
