import { UserContactSchema, type UserContact } from '@cp/contracts';
import { getInternal } from '@cp/service-kit';

/** Where comms learns a user's address: identity's internal endpoint (GET /internal/users/:id). */
export interface UserDirectory {
  contact(userId: string): Promise<UserContact | null>;
}

export function identityUserDirectory(identityUrl: string, timeoutMs = 3_000): UserDirectory {
  return {
    // A failure is one to retry (the consumer redelivers with backoff), never "no such user".
    contact: (userId) => getInternal(new URL(`/internal/users/${encodeURIComponent(userId)}`, identityUrl), UserContactSchema, timeoutMs),
  };
}
