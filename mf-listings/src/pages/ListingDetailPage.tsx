import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft, Building2, CalendarDays, Clock, Info, Mail, MapPin, MessageCircle, MessagesSquare, Phone, Share2, User, Users, type LucideIcon } from 'lucide-react';
import { contactPreferenceOf, detailsOf, LISTING_DETAIL_GROUPS, LISTING_EXPIRED_MESSAGE, listingDetail, type ListingDetailKey, MESSAGES_ONLY_NOTICE, type Listing, relativeTime, thumbnailUrlOf, truncateMetaDescription, whatsappDigits } from '@cp/contracts';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, cn, EmptyState, Skeleton, toast } from '@cp/ui';
import { isApiError, LoadError, serverErrorText, useAuth } from '@cp/web-core';
import { PageSlotOutlet } from '@cp/web-core/contract';
import { AskAgainWhenSignedIn, ReportButton, UnderReviewNotice } from '@cp/web-core/moderation';
import { useGetListingQuery, useGetListingsQuery } from '../api/listings-api.ts';
import { ListingGrid, TierBadge } from '../components/ListingCard.tsx';
import { SaveButton } from '../components/SaveToggle.tsx';
import { formatEventDate, formatPrice, imageAspect } from '../lib/listing-format.ts';
import { doneLabel, isExpired } from '../lib/lifecycle.ts';
import { OwnerLifecycleActions } from '../components/LifecycleActions.tsx';

function Gallery({ listing }: { listing: Listing }) {
  const [index, setIndex] = useState(0);
  const images = listing.imageUrls;
  const aspect = imageAspect(listing.category);
  if (images.length === 0) return <div className="flex h-40 items-center justify-center rounded-lg bg-muted text-muted-foreground">No images</div>;
  return (
    <div className="space-y-2">
      <div className={cn('overflow-hidden rounded-lg bg-muted', aspect)}>
        <img src={images[index]} alt={`${listing.title}, image ${index + 1} of ${images.length}`} width={1600} height={listing.category === 'Events' ? 1200 : 900} className="h-full w-full object-contain" />
      </div>
      {images.length > 1 ? (
        <ul className="flex gap-2 overflow-x-auto" aria-label="Images">
          {images.map((src, i) => (
            <li key={src}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show image ${i + 1}`}
                aria-current={i === index}
                className={cn('h-16 w-20 overflow-hidden rounded-md border-2 cursor-pointer', i === index ? 'border-primary' : 'border-transparent')}
              >
                <img src={thumbnailUrlOf(src)} alt="" width={80} height={64} loading="lazy" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** The icons of the details (listing-details.ts) that have their own; any other shows the generic one. */
const DETAIL_ICONS: Partial<Record<ListingDetailKey, LucideIcon>> = { eventDate: CalendarDays, eventTime: Clock, venue: MapPin, organizer: User, eventType: Users, employer: Building2 };

/** A listing's details of its category that have a value (a date as words), with their icons and labels. */
function detailRows(listing: Listing, headline: boolean) {
  return detailsOf(listing.category).flatMap((key) => {
    const detail = listingDetail(key);
    const value = listing[key]?.trim();
    if (!value || (detail.headline ?? false) !== headline) return [];
    return [{ key, Icon: DETAIL_ICONS[key] ?? Info, label: detail.fact ?? detail.label, value: detail.control === 'date' ? formatEventDate(value) : value }];
  });
}

/** The card of the listing's details (Event Details for an event), when it has some. */
function ListingDetails({ listing }: { listing: Listing }) {
  const rows = detailRows(listing, false);
  if (rows.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          {LISTING_DETAIL_GROUPS[listing.category]?.page ?? 'Details'}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 sm:grid-cols-2">
          {rows.map(({ key, Icon, label, value }) => (
            <div key={key}>
              <dt className="flex items-center gap-2 text-xs text-muted-foreground">
                <Icon className="h-4 w-4 text-primary" aria-hidden="true" />
                {label}
              </dt>
              <dd className="pl-6 font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** The place where a conversation about the listing starts (issue 23 §3: the messages remote's /messages/new). */
export const messageHref = (listingId: string) => `/messages/new?listing=${encodeURIComponent(listingId)}`;
/** Signed out: the login page, which comes back to the message form. */
export const loginToMessageHref = (listingId: string) => `/auth?next=${encodeURIComponent(messageHref(listingId))}`;

/**
 * Message (issue 23): a signed-in reader who is not the owner gets "Message" (the messages remote's form for this
 * listing), a signed-out one "Log in to message", the owner nothing. On every listing, its contacts shown or hidden.
 * The first render is the server's (signed out) whatever the session says by then; the session decides once mounted.
 */
function MessageSeller({ listing }: { listing: Listing }) {
  const { user } = useAuth();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const signedIn = mounted && Boolean(user);
  if (signedIn && user?.id === listing.userId) return null;
  return (
    <Button asChild variant={contactPreferenceOf(listing) === 'messages-only' ? 'default' : 'secondary'}>
      <Link to={signedIn ? messageHref(listing.id) : loginToMessageHref(listing.id)}>
        <MessagesSquare aria-hidden="true" />
        {signedIn ? 'Message' : 'Log in to message'}
      </Link>
    </Button>
  );
}

function ContactSeller({ listing }: { listing: Listing }) {
  // Issue 23 §2: hidden contacts are never shown on the page, not even to the owner (whose own reads carry them): the
  // page is what visitors see, the same on the server and in the browser. The owner finds them in Edit.
  const hidden = contactPreferenceOf(listing) === 'messages-only';
  const phone = hidden ? undefined : listing.contactPhone?.trim();
  const email = hidden ? undefined : listing.contactEmail?.trim();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Contact Seller
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        {hidden ? <p className="text-sm text-muted-foreground">{MESSAGES_ONLY_NOTICE}</p> : null}
        <MessageSeller listing={listing} />
        {!hidden && !phone && !email ? <p className="text-sm text-muted-foreground">No contact information provided</p> : null}
        {phone ? (
          <>
            <Button asChild>
              <a href={`tel:${phone}`}>
                <Phone aria-hidden="true" />
                Call {phone}
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={`https://wa.me/${whatsappDigits(phone)}`} target="_blank" rel="noopener noreferrer">
                <MessageCircle aria-hidden="true" />
                WhatsApp
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </Button>
          </>
        ) : null}
        {email ? (
          <Button asChild variant="outline">
            <a href={`mailto:${email}?subject=${encodeURIComponent(listing.title)}`}>
              <Mail aria-hidden="true" />
              Email
            </a>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

function DetailSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-6 lg:grid-cols-[1fr_320px]">
      <span className="sr-only">Loading listing…</span>
      <div className="space-y-4">
        <Skeleton className="aspect-video w-full" />
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-6 w-1/4" />
        <Skeleton className="h-24 w-full" />
      </div>
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

/** /listing/:id (spec §2 Listing detail). */
export function ListingDetailPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data: listing, isLoading, error, refetch } = useGetListingQuery(id);
  const { data: all } = useGetListingsQuery();

  if (isLoading) return <DetailSkeleton />;
  if (!listing) {
    // 410: the listing was deleted (the listings service keeps its tombstone); for the visitor it is not found either.
    const notFound = !error || (isApiError(error) && (error.status === 404 || error.status === 410 || error.status === 400));
    if (!notFound) return <LoadError title="Listings could not be loaded" error={error} onRetry={() => void refetch()} />;
    // Issue 22: expired (or done more than a week ago): 410 with the expired sentence; its owner gets the listing.
    if (error && isApiError(error) && error.status === 410 && serverErrorText(error) === LISTING_EXPIRED_MESSAGE) {
      return (
        <>
          <AskAgainWhenSignedIn itemKey={id} refetch={refetch} />
          <EmptyState
            headingLevel={1}
            title={LISTING_EXPIRED_MESSAGE}
            description="The owner no longer shows this listing. Browse the current ones instead."
            links={[{ to: '/listings', label: 'Browse Listings' }]}
          />
        </>
      );
    }
    return (
      <>
        {/* A listing hidden pending review is not found by the server's render; its author gets it when asking again. */}
        {error && isApiError(error) && error.status === 404 ? <AskAgainWhenSignedIn itemKey={id} refetch={refetch} /> : null}
        <EmptyState
          headingLevel={1}
          title="Listing Not Found"
          description="This listing may have been removed or the link is wrong."
          links={[{ to: '/', label: 'Back to Home' }]}
        />
      </>
    );
  }

  const price = formatPrice(listing.price);
  const done = doneLabel(listing);
  const expired = isExpired(listing, Date.now());
  const related = (all ?? []).filter((l) => l.category === listing.category && l.id !== listing.id).slice(0, 3);
  const description = truncateMetaDescription([price, listing.location, listing.description].filter(Boolean).join(' · '));

  async function share() {
    const url = window.location.href;
    try {
      if (navigator.share) await navigator.share({ title: listing?.title ?? '', url });
      else {
        await navigator.clipboard.writeText(url);
        toast({ title: 'Link copied', description: 'The listing link is on your clipboard.' });
      }
    } catch {
      // the person closed the share sheet
    }
  }

  return (
    <article className="space-y-8">
      <title>{`${listing.title} | Central PA Desi Community`}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={[listing.category, listing.location, 'Central PA', 'Desi', 'classifieds'].join(', ')} />
      <Button variant="ghost" onClick={() => navigate(-1)}>
        <ArrowLeft aria-hidden="true" />
        Back
      </Button>
      <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
        <div className="space-y-6">
          <Gallery listing={listing} />
          <header className="space-y-3">
            <div className="flex flex-wrap items-center gap-2">
              <TierBadge tier={listing.tier} />
              <Badge variant="outline">{listing.category}</Badge>
              {done ? <Badge variant="destructive">{done}</Badge> : expired ? <Badge variant="secondary">Expired</Badge> : null}
            </div>
            <h1 className="text-3xl font-bold tracking-tight">{listing.title}</h1>
            {price ? <p className="text-2xl font-bold text-primary">{price}</p> : null}
            <p className="flex flex-wrap items-center gap-4 text-sm text-muted-foreground">
              {detailRows(listing, true).map(({ key, Icon, label, value }) => (
                <span key={key} className="flex items-center gap-1">
                  <Icon className="h-4 w-4" aria-hidden="true" />
                  {label}: {value}
                </span>
              ))}
              <span className="flex items-center gap-1">
                <MapPin className="h-4 w-4" aria-hidden="true" />
                {listing.location}
              </span>
              <span>Posted {relativeTime(listing.createdAt)}</span>
            </p>
            <div className="flex gap-2">
              <SaveButton listingId={listing.id} />
              <Button variant="outline" size="sm" onClick={() => void share()}>
                <Share2 aria-hidden="true" />
                Share
              </Button>
              <ReportButton kind="listing" itemId={listing.id} authorId={listing.userId} className="ml-auto" />
            </div>
            <UnderReviewNotice moderation={listing.moderation} />
            <OwnerLifecycleActions listing={listing} expired={expired} />
          </header>
          <ListingDetails listing={listing} />
          <section aria-labelledby="description-title">
            <h2 id="description-title" className="mb-2 text-xl font-semibold">
              Description
            </h2>
            <p className="whitespace-pre-line leading-relaxed">{listing.description}</p>
          </section>
        </div>
        <div className="space-y-4">
          <ContactSeller listing={listing} />
          {/* Other teams' widgets for this listing (the Events team's RSVP), after hydration; nothing when none. */}
          <PageSlotOutlet slot="listing-actions" props={{ listing }} />
        </div>
      </div>
      {related.length > 0 ? (
        <section aria-labelledby="related-title">
          <h2 id="related-title" className="mb-4 text-2xl font-bold tracking-tight">
            Related Listings
          </h2>
          <ListingGrid listings={related} />
        </section>
      ) : null}
    </article>
  );
}

export default ListingDetailPage;
