import { EmailVerificationRequested, PasswordResetRequested } from '@cp/contracts';
import { defineConsumer, on, type ConsumerDeps } from '@cp/service-kit';
import { sendAccountMail, type AccountMailDeps } from '../use-cases/account-mails.ts';

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
    on(PasswordResetRequested, async (event) => {
      const outcome = await sendAccountMail(deps, 'password-reset', event.data.userId, event.data.requestId);
      deps.logger.info({ userId: event.data.userId, outcome, eventId: event.id }, 'password reset mail');
    }),
    on(EmailVerificationRequested, async (event) => {
      const { userId, requestId } = event.data;
      const outcome = requestId ? await sendAccountMail(deps, 'email-verification', userId, requestId) : 'no-link';
      deps.logger.info({ userId, outcome, eventId: event.id }, 'verification mail');
    }),
  ],
});
