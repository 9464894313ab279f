import { Link } from 'react-router';
import { ChevronLeft, ChevronRight, Megaphone, Pause, Play } from 'lucide-react';
import { Button, LoadingState } from '@cp/ui';
import { useGetActiveAdsQuery } from '../ads/ads-api.ts';
import { ADVERTISE_SUBJECT, sidebarAds } from '../ads/ad-rules.ts';
import { AdCard } from '../ads/AdCard.tsx';
import { useCarousel } from '../ads/use-carousel.ts';
import type { Advertisement } from '@cp/contracts';

/** The sidebar's height, the same loading, empty and full: the content below never moves (CLS 0; the shell sizes the aside to it on phones). */
const BOX = 'h-72';

/** The card shown when no ad runs (or the ads could not be loaded): where to ask about advertising. */
function AdvertiseHere() {
  return (
    <div className={`${BOX} flex flex-col items-center justify-center gap-3 rounded-xl border border-dashed p-6 text-center`}>
      <Megaphone className="h-8 w-8 text-primary" aria-hidden="true" />
      <p className="font-semibold">Reach the Central PA desi community</p>
      <p className="text-sm text-muted-foreground">Your business could be featured here.</p>
      <Button asChild variant="outline" size="sm">
        <Link to={`/contact?subject=${encodeURIComponent(ADVERTISE_SUBJECT)}`}>Advertise with us</Link>
      </Button>
    </div>
  );
}

/**
 * The Advertisement carousel (spec §2): one ad at a time, turning every 5 s when there are at least 2, paused while
 * hovered or holds keyboard focus (:focus-visible), for 10 s after a manual previous/next, never by itself under prefers-reduced-motion; a stop
 * button and labelled controls (the WAI-ARIA carousel pattern). Each ad counts one impression per show (half of it on
 * screen for a second).
 */
export function AdCarousel({ ads }: { ads: readonly Advertisement[] }) {
  const carousel = useCarousel(ads.length);
  const ad = ads[carousel.index];
  if (!ad) return null;
  const many = ads.length > 1;
  return (
    <section aria-roledescription="carousel" aria-label="Sponsored ad" className={`${BOX} flex flex-col gap-2`} {...carousel.hold}>
      <div aria-live={carousel.rotating ? 'off' : 'polite'} className="min-h-0 flex-1">
        <div role="group" aria-roledescription="slide" aria-label={`${carousel.index + 1} of ${ads.length}`} className="h-full">
          <AdCard key={`${ad.id}:${carousel.turn}`} ad={ad} showKey={`${ad.id}:${carousel.turn}`} compact headingLevel={3} />
        </div>
      </div>
      {many ? (
        <div className="flex h-8 items-center justify-between">
          <Button variant="ghost" size="sm" onClick={carousel.toggleStopped} aria-label={carousel.stopped ? 'Start rotating the ads' : 'Stop rotating the ads'}>
            {carousel.stopped ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />}
          </Button>
          <span className="text-xs text-muted-foreground" aria-hidden="true">
            {carousel.index + 1} / {ads.length}
          </span>
          <div className="flex gap-1">
            <Button variant="ghost" size="sm" onClick={carousel.previous} aria-label="Previous ad">
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="ghost" size="sm" onClick={carousel.next} aria-label="Next ad">
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

/** The rotating sponsored ad of home's sidebar (desktop) or above the content (phones). */
export function SidebarAd() {
  const { data, isLoading } = useGetActiveAdsQuery();
  if (isLoading) {
    return <LoadingState label="Loading the sponsored ad…" bars={['h-full w-full']} className={BOX} />;
  }
  const ads = sidebarAds(data ?? []);
  return ads.length > 0 ? <AdCarousel ads={ads} /> : <AdvertiseHere />;
}

export default SidebarAd;
