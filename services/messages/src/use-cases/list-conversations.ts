import { ConversationsQuerySchema, type ConversationPage, type ConversationSummary } from '@cp/contracts';
import type { AuthUser } from '@cp/service-kit';
import { roleOf, toSummary } from '../data/conversation-mapper.ts';
import { decodeCursor, encodeCursor } from '../data/cursor.ts';
import { otherId, participantConversation } from './conversation-rules.ts';
import type { MessagesDeps } from './deps.ts';

/** GET /api/conversations?cursor&limit: the inbox, newest activity first, at most LIST_PAGE_SIZES.conversations.max a page. */
export async function listConversations(deps: MessagesDeps, user: AuthUser, query: unknown): Promise<ConversationPage> {
  const q = ConversationsQuerySchema.parse(query);
  const docs = await deps.conversations.page(user.id, q.cursor ? decodeCursor(q.cursor) : undefined, q.limit);
  const page = docs.slice(0, q.limit);
  const roles = page.map((d) => roleOf(d, user.id)!);
  const blocked = await deps.blocks.blockedAmong(user.id, page.map((d, i) => otherId(d, roles[i]!)));
  const last = page.at(-1);
  return {
    items: page.map((d, i) => toSummary(d, roles[i]!, blocked.has(otherId(d, roles[i]!)))),
    nextCursor: docs.length > q.limit && last ? encodeCursor({ at: last.updatedAt, id: last._id }) : null,
  };
}

/** GET /api/conversations/:id: one conversation (404 to anyone but its two participants). */
export async function getConversation(deps: MessagesDeps, user: AuthUser, rawId: string): Promise<ConversationSummary> {
  const { doc, role } = await participantConversation(deps, user, rawId);
  return toSummary(doc, role, await deps.blocks.isBlocked(user.id, otherId(doc, role)));
}
