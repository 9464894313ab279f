import { runInTransaction } from '@cp/service-kit';
import { SessionRevoked } from '@cp/contracts';
import type { IdentityDeps } from './deps.ts';

/** Ends one session; other services hear of it through identity.session-revoked. */
export async function endSession(deps: IdentityDeps, sid: string, reason: 'logout' | 'password-reset' | 'admin'): Promise<void> {
  await runInTransaction(deps.conn, async (session, emit) => {
    const ended = await deps.sessions.deleteById(sid, session);
    if (ended) await emit(SessionRevoked, { sid, userId: ended.sess.userId, reason });
  });
}
