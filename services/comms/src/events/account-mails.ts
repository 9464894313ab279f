import { EmailVerificationRequested, PasswordResetRequested } from '@cp/contracts';
import { defineConsumer, type ConsumerDeps } from '@cp/service-kit';
import { sendAccountMail, type AccountMailDeps } from '../use-cases/account-mails.ts';
import { onOutcome } from './log-outcome.ts';

export const ACCOUNT_MAILS_DURABLE = 'comms-account-mails';

/**
 * identity.password-reset-requested and identity.email-verification-requested → the link mailed (sendAccountMail).
 * A durable consumer of identity's stream (the kit's: once per event across replicas, validated payloads, retries with
 * backoff, dead letters after the last attempt). `conn`: the database of its processed records (comms').
 */
export const accountMailsConsumer = defineConsumer<AccountMailDeps & ConsumerDeps>({
  source: 'identity',
  durable: ACCOUNT_MAILS_DURABLE,
  handlers: (deps) => [
    onOutcome(PasswordResetRequested, deps, { what: 'password reset mail', fields: ({ userId }) => ({ userId }) }, (event) =>
      sendAccountMail(deps, 'password-reset', event.data.userId, event.data.requestId),
    ),
    onOutcome(EmailVerificationRequested, deps, { what: 'verification mail', fields: ({ userId }) => ({ userId }) }, async ({ data: { userId, requestId } }) =>
      requestId ? sendAccountMail(deps, 'email-verification', userId, requestId) : 'no-link',
    ),
  ],
});
