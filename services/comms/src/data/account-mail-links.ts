import { AccountMailLinkSchema, type AccountMailLink, type AccountMailPurpose } from '@cp/contracts';
import { getInternal } from '@cp/service-kit';

/** Where comms gets the link of an account mail (password reset, e-mail verification): identity, which owns the tokens. */
export interface AccountMailLinks {
  /** The address, name and link of one request, or null when the link no longer works (used, replaced, expired). */
  link(userId: string, purpose: AccountMailPurpose, requestId: string): Promise<AccountMailLink | null>;
}

/**
 * Identity's internal GET /internal/users/{id}/mail-links/{purpose}/{requestId} (never routed by the gateway). When
 * identity cannot answer, the error goes on as is: the consumer's handler fails and the event comes again.
 */
export function identityAccountMailLinks(identityUrl: string, timeoutMs = 3_000): AccountMailLinks {
  return {
    link: (userId, purpose, requestId) =>
      getInternal(new URL(`/internal/users/${encodeURIComponent(userId)}/mail-links/${purpose}/${encodeURIComponent(requestId)}`, identityUrl), AccountMailLinkSchema, timeoutMs),
  };
}
