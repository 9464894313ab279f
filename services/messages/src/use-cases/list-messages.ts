import { MessagesQuerySchema, type MessagePage } from '@cp/contracts';
import type { AuthUser } from '@cp/service-kit';
import { toMessage } from '../data/conversation-mapper.ts';
import { decodeCursor, encodeCursor } from '../data/cursor.ts';
import { participantConversation } from './conversation-rules.ts';
import type { MessagesDeps } from './deps.ts';

/**
 * GET /api/conversations/:id/messages?before&limit: the newest `limit` messages (older than `before`), oldest first;
 * `nextCursor` pages further back. Reading does not mark read (POST .../read does: the page says when it is seen).
 */
export async function listMessages(deps: MessagesDeps, user: AuthUser, rawId: string, query: unknown): Promise<MessagePage> {
  const { doc } = await participantConversation(deps, user, rawId);
  const q = MessagesQuerySchema.parse(query);
  const docs = await deps.messages.newest(doc._id, q.before ? decodeCursor(q.before) : undefined, q.limit);
  const page = docs.slice(0, q.limit);
  const oldest = page.at(-1);
  return {
    items: page.reverse().map((m) => toMessage(m, doc)),
    nextCursor: docs.length > q.limit && oldest ? encodeCursor({ at: oldest.createdAt, id: oldest._id }) : null,
  };
}
