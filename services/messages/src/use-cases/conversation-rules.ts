import { randomUUID } from 'node:crypto';
import type { ClientSession } from 'mongoose';
import { IdSchema, MESSAGES_MESSAGES, MessageSent } from '@cp/contracts';
import { conflict, HttpError, notFound, type AuthUser, type Emit } from '@cp/service-kit';
import { roleOf } from '../data/conversation-mapper.ts';
import { otherRole, type ConversationDoc, type Role } from '../data/conversations-repository.ts';
import type { MessageDoc } from '../data/messages-repository.ts';
import type { MessagesDeps } from './deps.ts';

/**
 * The conversation `rawId` names, when `user` is one of its two participants. Anything else — a malformed id, no such
 * conversation, a third user — is the same 404: a conversation's existence is not told to anyone outside it.
 */
export async function participantConversation(deps: MessagesDeps, user: AuthUser, rawId: string, session?: ClientSession): Promise<{ doc: ConversationDoc; role: Role }> {
  const id = IdSchema.safeParse(rawId);
  const doc = id.success ? await deps.conversations.findById(id.data, session) : null;
  const role = doc ? roleOf(doc, user.id) : null;
  if (!doc || !role) throw notFound(MESSAGES_MESSAGES.conversationNotFound);
  return { doc, role };
}

export const otherId = (doc: ConversationDoc, role: Role) => (role === 'buyer' ? doc.ownerId : doc.buyerId);

/**
 * Stores a message of `role` in `conv` (read inside the caller's transaction), with its MessageSent event. Its time is
 * never at or before the recipient's last read (clocks of replicas differ a little), so "read" (lastReadAt ≥ createdAt)
 * always means read. A closed conversation (closed meanwhile too) is a 409.
 */
export async function appendMessage(
  deps: MessagesDeps,
  conv: ConversationDoc,
  role: Role,
  sender: { id: string; name: string },
  text: string,
  session: ClientSession,
  emit: Emit,
): Promise<MessageDoc> {
  if (conv.closed) throw conflict(MESSAGES_MESSAGES.closed);
  const recipientRead = conv.lastReadAt[otherRole(role)];
  const createdAt = new Date(Math.max(deps.now().getTime(), recipientRead ? recipientRead.getTime() + 1 : 0));
  const msg: MessageDoc = { _id: randomUUID(), conversationId: conv._id, senderId: sender.id, text, createdAt };
  await deps.messages.insert(msg, session);
  if (!(await deps.conversations.recordMessage(conv._id, role, sender.name, { text, senderId: sender.id, createdAt }, session))) throw conflict(MESSAGES_MESSAGES.closed);
  await emit(MessageSent, {
    conversationId: conv._id,
    messageId: msg._id,
    listingId: conv.listingId,
    senderId: sender.id,
    recipientId: role === 'buyer' ? conv.ownerId : conv.buyerId,
    createdAt: createdAt.toISOString(),
    // For the unread-message mail (comms): who wrote, about what; never the text.
    senderName: sender.name.slice(0, 100),
    listingTitle: conv.listing.title.slice(0, 300),
  });
  return msg;
}

/**
 * The sender's posting limit ('message') around a write: the kit's sliding window (a slot taken before the write, given
 * back when the write fails). Over the limit: 429 with the messages' own sentence, keeping `retryAt` and Retry-After.
 */
export async function withinMessageLimit<T>(deps: MessagesDeps, user: AuthUser, write: () => Promise<T>): Promise<T> {
  try {
    return await deps.limits.run(user, 'message', write);
  } catch (err) {
    if (err instanceof HttpError && err.status === 429 && err.code === 'POSTING_LIMIT') {
      throw new HttpError(429, MESSAGES_MESSAGES.rateLimited, { code: err.code, ...(err.details ? { details: err.details } : {}), ...(err.headers ? { headers: err.headers } : {}) });
    }
    throw err;
  }
}
