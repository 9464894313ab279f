import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Clock, LogIn, MailCheck, Star } from 'lucide-react';
import {
  OWN_BUSINESS_REVIEW,
  REVIEW_COMMENT_MAX,
  REVIEW_PENDING,
  relativeTime,
  type Business,
  type BusinessReview,
  type PublicUser,
} from '@cp/contracts';
import { Badge, Button, Field, Skeleton, Textarea, toast } from '@cp/ui';
import { LoadError, serverErrorText, useAuth, useGetCurrentUserQuery, type FieldErrors } from '@cp/web-core';
import { AskAgainWhenSignedIn, ReportButton, UnderReviewNotice } from '@cp/web-core/moderation';
import { useGetBusinessReviewsQuery, useResendVerificationMutation, useReviewBusinessMutation } from '../api/directory-api.ts';

// A business's reviews and the form to write one, shown by the Reviews dialog of a card and by the business's page.

function Stars({ rating }: { rating: number }) {
  return (
    <span className="flex" aria-label={`${rating} out of 5 stars`} role="img">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={`h-4 w-4 ${n <= rating ? 'fill-current text-amber-500' : 'text-muted-foreground'}`} aria-hidden="true" />
      ))}
    </span>
  );
}

/** Five radio buttons shown as stars: arrow keys move between them, as any radio group. */
function StarInput({ value, onChange, error }: { value: number; onChange: (n: number) => void; error?: string | undefined }) {
  const name = useId();
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-medium">
        Your rating <span aria-hidden="true">*</span>
      </legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer rounded-sm p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" />
            <Star className={`h-7 w-7 ${n <= value ? 'fill-current text-amber-500' : 'text-muted-foreground'}`} aria-hidden="true" />
            <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function ReviewForm({ business }: { business: Business }) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [review, { isLoading }] = useReviewBusinessMutation();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const body = comment.trim() ? { rating, comment } : { rating };
    // The schemas (zod) come with the first post, not with the page.
    const check = await import('../lib/review-check.ts').catch(() => null);
    if (!check) {
      toast({ title: 'Review not posted', description: 'Failed to post your review. Please try again.', variant: 'destructive' });
      return;
    }
    const checked = check.checkReview(body);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    try {
      const posted = await review({ businessId: business.id, body: checked.data }).unwrap();
      const description = posted.pending ? `Your review of ${business.name} has been posted. ${REVIEW_PENDING}` : `Your review of ${business.name} has been posted.`;
      toast({ title: 'Thank you!', description, variant: 'success' });
      setRating(0);
      setComment('');
    } catch (error) {
      toast({ title: 'Review not posted', description: serverErrorText(error) ?? 'Failed to post your review. Please try again.', variant: 'destructive' });
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-3 border-t pt-4">
      <StarInput value={rating} onChange={setRating} error={errors.rating} />
      <Field label="Your review" hint="Optional" error={errors.comment}>
        <Textarea value={comment} onChange={(e) => setComment(e.target.value)} rows={3} maxLength={REVIEW_COMMENT_MAX} placeholder="What was it like?" />
      </Field>
      <Button type="submit" disabled={isLoading}>
        {isLoading ? 'Posting...' : 'Post Review'}
      </Button>
    </form>
  );
}

/** A business's reviews, newest first (with the viewer's own pending one, marked). `scroll`: kept to a short box (the dialog). */
export function ReviewList({ businessId, scroll = false }: { businessId: string; scroll?: boolean }) {
  const { data, isLoading, error, refetch } = useGetBusinessReviewsQuery(businessId);
  if (isLoading) {
    return (
      <div role="status" className="space-y-2">
        <span className="sr-only">Loading reviews…</span>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  // The server renders the reviews for nobody: a signed-in reader's own review held or hidden pending review (only its
  // author gets it) comes when asking again as them.
  const askAgain = <AskAgainWhenSignedIn itemKey={businessId} refetch={refetch} />;
  if (error) {
    return (
      <>
        {askAgain}
        <LoadError title="Reviews could not be loaded" error={error} onRetry={() => void refetch()} headingLevel={3} />
      </>
    );
  }
  const reviews = data ?? [];
  if (reviews.length === 0) {
    return (
      <>
        {askAgain}
        <p className="text-sm text-muted-foreground">No reviews yet. Be the first to review this business!</p>
      </>
    );
  }
  return (
    <>
      {askAgain}
      <ul aria-label="Reviews" className={scroll ? 'max-h-72 space-y-3 overflow-y-auto pr-1' : 'space-y-3'}>
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
    </>
  );
}

/** One clear sentence in place of the review form, and what the visitor can do about it. */
function Notice({ icon, children, action }: { icon: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-2 border-t pt-4 text-center">
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <span aria-hidden="true" className="mt-0.5 shrink-0 [&_svg]:h-4 [&_svg]:w-4">
          {icon}
        </span>
        <span>{children}</span>
      </p>
      {action}
    </div>
  );
}

/**
 * Until their e-mail address is verified a user cannot review (issue 26): the sentence, and "Resend the link" (or,
 * without an address, why not). The current user is asked again when it shows, so a link opened in another tab
 * counts without a reload.
 */
function VerifyEmailNotice({ user }: { user: PublicUser }) {
  useGetCurrentUserQuery(undefined, { refetchOnMountOrArgChange: true });
  const [resend, { isLoading }] = useResendVerificationMutation();
  if (!user.email) return <Notice icon={<MailCheck />}>Reviews need a verified e-mail address, and your account has none.</Notice>;
  async function onResend() {
    try {
      const { message } = await resend().unwrap();
      toast({ title: 'Link sent', description: message, variant: 'success' });
    } catch (error) {
      toast({ title: 'Link not sent', description: serverErrorText(error) ?? 'Failed to send the link. Please try again.', variant: 'destructive' });
    }
  }
  return (
    <Notice
      icon={<MailCheck />}
      action={
        <Button variant="outline" disabled={isLoading} onClick={() => void onResend()}>
          {isLoading ? 'Sending...' : 'Resend the link'}
        </Button>
      }
    >
      Please verify your e-mail address to write a review: open the link we sent to {user.email}.
    </Notice>
  );
}

/** What the logged-in user gets where the review form goes: the form, or the one sentence why not (yet). */
function ReviewArea({ business, user }: { business: Business; user: PublicUser }) {
  const { data } = useGetBusinessReviewsQuery(business.id);
  const mine: BusinessReview | undefined = data?.find((r) => r.userId === user.id);
  if (business.userId === user.id) return <Notice icon={<Star />}>{OWN_BUSINESS_REVIEW}</Notice>;
  if (mine?.pending) return <Notice icon={<Clock />}>{REVIEW_PENDING}</Notice>;
  if (!user.emailVerified) return <VerifyEmailNotice user={user} />;
  return <ReviewForm business={business} />;
}

/**
 * Where the review form goes (issue 26): for a logged-in visitor the form to rate (1–5) and comment, or in its place
 * one sentence: verify your e-mail (with "Resend the link"), your own business, or your review is waiting; a visitor
 * who is not logged in is asked to log in (`onLogin`: what else the Login link does, e.g. close the dialog).
 */
export function ReviewFormArea({ business, onLogin }: { business: Business; onLogin?: () => void }) {
  const { user, isLoading } = useAuth();
  if (user) return <ReviewArea business={business} user={user} />;
  if (isLoading) return null;
  return (
    <div className="flex flex-col items-center gap-2 border-t pt-4 text-center">
      <p className="text-sm text-muted-foreground">You need to be logged in to write a review</p>
      <Button asChild>
        <Link to="/auth" onClick={onLogin}>
          <LogIn aria-hidden="true" />
          Login to Review
        </Link>
      </Button>
    </div>
  );
}
