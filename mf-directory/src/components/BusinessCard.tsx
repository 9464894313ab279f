import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, Crown, Globe, Mail, MapPin, MessageCircle, MessageSquareText, Phone } from 'lucide-react';
import { businessCategoryText, type Business } from '@cp/contracts';
import { Badge, Button, Card, CardContent, CardsLoadingState, cn } from '@cp/ui';
import { telHref, websiteHref, whatsappHref } from '../lib/directory.ts';
import { Rating } from './Rating.tsx';

export function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <li className="flex min-w-0 items-start gap-2">
      <span aria-hidden="true" className="mt-0.5 shrink-0 text-muted-foreground [&_svg]:h-4 [&_svg]:w-4">
        {icon}
      </span>
      <span className="min-w-0 break-words">{children}</span>
    </li>
  );
}

/** The premium and verified badges of a business (none: nothing). */
export function BusinessBadges({ business }: { business: Business }) {
  if (!business.premium && !business.verified) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {business.premium ? (
        <Badge variant="accent" icon={Crown}>Premium</Badge>
      ) : null}
      {business.verified ? (
        <Badge variant="success" icon={BadgeCheck}>Verified</Badge>
      ) : null}
    </div>
  );
}

/** An outline button opening another site in a new tab (WhatsApp, a business's website); `of` names it for screen readers. */
export function NewTabButton({ href, icon: Icon, label, of, className }: { href: string; icon: ComponentType<{ 'aria-hidden'?: 'true' }>; label: string; of: string; className?: string }) {
  return (
    <Button asChild variant="outline" className={className}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        <Icon aria-hidden="true" />
        {label}
        <span className="sr-only"> {of} (opens in a new tab)</span>
      </a>
    </Button>
  );
}

/** The site path of a business's own page. */
export const businessPath = (id: string) => `/business/${encodeURIComponent(id)}`;

// The reviews dialog (Radix's dialog, its list and form) is fetched on intent — the Reviews button pointed at,
// focused or touched, at the latest pressed — never with the cards.
let reviewsDialogLoaded = false;
const loadReviewsDialog = () =>
  import('./ReviewsDialog.tsx').then((module) => {
    reviewsDialogLoaded = true;
    return module;
  });
const ReviewsDialog = lazy(loadReviewsDialog);
const prefetchReviewsDialog = () => void loadReviewsDialog().catch(() => undefined);

/** The card's Reviews button and, once pressed, its dialog. */
function ReviewsButton({ business }: { business: Business }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  // Pressed before the dialog's code is in: the button shows it is busy until the dialog can open.
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        className={cn('w-full', busy && 'cursor-progress opacity-70')}
        aria-busy={busy || undefined}
        onPointerEnter={prefetchReviewsDialog}
        onFocus={prefetchReviewsDialog}
        onTouchStart={prefetchReviewsDialog}
        onClick={() => {
          if (!reviewsDialogLoaded) {
            setBusy(true);
            void loadReviewsDialog()
              .catch(() => undefined)
              .finally(() => setBusy(false));
          }
          setWanted(true);
          setOpen(true);
        }}
      >
        <MessageSquareText aria-hidden="true" />
        Reviews<span className="sr-only"> of {business.name}</span>
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <ReviewsDialog business={business} open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  );
}

/** A business's address, phone (a call link where it is a number), e-mail and website: the card's and its page's. */
export function ContactLines({ business, className }: { business: Business; className: string }) {
  const tel = telHref(business.phone);
  const site = websiteHref(business.website);
  return (
    <ul className={className}>
      <Line icon={<MapPin />}>{business.address}</Line>
      <Line icon={<Phone />}>
        {tel ? (
          <a href={tel} className="text-primary underline-offset-4 hover:underline">
            {business.phone}
          </a>
        ) : (
          business.phone
        )}
      </Line>
      {business.email ? (
        <Line icon={<Mail />}>
          <a href={`mailto:${business.email}`} className="text-primary underline-offset-4 hover:underline">
            {business.email}
          </a>
        </Line>
      ) : null}
      {site ? (
        <Line icon={<Globe />}>
          <a href={site} target="_blank" rel="noopener noreferrer" className="text-primary underline-offset-4 hover:underline">
            {business.website}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Line>
      ) : null}
    </ul>
  );
}

/**
 * A business (spec §2 Businesses and Yellow Pages): name (a link to its page, /business/{id}), category, premium and verified badges, rating out of 5 with
 * reviews, description, address, phone (a call link), email, website; with `whatsapp` the WhatsApp button, with
 * `reviews` the Reviews button (its list and the form to rate).
 */
export function BusinessCard({ business, headingLevel = 2, whatsapp = false, reviews = false }: { business: Business; headingLevel?: 2 | 3; whatsapp?: boolean; reviews?: boolean }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const wa = whatsapp ? whatsappHref(business.phone) : null;
  const category = businessCategoryText(business);
  return (
    <Card className="flex h-full flex-col">
      <CardContent className="flex flex-1 flex-col gap-3 pt-6">
        <div className="flex items-start gap-3">
          {business.logoUrl ? <img src={business.logoUrl} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 shrink-0 rounded-md object-cover" /> : null}
          <div className="min-w-0 flex-1">
            <Heading className="text-lg font-semibold leading-snug">
              <Link to={businessPath(business.id)} className="underline-offset-4 hover:underline">
                {business.name}
              </Link>
            </Heading>
            <p className="text-sm text-muted-foreground">{category}</p>
          </div>
        </div>
        <BusinessBadges business={business} />
        <Rating rating={business.rating} reviewCount={business.reviewCount} />
        <p className="text-sm">{business.description}</p>
        <ContactLines business={business} className="mt-auto space-y-1.5 text-sm" />
        {wa ? <NewTabButton href={wa} icon={MessageCircle} label="WhatsApp" of={business.name} className="w-full" /> : null}
        {reviews ? <ReviewsButton business={business} /> : null}
      </CardContent>
    </Card>
  );
}

/** The placeholder bars of a business card. */
const BUSINESS_CARD_BARS = ['h-6 w-2/3', 'h-4 w-1/3', 'h-16 w-full', 'h-4 w-1/2'];

export function BusinessGridSkeleton({ count = 6, label = 'Loading businesses…' }: { count?: number; label?: string }) {
  return <CardsLoadingState label={label} count={count} bars={BUSINESS_CARD_BARS} className="grid gap-4 md:grid-cols-2 lg:grid-cols-3" cardClassName="space-y-3 p-6" />;
}

/** The id of a business's card on /businesses: `/businesses#business-{id}` (an older link to a business) shows it. */
export const businessAnchor = (id: string) => `business-${id}`;

/** With `anchors`, each card has its id (businessAnchor); the card of `highlightId` is outlined. */
export function BusinessGrid({
  businesses,
  headingLevel = 2,
  whatsapp = false,
  reviews = false,
  anchors = false,
  highlightId,
}: {
  businesses: readonly Business[];
  headingLevel?: 2 | 3;
  whatsapp?: boolean;
  reviews?: boolean;
  anchors?: boolean;
  highlightId?: string | undefined;
}) {
  return (
    <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {businesses.map((b) => (
        <li
          key={b.id}
          {...(anchors ? { id: businessAnchor(b.id) } : {})}
          className={cn('scroll-mt-24 rounded-lg', b.id === highlightId && 'ring-2 ring-primary ring-offset-2 ring-offset-background')}
          {...(b.id === highlightId ? { 'data-highlighted': '' } : {})}
        >
          <BusinessCard business={b} headingLevel={headingLevel} whatsapp={whatsapp} reviews={reviews} />
        </li>
      ))}
    </ul>
  );
}
