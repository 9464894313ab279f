import { UserContactSchema, type UserContact } from '@cp/contracts';
import { HttpError } from './errors.ts';
import { getInternal } from './internal-get.ts';

/** Where a service learns that a user exists, their name and address: identity's GET /internal/users/:id. */
export interface UserDirectory {
  /** The user, or null when identity does not know them. */
  contact(userId: string): Promise<UserContact | null>;
}

/**
 * Identity's users over HTTP. When identity cannot answer: the error as is (`throw`: an event handler's failure, the
 * event comes again), or a 503 for the request being answered (`503`: a route that needs the user now).
 */
export function identityUserDirectory(identityUrl: string, opts: { unavailable?: 'throw' | '503'; timeoutMs?: number } = {}): UserDirectory {
  const get = (userId: string) => getInternal(new URL(`/internal/users/${encodeURIComponent(userId)}`, identityUrl), UserContactSchema, opts.timeoutMs ?? 3_000);
  if (opts.unavailable !== '503') return { contact: get };
  return {
    async contact(userId) {
      try {
        return await get(userId);
      } catch {
        throw new HttpError(503, 'Service unavailable');
      }
    },
  };
}
