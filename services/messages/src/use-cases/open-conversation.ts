import { randomUUID } from 'node:crypto';
import { MESSAGES_MESSAGES, OpenConversationBodySchema, type OpenConversationAnswer } from '@cp/contracts';
import { badRequest, conflict, forbidden, isDuplicateKey, jsonObject, notFound, runInTransaction, usernameOf, type AuthUser } from '@cp/service-kit';
import { toMessage, toSummary } from '../data/conversation-mapper.ts';
import type { ConversationDoc } from '../data/conversations-repository.ts';
import { appendMessage, withinMessageLimit } from './conversation-rules.ts';
import type { MessagesDeps } from './deps.ts';

/**
 * POST /api/conversations: the signed-in buyer opens — or continues — the one conversation about a listing, with a
 * message. Refused, with nothing stored: bad text (400), a listing that does not exist or that the public does not see
 * (404 "Listing not found"), the buyer's own listing (400), a listing no longer active or a closed conversation (409),
 * a buyer the owner blocked (403, the same sentence as any refusal: they are not told), over the 'message' limit (429).
 * The conversation keeps a copy of the listing's title, first image and status; two opens at once make one
 * conversation (its unique key; the second retries into the first's).
 */
export async function openConversation(deps: MessagesDeps, user: AuthUser, body: unknown): Promise<OpenConversationAnswer> {
  const input = OpenConversationBodySchema.parse(jsonObject(body));
  const buyerName = usernameOf(user);
  const listing = await deps.listings.get(input.listingId);
  if (!listing) throw notFound(MESSAGES_MESSAGES.listingNotFound);
  if (listing.userId === user.id) throw badRequest(MESSAGES_MESSAGES.toYourself);
  if (!listing.visible) throw notFound(MESSAGES_MESSAGES.listingNotFound);
  if (await deps.blocks.isBlocked(listing.userId, user.id)) throw forbidden(MESSAGES_MESSAGES.unavailable);
  const existing = await deps.conversations.findOne(listing.id, user.id);
  if (existing?.closed || (!existing && listing.status !== 'active')) throw conflict(MESSAGES_MESSAGES.closed);
  let ownerName = existing?.names.owner;
  if (ownerName === undefined) {
    const owner = await deps.users.contact(listing.userId);
    // The owner's account is gone: their listing is as good as gone.
    if (!owner) throw notFound(MESSAGES_MESSAGES.listingNotFound);
    ownerName = owner.username;
  }

  const write = () =>
    runInTransaction(deps.conn, async (session, emit) => {
      const now = deps.now();
      // The listing's deletion, heard meanwhile (listings may still answer from before it): no conversation about it.
      if ((await deps.listingMarks.touch(listing.id, session)).deleted) throw notFound(MESSAGES_MESSAGES.listingNotFound);
      let conv = await deps.conversations.findOne(listing.id, user.id, session);
      if (!conv) {
        conv = {
          _id: randomUUID(),
          listingId: listing.id,
          buyerId: user.id,
          ownerId: listing.userId,
          participants: [user.id, listing.userId],
          names: { buyer: buyerName, owner: ownerName },
          listing: { title: listing.title, thumbnailUrl: listing.thumbnailUrl, status: listing.status, eventAt: null },
          closed: false,
          closedReason: null,
          lastMessage: null,
          unread: { buyer: 0, owner: 0 },
          lastReadAt: { buyer: null, owner: null },
          createdAt: now,
          updatedAt: now,
        } satisfies ConversationDoc;
        await deps.conversations.insert(conv, session);
      }
      const msg = await appendMessage(deps, conv, 'buyer', { id: user.id, name: buyerName }, input.text, session, emit);
      return { conversationId: conv._id, msg };
    });

  const stored = await withinMessageLimit(deps, user, async () => {
    try {
      return await write();
    } catch (err) {
      // Two first messages at once: the other made the conversation; this one goes into it.
      if (isDuplicateKey(err)) return write();
      throw err;
    }
  });
  const conv = (await deps.conversations.findById(stored.conversationId))!;
  return { conversation: toSummary(conv, 'buyer', await deps.blocks.isBlocked(user.id, conv.ownerId)), message: toMessage(stored.msg, conv) };
}
