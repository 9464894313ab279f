import { UserContactSchema, type UserContact } from '@cp/contracts';
import { HttpError } from '@cp/service-kit';

/** Where moderation learns that a user exists and their name (a ban): identity's internal endpoint. */
export interface UserDirectory {
  /** The user, or null when identity does not know them; 503 when identity cannot answer. */
  contact(userId: string): Promise<UserContact | null>;
}

/** GET {identity}/internal/users/:id (as comms asks it for reply notices). */
export function identityUserDirectory(identityUrl: string, timeoutMs = 3_000): UserDirectory {
  return {
    async contact(userId) {
      let res: Response;
      try {
        res = await fetch(new URL(`/internal/users/${encodeURIComponent(userId)}`, identityUrl), { signal: AbortSignal.timeout(timeoutMs) });
      } catch {
        throw new HttpError(503, 'Service unavailable');
      }
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new HttpError(503, 'Service unavailable');
      }
      const parsed = UserContactSchema.safeParse(await res.json().catch(() => undefined));
      if (!parsed.success) throw new HttpError(503, 'Service unavailable');
      return parsed.data;
    },
  };
}
