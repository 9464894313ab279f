import { Link, useParams } from 'react-router';
import { ArrowLeft, Globe, MessageCircle, Phone } from 'lucide-react';
import { businessCategoryText, type Business } from '@cp/contracts';
import { Button, Card, CardContent, CardHeader, CardTitle, Skeleton } from '@cp/ui';
import { isApiError, LoadError } from '@cp/web-core';
import { AskAgainWhenSignedIn, ReportButton, UnderReviewNotice } from '@cp/web-core/moderation';
import { NotFoundState } from '@cp/web-core/not-found';
import { useGetBusinessQuery } from '../api/directory-api.ts';
import { BusinessBadges, ContactLines, NewTabButton } from '../components/BusinessCard.tsx';
import { Rating } from '../components/Rating.tsx';
import { ReviewFormArea, ReviewList } from '../components/Reviews.tsx';
import { telHref, websiteHref, whatsappHref } from '../lib/directory.ts';

/** The logo's box on the page, in CSS pixels (set on the image so the page does not move when it loads). */
const LOGO_SIZE = 96;

/** Call, WhatsApp (spec §2: the phone's digits, 1 before a 10-digit number) and Website, each shown when it can work. */
function Actions({ business }: { business: Business }) {
  const tel = telHref(business.phone);
  const wa = whatsappHref(business.phone);
  const site = websiteHref(business.website);
  return (
    <div className="flex flex-wrap gap-2">
      {tel ? (
        <Button asChild>
          <a href={tel}>
            <Phone aria-hidden="true" />
            Call<span className="sr-only"> {business.name}</span>
          </a>
        </Button>
      ) : null}
      {wa ? <NewTabButton href={wa} icon={MessageCircle} label="WhatsApp" of={business.name} /> : null}
      {site ? <NewTabButton href={site} icon={Globe} label="Website" of={`of ${business.name}`} /> : null}
    </div>
  );
}

/** Address, phone (a call link), e-mail and website, as on the business cards. */
function Contact({ business }: { business: Business }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          Contact
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ContactLines business={business} className="space-y-2 text-sm" />
      </CardContent>
    </Card>
  );
}

function PageSkeleton() {
  return (
    <div role="status" aria-live="polite" className="grid gap-6 lg:grid-cols-[1fr_320px]">
      <span className="sr-only">Loading business…</span>
      <div className="space-y-4">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-24 w-full" />
      </div>
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

/** The site's not-found content (the shell's 404 page): a business that does not exist, or a link that names none. */
function BusinessNotFound() {
  return <NotFoundState links={[{ to: '/businesses', label: 'Business Directory' }]} />;
}

/**
 * /business/:id (issue 20 §5): a business's own page, the link worth sharing — name, category, badges, rating,
 * description, the Call / WhatsApp / Website actions, contact details, its reviews and the form to write one (the same
 * components as a card's Reviews dialog). The directory, Yellow Pages and search link here.
 */
export function BusinessPage() {
  const { id = '' } = useParams();
  const { data: business, isLoading, error, refetch } = useGetBusinessQuery(id);

  if (isLoading) return <PageSkeleton />;
  if (!business) {
    const notFound = !error || (isApiError(error) && (error.status === 404 || error.status === 400));
    if (notFound) {
      return (
        <>
          {/* A business hidden pending review is not found by the server's render; its owner gets it when asking again. */}
          {error ? <AskAgainWhenSignedIn itemKey={id} refetch={refetch} /> : null}
          <BusinessNotFound />
        </>
      );
    }
    return <LoadError title="The business could not be loaded" error={error} onRetry={() => void refetch()} />;
  }

  return (
    <article className="space-y-8">
      <title>{`${business.name} | Central PA Desi Community`}</title>
      <meta name="description" content={business.description} />
      <Button asChild variant="ghost">
        <Link to="/businesses">
          <ArrowLeft aria-hidden="true" />
          Business Directory
        </Link>
      </Button>
      <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
        <div className="space-y-6">
          <header className="space-y-3">
            <div className="flex items-start gap-4">
              {business.logoUrl ? (
                <img
                  src={business.logoUrl}
                  alt={`${business.name} logo`}
                  width={LOGO_SIZE}
                  height={LOGO_SIZE}
                  className="h-24 w-24 shrink-0 rounded-lg object-cover"
                />
              ) : null}
              <div className="min-w-0 flex-1 space-y-1">
                <h1 className="break-words text-3xl font-bold tracking-tight">{business.name}</h1>
                <p className="text-muted-foreground">{businessCategoryText(business)}</p>
              </div>
              <ReportButton kind="business" itemId={business.id} authorId={business.userId} className="shrink-0" />
            </div>
            <UnderReviewNotice moderation={business.moderation} />
            <BusinessBadges business={business} />
            <Rating rating={business.rating} reviewCount={business.reviewCount} />
            <Actions business={business} />
          </header>
          <section aria-labelledby="about-title">
            <h2 id="about-title" className="mb-2 text-xl font-semibold">
              About
            </h2>
            <p className="whitespace-pre-line leading-relaxed">{business.description}</p>
          </section>
          <section aria-labelledby="reviews-title" className="space-y-4">
            <h2 id="reviews-title" className="text-xl font-semibold">
              Reviews
            </h2>
            <ReviewList businessId={business.id} />
            <ReviewFormArea business={business} />
          </section>
        </div>
        <div className="space-y-4">
          <Contact business={business} />
        </div>
      </div>
    </article>
  );
}

export default BusinessPage;
