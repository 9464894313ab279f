import { ConversationRead, type UnreadCount } from '@cp/contracts';
import { runInTransaction, type AuthUser } from '@cp/service-kit';
import { participantConversation } from './conversation-rules.ts';
import type { MessagesDeps } from './deps.ts';

/**
 * POST /api/conversations/:id/read: the participant has seen the other's messages — their unread count drops to 0 and
 * their last read moves to now (never before the newest message: its sender then sees it read). In a transaction with
 * the conversation read in it, so a message stored at the same moment is either before (read) or after (unread), never
 * both. ConversationRead only when something was unread.
 */
export async function markRead(deps: MessagesDeps, user: AuthUser, rawId: string): Promise<void> {
  const { doc } = await participantConversation(deps, user, rawId);
  await runInTransaction(deps.conn, async (session, emit) => {
    const { doc: conv, role } = await participantConversation(deps, user, doc._id, session);
    const newest = conv.lastMessage?.createdAt.getTime() ?? 0;
    const at = new Date(Math.max(deps.now().getTime(), newest));
    const readAt = conv.lastReadAt[role];
    if (conv.unread[role] === 0 && readAt && readAt.getTime() >= newest) return;
    await deps.conversations.markRead(conv._id, role, at, session);
    if (conv.unread[role] > 0) await emit(ConversationRead, { conversationId: conv._id, readerId: user.id, readAt: at.toISOString() });
  });
}

/** GET /api/messages/unread-count: the other participants' unread messages over all the user's conversations. */
export async function unreadCount(deps: MessagesDeps, user: AuthUser): Promise<UnreadCount> {
  return { unread: await deps.conversations.unreadTotal(user.id) };
}
