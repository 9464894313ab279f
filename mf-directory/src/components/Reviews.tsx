import { useEffect, useState, type ReactNode } from 'react';
import { Star } from 'lucide-react';
import { relativeTime, type Business } from '@cp/contracts';
import { Badge, Button, LoadingState } from '@cp/ui';
import { LoadError, useAuth } from '@cp/web-core';
import { AskAgainWhenSignedIn, ReportButton, UnderReviewNotice } from '@cp/web-core/moderation';
import { LoginButton } from '@cp/web-core/login-button';
import { useGetBusinessReviewsQuery } from '../api/directory-api.ts';
import type ReviewArea from './ReviewArea.tsx';

// A business's reviews and the form to write one, shown by the Reviews dialog of a card and by the business's page.

type ReviewAreaProps = Parameters<typeof ReviewArea>[0];
let reviewArea: Promise<{ default: (props: ReviewAreaProps) => ReactNode }> | undefined;

/**
 * The signed-in part of the review form's place: its own chunk, asked for once someone is signed in, so a visitor's
 * page never loads it. (Into state rather than through React.lazy: it arrives after the session check, not from an
 * event, and the web tests' act() environment holds back a lazy component's retry then, never a state update.)
 */
function SignedInReviewArea(props: ReviewAreaProps) {
  const [Area, setArea] = useState<(p: ReviewAreaProps) => ReactNode>();
  useEffect(() => {
    void (reviewArea ??= import('./ReviewArea.tsx')).then((m) => setArea(() => m.default)).catch(() => (reviewArea = undefined));
  }, []);
  return Area ? <Area {...props} /> : null;
}

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex" aria-label={`${rating} out of 5 stars`} role="img">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={`h-4 w-4 ${n <= rating ? 'fill-current text-amber-500' : 'text-muted-foreground'}`} aria-hidden="true" />
      ))}
    </span>
  );
}

/** Load more: the next page of reviews, asked with the cursor of the one before, once pressed. */
function MoreReviews({ businessId, cursor }: { businessId: string; cursor: string }) {
  const [more, setMore] = useState(false);
  return more ? (
    <ReviewPage businessId={businessId} cursor={cursor} />
  ) : (
    <div className="flex justify-center">
      <Button variant="outline" onClick={() => setMore(true)}>
        Load more reviews
      </Button>
    </div>
  );
}

/**
 * One page of a business's reviews (issue 24 §2: the list is paged from the server), newest first (with the viewer's
 * own pending one, marked): the first without `cursor`, and Load more while there are more (`nextCursor`).
 */
function ReviewPage({ businessId, cursor }: { businessId: string; cursor?: string }) {
  const { data, isLoading, error, refetch } = useGetBusinessReviewsQuery({ businessId, cursor });
  if (isLoading) {
    return <LoadingState label="Loading reviews…" bars={['h-12 w-full', 'h-12 w-full']} className="space-y-2" />;
  }
  // The server renders the reviews for nobody: a signed-in reader's own review held or hidden pending review (only its
  // author gets it) comes when asking again as them.
  const askAgain = cursor ? null : <AskAgainWhenSignedIn itemKey={businessId} refetch={refetch} />;
  if (error) {
    return (
      <>
        {askAgain}
        <LoadError title="Reviews could not be loaded" error={error} onRetry={() => void refetch()} headingLevel={3} />
      </>
    );
  }
  const reviews = data?.items ?? [];
  return (
    <>
      {askAgain}
      {reviews.length === 0 && !cursor ? (
        <p className="text-sm text-muted-foreground">No reviews yet. Be the first to review this business!</p>
      ) : (
        <ul aria-label={cursor ? 'More reviews' : 'Reviews'} className="space-y-3">
          {reviews.map((r) => (
            <li key={r.id} className="rounded-md border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-medium">{r.username}</span>
                <span className="flex items-center gap-2">
                  <time dateTime={r.createdAt} className="text-xs text-muted-foreground">
                    {relativeTime(r.createdAt)}
                  </time>
                  <ReportButton kind="review" itemId={r.id} authorId={r.userId} context={`by ${r.username}`} className="-my-2" />
                </span>
              </div>
              <Stars rating={r.rating} />
              {r.pending ? (
                <Badge variant="secondary" className="mt-1">
                  Pending
                </Badge>
              ) : null}
              {r.comment ? <p className="mt-1 whitespace-pre-line break-words text-sm">{r.comment}</p> : null}
              <UnderReviewNotice moderation={r.moderation} className="mt-2" />
            </li>
          ))}
        </ul>
      )}
      {data?.nextCursor ? <MoreReviews businessId={businessId} cursor={data.nextCursor} /> : null}
    </>
  );
}

/** A business's reviews, a page at a time (then Load more). `scroll`: kept to a short box (the dialog). */
export function ReviewList({ businessId, scroll = false }: { businessId: string; scroll?: boolean }) {
  return (
    <div className={scroll ? 'max-h-72 space-y-3 overflow-y-auto pr-1' : 'space-y-3'}>
      <ReviewPage businessId={businessId} />
    </div>
  );
}

/**
 * Where the review form goes (issue 26): for a logged-in visitor the form to rate (1–5) and comment, or in its place
 * one sentence: verify your e-mail (with "Resend the link"), your own business, or your review is waiting; a visitor
 * who is not logged in is asked to log in (`onLogin`: what else the Login link does, e.g. close the dialog).
 */
export function ReviewFormArea({ business, onLogin }: { business: Business; onLogin?: () => void }) {
  const { user, isLoading } = useAuth();
  if (user) return <SignedInReviewArea business={business} user={user} />;
  if (isLoading) return null;
  return (
    <div className="flex flex-col items-center gap-2 border-t pt-4 text-center">
      <p className="text-sm text-muted-foreground">You need to be logged in to write a review</p>
      <LoginButton label="Login to Review" onClick={onLogin} />
    </div>
  );
}
