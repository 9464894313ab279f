import { UserContactSchema, type UserContact } from '@cp/contracts';
import { getInternal, HttpError } from '@cp/service-kit';

/** Where the messages service learns that a user exists and their name (a listing's owner, a blocked user): identity. */
export interface UserDirectory {
  /** The user, or null when identity does not know them; 503 when identity cannot answer. */
  contact(userId: string): Promise<UserContact | null>;
}

/** GET {identity}/internal/users/:id (as moderation and comms ask it). */
export function identityUserDirectory(identityUrl: string, timeoutMs = 3_000): UserDirectory {
  return {
    async contact(userId) {
      try {
        return await getInternal(new URL(`/internal/users/${encodeURIComponent(userId)}`, identityUrl), UserContactSchema, timeoutMs);
      } catch {
        throw new HttpError(503, 'Service unavailable');
      }
    },
  };
}
