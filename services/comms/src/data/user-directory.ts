import { UserContactSchema, type UserContact } from '@cp/contracts';

/** Where comms learns a user's address: identity's internal endpoint (GET /internal/users/:id). */
export interface UserDirectory {
  contact(userId: string): Promise<UserContact | null>;
}

export function identityUserDirectory(identityUrl: string, timeoutMs = 3_000): UserDirectory {
  return {
    async contact(userId) {
      const res = await fetch(new URL(`/internal/users/${encodeURIComponent(userId)}`, identityUrl), { signal: AbortSignal.timeout(timeoutMs) });
      if (res.status === 404) return null;
      // Anything else is a failure to retry (the consumer redelivers with backoff), never "no such user".
      if (!res.ok) throw new Error(`identity answered ${res.status} for a user's contact`);
      return UserContactSchema.parse(await res.json());
    },
  };
}
