import { LAST_MESSAGE_PREVIEW_MAX, type BlockedUser, type ConversationSummary, type Message } from '@cp/contracts';
import type { BlockDoc } from './blocks-repository.ts';
import { otherRole, type ConversationDoc, type Role } from './conversations-repository.ts';
import type { MessageDoc } from './messages-repository.ts';

/** The viewer's side of a conversation (null: not a participant). */
export function roleOf(doc: ConversationDoc, userId: string): Role | null {
  if (doc.buyerId === userId) return 'buyer';
  if (doc.ownerId === userId) return 'owner';
  return null;
}

const preview = (text: string) => (text.length <= LAST_MESSAGE_PREVIEW_MAX ? text : `${text.slice(0, LAST_MESSAGE_PREVIEW_MAX - 1)}…`);

/** A stored conversation as `role` sees it (ConversationSummarySchema). */
export function toSummary(doc: ConversationDoc, role: Role, blockedByMe: boolean): ConversationSummary {
  const other = otherRole(role);
  return {
    id: doc._id,
    listing: { id: doc.listingId, title: doc.listing.title, thumbnailUrl: doc.listing.thumbnailUrl, status: doc.listing.status, closed: doc.closed },
    other: { id: other === 'buyer' ? doc.buyerId : doc.ownerId, displayName: doc.names[other] },
    role,
    lastMessage: doc.lastMessage ? { text: preview(doc.lastMessage.text), senderId: doc.lastMessage.senderId, createdAt: doc.lastMessage.createdAt.toISOString() } : null,
    unread: doc.unread[role],
    blockedByMe,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
  };
}

/**
 * A stored message (MessageSchema). `readAt`: the recipient's last read, when it came at or after the message (a
 * message is always stored after the recipient's last read: see appendMessage), else null.
 */
export function toMessage(msg: MessageDoc, conv: ConversationDoc): Message {
  const recipient: Role = msg.senderId === conv.buyerId ? 'owner' : 'buyer';
  const readAt = conv.lastReadAt[recipient];
  return {
    id: msg._id,
    conversationId: msg.conversationId,
    senderId: msg.senderId,
    text: msg.text,
    createdAt: msg.createdAt.toISOString(),
    readAt: readAt && readAt.getTime() >= msg.createdAt.getTime() ? readAt.toISOString() : null,
  };
}

export function toBlockedUser(doc: BlockDoc): BlockedUser {
  return { userId: doc.blockedId, displayName: doc.blockedName, blockedAt: doc.createdAt.toISOString() };
}
