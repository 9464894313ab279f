import { EMAIL_VERIFIED_MESSAGE, INVALID_VERIFICATION_LINK, VERIFICATION_TOKEN, type MessageResponse, type VerifyEmailRequest } from '@cp/contracts';
import { baseApi, serverMessageText } from '@cp/web-core';
import { MailLinkPage } from '@cp/web-core/mail-link';

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

/**
 * /verify-email?token=… (issue 26): the link mailed at registration. Opening it verifies nothing (mail scanners open
 * links, and some run the page: issue 41); the button posts the token, then the page says the address is verified, or
 * that the link is invalid, expired or used and where to ask for a new one.
 */
export function VerifyEmailPage() {
  const [verify] = verifyApi.useVerifyEmailMutation();
  return (
    <>
      <meta name="referrer" content="no-referrer" />
      <MailLinkPage
        token={VERIFICATION_TOKEN}
        texts={{
          title: 'Verify E-mail',
          heading: 'Verify Your E-mail Address',
          description: 'Press the button to confirm that this e-mail address is yours.',
          button: 'Verify E-mail',
          busy: 'Verifying...',
          doneHeading: 'E-mail Verified',
          invalid: INVALID_VERIFICATION_LINK,
        }}
        links={[{ to: '/businesses', label: 'Browse Businesses' }]}
        invalidExtra={<p className="text-sm text-muted-foreground">Sign in and open a business&apos;s reviews to ask for a new link (&quot;Resend the link&quot;).</p>}
        submit={async (token) => serverMessageText(await verify({ token }).unwrap()) ?? EMAIL_VERIFIED_MESSAGE}
      />
    </>
  );
}

export default VerifyEmailPage;
