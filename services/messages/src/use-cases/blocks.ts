import { BlockBodySchema, BlocksQuerySchema, IdSchema, MESSAGES_MESSAGES, USER_NOT_FOUND, type BlockedUserPage } from '@cp/contracts';
import { badRequest, isDuplicateKey, jsonObject, notFound, runInTransaction, type AuthUser } from '@cp/service-kit';
import { toBlockedUser } from '../data/conversation-mapper.ts';
import { decodeCursor, encodeCursor } from '../data/cursor.ts';
import type { MessagesDeps } from './deps.ts';

/**
 * POST /api/blocks { userId }: the signed-in user blocks someone (identity must know them: 404 otherwise; yourself:
 * 400). Blocking again changes nothing. At most BLOCKS_PER_USER_MAX (409 beyond). The blocked user is not told: their
 * next message to the blocker gets the same 403 as any refusal.
 */
export async function blockUser(deps: MessagesDeps, user: AuthUser, body: unknown): Promise<void> {
  const { userId } = BlockBodySchema.parse(jsonObject(body));
  if (userId === user.id) throw badRequest(MESSAGES_MESSAGES.cannotBlockYourself);
  if (await deps.blocks.isBlocked(user.id, userId)) return;
  const target = await deps.users.contact(userId);
  if (!target) throw notFound(USER_NOT_FOUND);
  try {
    await runInTransaction(deps.conn, (session) => deps.blocks.block({ blockerId: user.id, blockedId: userId, blockedName: target.username, createdAt: deps.now() }, session));
  } catch (err) {
    // The same block sent twice at once: the other stored it.
    if (!isDuplicateKey(err)) throw err;
  }
}

/** DELETE /api/blocks/:userId: lifts the block (none: no change). A malformed id is a 404. */
export async function unblockUser(deps: MessagesDeps, user: AuthUser, rawUserId: string): Promise<void> {
  const id = IdSchema.safeParse(rawUserId);
  if (!id.success) throw notFound(USER_NOT_FOUND);
  await runInTransaction(deps.conn, (session) => deps.blocks.unblock(user.id, id.data, session));
}

/** GET /api/blocks?cursor&limit: the users the signed-in user blocked, newest first. */
export async function listBlocks(deps: MessagesDeps, user: AuthUser, query: unknown): Promise<BlockedUserPage> {
  const q = BlocksQuerySchema.parse(query);
  const docs = await deps.blocks.page(user.id, q.cursor ? decodeCursor(q.cursor) : undefined, q.limit);
  const page = docs.slice(0, q.limit);
  const last = page.at(-1);
  return { items: page.map(toBlockedUser), nextCursor: docs.length > q.limit && last ? encodeCursor({ at: last.createdAt, id: last.blockedId }) : null };
}
