import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ImageOff, MapPin } from 'lucide-react';
import { relativeTime, thumbnailUrlOf, type Listing } from '@cp/contracts';
import { Badge, Card, cn, Skeleton } from '@cp/ui';
import { formatPrice, imageAspect, tierLabel } from '../lib/listing-format.ts';

export function TierBadge({ tier }: { tier: string }) {
  const label = tierLabel(tier);
  const variant = tier === 'platinum' ? 'default' : tier === 'gold' ? 'accent' : tier === 'silver' ? 'secondary' : 'outline';
  return <Badge variant={variant}>{label}</Badge>;
}

export function ListingImage({ listing, className }: { listing: Listing; className?: string }) {
  // Cards show the stored thumbnail (longest side 480), not the display size; width and height: imageAspect's box.
  const first = listing.imageUrls[0];
  const src = first ? thumbnailUrlOf(first) : undefined;
  return (
    <div className={cn('relative overflow-hidden bg-muted', imageAspect(listing.category), className)}>
      {src ? (
        <img src={src} alt={listing.title} width={480} height={listing.category === 'Events' ? 360 : 270} loading="lazy" decoding="async" className="h-full w-full object-cover" />
      ) : (
        <div className="flex h-full w-full items-center justify-center text-muted-foreground">
          <ImageOff className="h-8 w-8" aria-hidden="true" />
          <span className="sr-only">No image</span>
        </div>
      )}
    </div>
  );
}

/**
 * A toggle drawn over a card's image: the Save toggle (SaveToggle.tsx, given by the pages that show it, so the cards of
 * home's first view carry none of its code).
 */
export type CardToggle = (listing: Listing) => ReactNode;

/** A listing in a grid: image, tier, title, price, location, posted time. The whole card links to the detail. */
export function ListingCard({ listing, headingLevel = 3, toggle }: { listing: Listing; headingLevel?: 2 | 3; toggle?: CardToggle | undefined }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const price = formatPrice(listing.price);
  return (
    <Card className="group relative flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md">
      <ListingImage listing={listing} />
      {toggle ? toggle(listing) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-center justify-between gap-2 text-xs text-muted-foreground">
          <span>{listing.category}</span>
          <TierBadge tier={listing.tier} />
        </div>
        <Heading className="line-clamp-2 font-semibold leading-snug">
          <Link to={`/listing/${listing.id}`} className="after:absolute after:inset-0 focus-visible:outline-none group-focus-within:underline">
            {listing.title}
          </Link>
        </Heading>
        {price ? <p className="text-lg font-bold text-primary">{price}</p> : null}
        <div className="mt-auto flex items-center justify-between gap-2 text-xs text-muted-foreground">
          <span className="flex items-center gap-1">
            <MapPin className="h-3.5 w-3.5" aria-hidden="true" />
            {listing.location}
          </span>
          <span>{relativeTime(listing.createdAt)}</span>
        </div>
      </div>
    </Card>
  );
}

export function ListingGridSkeleton({ count = 6, label = 'Loading listings…' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="space-y-3 rounded-lg border p-0">
            <Skeleton className="aspect-video w-full rounded-b-none" />
            <div className="space-y-2 p-4">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

export function ListingGrid({ listings, headingLevel, toggle }: { listings: readonly Listing[]; headingLevel?: 2 | 3; toggle?: CardToggle | undefined }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {listings.map((listing) => (
        <li key={listing.id}>
          <ListingCard listing={listing} toggle={toggle} {...(headingLevel ? { headingLevel } : {})} />
        </li>
      ))}
    </ul>
  );
}
