import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Clock, MailCheck, Star } from 'lucide-react';
import { OWN_BUSINESS_REVIEW, REVIEW_COMMENT_MAX, REVIEW_PENDING, type Business, type BusinessReview, type PublicUser } from '@cp/contracts';
import { Button, Field, Textarea, toast } from '@cp/ui';
import { serverErrorText, useGetCurrentUserQuery, type FieldErrors } from '@cp/web-core';
import { useGetBusinessReviewsQuery, useResendVerificationMutation, useReviewBusinessMutation } from '../api/directory-api.ts';

// What a signed-in user gets where the review form goes (Reviews.tsx's ReviewFormArea loads it only for them, so a
// visitor's page carries none of it): the form to rate and comment, or the one sentence why they cannot (yet).

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
export default function ReviewArea({ business, user }: { business: Business; user: PublicUser }) {
  // The first page: a held review is at most a day old, so it is among the newest (past them, posting again says 409).
  const { data } = useGetBusinessReviewsQuery({ businessId: business.id });
  const mine: BusinessReview | undefined = data?.items.find((r) => r.userId === user.id);
  if (business.userId === user.id) return <Notice icon={<Star />}>{OWN_BUSINESS_REVIEW}</Notice>;
  if (mine?.pending) return <Notice icon={<Clock />}>{REVIEW_PENDING}</Notice>;
  if (!user.emailVerified) return <VerifyEmailNotice user={user} />;
  return <ReviewForm business={business} />;
}

