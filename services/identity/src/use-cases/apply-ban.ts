import type { ClientSession } from 'mongoose';
import type { Emit } from '@cp/service-kit';
import { SessionRevoked } from '@cp/contracts';
import type { IdentityDeps } from './deps.ts';
import { mailboxKey } from './mailbox-key.ts';

export type BanOutcome = 'banned' | 'unbanned' | 'stale' | 'unknown-user';

/**
 * moderation.user-banned (in the consumer's transaction): the ban is stored on the user and every session of the user
 * ends at once, each announced as identity.session-revoked (reason 'admin') through the outbox, so every service drops
 * it from its session cache and the next request with the old cookie is a 401 everywhere. `at` is the event's time: a
 * ban older than the newest ban or unban applied here changes nothing ('stale'). A user identity does not know is
 * logged and left (nothing to retry). Applying the same ban again is harmless: the sessions are already gone.
 */
export async function banUser(deps: IdentityDeps, ban: { userId: string; reason: string; actorId: string; at: Date }, session: ClientSession, emit: Emit): Promise<BanOutcome> {
  const applied = await deps.users.applyBan(ban.userId, { at: ban.at, reason: ban.reason, by: ban.actorId }, session);
  if (!applied) return (await deps.users.findById(ban.userId, session)) ? 'stale' : 'unknown-user';
  // The ban covers the mailbox too: no new account with it (or a spelling of it) while the ban holds.
  const user = await deps.users.findById(ban.userId, session);
  if (user?.email) await deps.bannedMailboxes.add(mailboxKey(user.email), ban.userId, ban.at, session);
  const sids = await deps.sessions.listForUser(ban.userId, session);
  await deps.sessions.deleteForUser(ban.userId, session);
  for (const sid of sids) await emit(SessionRevoked, { sid, userId: ban.userId, reason: 'admin' });
  return 'banned';
}

/** moderation.user-unbanned: the ban is lifted (the user logs in again; no session is made for them). */
export async function unbanUser(deps: IdentityDeps, unban: { userId: string; at: Date }, session: ClientSession): Promise<BanOutcome> {
  if (await deps.users.clearBan(unban.userId, unban.at, session)) {
    await deps.bannedMailboxes.removeForUser(unban.userId, session);
    return 'unbanned';
  }
  return (await deps.users.findById(unban.userId, session)) ? 'stale' : 'unknown-user';
}

/** Whether a stored user is banned now. */
export const isBanned = (user: { bannedAt?: Date | undefined }): boolean => user.bannedAt !== undefined && user.bannedAt !== null;
