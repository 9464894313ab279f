import { UnbanUserBodySchema, UserUnbanned } from '@cp/contracts';
import { conflict, jsonObject, runInTransaction, type AuthUser } from '@cp/service-kit';
import { audit } from './audit.ts';
import { userIdOf } from './ban-user.ts';
import type { ModerationDeps } from './deps.ts';

/**
 * POST /api/admin/moderation/users/:userId/unban: lifts a ban (409 when the user is not banned). The record goes,
 * user-unbanned (identity lets them log in; the owners show their content again) and the audit line come, together.
 */
export async function unbanUser(deps: ModerationDeps, admin: AuthUser, rawUserId: string, body: unknown): Promise<void> {
  const userId = userIdOf(rawUserId);
  const input = UnbanUserBodySchema.parse(jsonObject(body ?? {}));
  const now = deps.now();
  const lifted = await runInTransaction(deps.conn, async (session, emit) => {
    const lifted = await deps.bans.remove(userId, session);
    if (!lifted) return false;
    await emit(UserUnbanned, { userId, actorId: admin.id });
    await audit(deps, admin, { action: 'unban', userId, subject: lifted.username, note: input.note ?? null }, now, session);
    return true;
  });
  if (!lifted) throw conflict('This user is not banned');
}
