import { useState } from 'react';
import { Link } from 'react-router';
import { Bookmark, BookmarkCheck, ImageOff, MapPin } from 'lucide-react';
import { relativeTime, thumbnailUrlOf, type Listing } from '@cp/contracts';
import { Badge, Card, cn, Skeleton } from '@cp/ui';
import { formatPrice, imageAspect, tierLabel } from '../lib/listings.ts';

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

/** The card's Saved toggle (spec §2 Listings): local to this page view, never stored or sent. */
function SaveToggle({ title }: { title: string }) {
  const [saved, setSaved] = useState(false);
  const Icon = saved ? BookmarkCheck : Bookmark;
  return (
    <button
      type="button"
      aria-pressed={saved}
      onClick={() => setSaved((s) => !s)}
      className="absolute right-2 top-2 z-10 inline-flex items-center gap-1 rounded-full bg-background/90 px-2.5 py-1 text-xs font-medium shadow hover:bg-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Icon className={cn('h-3.5 w-3.5', saved && 'text-primary')} aria-hidden="true" />
      {saved ? 'Saved' : 'Save'}
      <span className="sr-only"> {title}</span>
    </button>
  );
}

/** A listing in a grid: image, tier, title, price, location, posted time. The whole card links to the detail. */
export function ListingCard({ listing, headingLevel = 3, saveable = false }: { listing: Listing; headingLevel?: 2 | 3; saveable?: boolean }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const price = formatPrice(listing.price);
  return (
    <Card className="group relative flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md">
      <ListingImage listing={listing} />
      {saveable ? <SaveToggle title={listing.title} /> : null}
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

export function ListingGrid({ listings, headingLevel, saveable = false }: { listings: readonly Listing[]; headingLevel?: 2 | 3; saveable?: boolean }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {listings.map((listing) => (
        <li key={listing.id}>
          <ListingCard listing={listing} saveable={saveable} {...(headingLevel ? { headingLevel } : {})} />
        </li>
      ))}
    </ul>
  );
}
