import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CheckCircle2, ShieldAlert } from 'lucide-react';
import { EMAIL_VERIFIED_MESSAGE, INVALID_VERIFICATION_LINK, type MessageResponse, type VerifyEmailRequest } from '@cp/contracts';
import { Button, Card, CardDescription, CardHeader, CardTitle } from '@cp/ui';
import { baseApi, serverErrorText, serverMessageText } from '@cp/web-core';
import { SectionSkeleton } from '../mf/RemoteBoundary.tsx';

/** POST /api/auth/verify-email, injected when this page loads (never on the first view of another page). */
const verifyApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    verifyEmail: build.mutation<MessageResponse, VerifyEmailRequest>({
      query: (body) => ({ url: '/api/auth/verify-email', method: 'POST', body }),
      // A signed-in user's session now says verified: the header and the review forms read it again.
      invalidatesTags: ['CurrentUser'],
    }),
  }),
});

type Outcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * One attempt per token on this page: the link works once, so a second POST of the same token (React's strict mode
 * runs effects twice in development; a re-render) must not turn "verified" into "invalid".
 */
const attempts = new Map<string, Promise<Outcome>>();

/**
 * /verify-email?token=… (issue 26): the link mailed at registration. Posts the token once and says whether the e-mail
 * address is verified now, or that the link is invalid, expired or used (then where to ask for a new one).
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [verify] = verifyApi.useVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(token ? null : { ok: false, message: INVALID_VERIFICATION_LINK });

  useEffect(() => {
    if (!token) return;
    let attempt = attempts.get(token);
    if (!attempt) {
      attempt = verify({ token })
        .unwrap()
        .then(
          (answer): Outcome => ({ ok: true, message: serverMessageText(answer) ?? EMAIL_VERIFIED_MESSAGE }),
          (error: unknown): Outcome => ({ ok: false, message: serverErrorText(error) ?? INVALID_VERIFICATION_LINK }),
        );
      attempts.set(token, attempt);
    }
    void attempt.then(setOutcome);
  }, [token, verify]);

  let content;
  if (!outcome) {
    content = <SectionSkeleton label="Verifying your e-mail address…" />;
  } else if (outcome.ok) {
    content = (
      <CardHeader className="items-center text-center" role="status">
        <CheckCircle2 className="h-10 w-10 text-success" aria-hidden="true" />
        <CardTitle as="h1">E-mail Verified</CardTitle>
        <CardDescription>{outcome.message}</CardDescription>
        <Button asChild className="mt-4">
          <Link to="/businesses">Browse Businesses</Link>
        </Button>
      </CardHeader>
    );
  } else {
    content = (
      <CardHeader className="items-center text-center" role="alert">
        <ShieldAlert className="h-10 w-10 text-destructive" aria-hidden="true" />
        <CardTitle as="h1">Link Not Valid</CardTitle>
        <CardDescription>{outcome.message}</CardDescription>
        <CardDescription>Sign in and open a business&apos;s reviews to ask for a new link (&quot;Resend the link&quot;).</CardDescription>
        <Button asChild variant="outline" className="mt-4">
          <Link to="/businesses">Browse Businesses</Link>
        </Button>
      </CardHeader>
    );
  }

  return (
    <div className="mx-auto max-w-md py-6">
      <title>Verify E-mail | Central PA Desi Community</title>
      <meta name="referrer" content="no-referrer" />
      <Card>{content}</Card>
    </div>
  );
}

export default VerifyEmailPage;
