import { LoadingState } from '@cp/ui';
import { HomeSection } from '@cp/web-core';
import { useGetActiveAdsQuery } from '../ads/ads-api.ts';
import { homeLargeAds } from '../ads/ad-rules.ts';
import { AdCard } from '../ads/AdCard.tsx';

/**
 * Home "sponsored large ads" (spec §2 Home, §4, §9): up to 12 active large ads of the homepage-top and
 * homepage-middle placements. Nothing at all when there are none, or when the ads cannot be loaded (§7: ad failures
 * are ignored).
 */
export function SponsoredAds() {
  const { data, isLoading } = useGetActiveAdsQuery();
  if (isLoading) {
    return <LoadingState label="Loading sponsored ads…" bars={['h-72 w-full', 'h-72 w-full', 'h-72 w-full']} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" />;
  }
  const ads = homeLargeAds(data ?? []);
  if (ads.length === 0) return null;
  return (
    <HomeSection id="sponsored-ads" title="Sponsored">
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {ads.map((ad) => (
          <li key={ad.id}>
            <AdCard ad={ad} />
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}

export default SponsoredAds;
