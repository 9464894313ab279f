import { BanUserBodySchema, CASE_NOT_FOUND, IdSchema, USER_NOT_FOUND, UserBanned, type BannedUser } from '@cp/contracts';
import { conflict, isDuplicateKey, jsonObject, notFound, runInTransaction, type AuthUser } from '@cp/service-kit';
import { toBannedUser } from '../data/moderation-mapper.ts';
import type { BanDoc } from '../data/bans-repository.ts';
import { audit } from './audit.ts';
import type { ModerationDeps } from './deps.ts';

/** A user id from the path: anything but a uuid is no user (404). */
export function userIdOf(raw: string): string {
  const id = IdSchema.safeParse(raw);
  if (!id.success) throw notFound(USER_NOT_FOUND);
  return id.data;
}

/**
 * POST /api/admin/moderation/users/:userId/ban: the user must exist at identity (404), is not the admin themself (409),
 * not an admin (409, when identity says so) and not banned already (409: the bans' key, not a read before the write).
 * The ban record, user-banned (identity revokes their sessions and refuses their logins; the owners hide their content)
 * and the audit line are written in one transaction.
 */
export async function banUser(deps: ModerationDeps, admin: AuthUser, rawUserId: string, body: unknown): Promise<BannedUser> {
  const userId = userIdOf(rawUserId);
  const input = BanUserBodySchema.parse(jsonObject(body));
  if (userId === admin.id) throw conflict('You cannot ban yourself');
  const user = await deps.users.contact(userId);
  if (!user) throw notFound(USER_NOT_FOUND);
  if (user.isAdmin === true) throw conflict('An administrator cannot be banned');
  const fromCase = input.caseId ? await deps.cases.findById(input.caseId) : null;
  if (input.caseId && !fromCase) throw notFound(CASE_NOT_FOUND);
  const now = deps.now();
  const ban: BanDoc = { _id: userId, username: user.username, reason: input.reason, bannedBy: admin.id, caseId: fromCase?._id ?? null, bannedAt: now };
  try {
    await runInTransaction(deps.conn, async (session, emit) => {
      await deps.bans.insert(ban, session);
      await emit(UserBanned, { userId, actorId: admin.id, reason: input.reason });
      await audit(deps, admin, { action: 'ban', userId, caseId: fromCase?._id ?? null, kind: fromCase?.kind ?? null, itemId: fromCase?.itemId ?? null, subject: user.username, reason: input.reason }, now, session);
    });
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict('This user is already banned');
    throw err;
  }
  return toBannedUser(ban);
}
