import { useRef } from 'react';
import { ExternalLink, Megaphone } from 'lucide-react';
import type { Advertisement } from '@cp/contracts';
import { recordAdEvent } from './ads-api.ts';
import { safeHttpUrl } from './ad-rules.ts';
import { useViewableImpression } from './use-viewable-impression.ts';

/**
 * One ad: its picture (or a plain card without one), title, description and call to action. Seen (half of it on
 * screen for a second) it sends one impression per show; its link sends a click and opens the ad in a new tab.
 * `showKey` tells shows apart (a carousel's turn); `tracking` off while it is not the shown slide.
 */
export function AdCard({ ad, showKey = ad.id, tracking = true, compact = false, headingLevel = 3 }: { ad: Advertisement; showKey?: string; tracking?: boolean; compact?: boolean; headingLevel?: 3 | 4 }) {
  const ref = useRef<HTMLElement>(null);
  useViewableImpression(ref, showKey, () => recordAdEvent(ad.id, 'impression'), tracking);
  const href = safeHttpUrl(ad.ctaUrl);
  const image = safeHttpUrl(ad.imageUrl);
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <article ref={ref} className="flex h-full flex-col overflow-hidden rounded-xl border bg-card text-card-foreground">
      {image ? (
        <img src={image} alt="" width={compact ? 320 : 384} height={compact ? 96 : 144} loading="lazy" className={`w-full object-cover ${compact ? 'h-24' : 'h-36'}`} />
      ) : (
        <div aria-hidden="true" className={`flex w-full items-center justify-center bg-accent text-accent-foreground ${compact ? 'h-16' : 'h-24'}`}>
          <Megaphone className="h-8 w-8" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Sponsored</p>
        <Heading className="line-clamp-2 font-semibold leading-snug">{ad.title}</Heading>
        <p className={`text-sm text-muted-foreground ${compact ? 'line-clamp-2' : 'line-clamp-3'}`}>{ad.description}</p>
        {href ? (
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer sponsored"
            onClick={() => recordAdEvent(ad.id, 'click')}
            className="mt-auto inline-flex items-center gap-1 self-start rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground hover:bg-primary-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {ad.ctaText}
            <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only"> — {ad.title} (opens in a new tab)</span>
          </a>
        ) : null}
      </div>
    </article>
  );
}
