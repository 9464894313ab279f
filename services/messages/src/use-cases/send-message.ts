import { MESSAGES_MESSAGES, SendMessageBodySchema, type Message } from '@cp/contracts';
import { conflict, forbidden, jsonObject, runInTransaction, usernameOf, type AuthUser } from '@cp/service-kit';
import { toMessage } from '../data/conversation-mapper.ts';
import { appendMessage, otherId, participantConversation, withinMessageLimit } from './conversation-rules.ts';
import type { MessagesDeps } from './deps.ts';

/**
 * POST /api/conversations/:id/messages: a participant writes in the conversation. 404 to anyone else; then, with
 * nothing stored: bad text (400), closed (409), the other participant blocked the sender (403, not told why), over the
 * 'message' limit (429).
 */
export async function sendMessage(deps: MessagesDeps, user: AuthUser, rawId: string, body: unknown): Promise<Message> {
  const { doc, role } = await participantConversation(deps, user, rawId);
  const input = SendMessageBodySchema.parse(jsonObject(body));
  const name = usernameOf(user);
  if (doc.closed) throw conflict(MESSAGES_MESSAGES.closed);
  if (await deps.blocks.isBlocked(otherId(doc, role), user.id)) throw forbidden(MESSAGES_MESSAGES.unavailable);
  const msg = await withinMessageLimit(deps, user, () =>
    runInTransaction(deps.conn, async (session, emit) => {
      const { doc: conv } = await participantConversation(deps, user, doc._id, session);
      return appendMessage(deps, conv, role, { id: user.id, name }, input.text, session, emit);
    }),
  );
  return toMessage(msg, (await deps.conversations.findById(doc._id)) ?? doc);
}

