import { DEMO_ACCOUNTS } from '@cp/contracts';
import { HttpError, isDuplicateKey, nameBasedId, retryInBackground, runInTransaction } from '@cp/service-kit';
import type { ConversationDoc } from '../data/conversations-repository.ts';
import type { MessagesDeps } from '../use-cases/deps.ts';

/** The demo listing talked about: listings' demo "honda-civic" (rajesh's), by its fixed id (listings' demoListingId). */
export const DEMO_CONVERSATION_LISTING_ID = nameBasedId('cp-demo-listing:honda-civic');
export const DEMO_CONVERSATION_ID = nameBasedId('cp-demo-conversation:honda-civic');
const BUYER = DEMO_ACCOUNTS.priya;
const OWNER = DEMO_ACCOUNTS.rajesh;
/** Who says what, minutes before the seeding: the last one (priya's) is unread by rajesh, so his badge shows 1. */
const LINES: Array<{ from: 'buyer' | 'owner'; text: string; minutesAgo: number }> = [
  { from: 'buyer', text: 'Hi Rajesh, is the Civic still available? Could I come and see it on Saturday morning?', minutesAgo: 95 },
  { from: 'owner', text: 'Hi Priya, yes it is. Saturday at 10 works. I am near the Harrisburg library; I will send you the address.', minutesAgo: 80 },
  { from: 'buyer', text: 'Great, see you then. Is it all right if my brother-in-law comes along to take a look under the hood?', minutesAgo: 12 },
];

export interface DemoConversationSeeding {
  /** Settles when seeding ended: 'seeded', 'skipped' (it is there), 'gave-up' (the listing never answered). */
  done: Promise<'seeded' | 'skipped' | 'gave-up'>;
  stop(): Promise<void>;
}

/**
 * The demo conversation of a first `npm start`: priya asks rajesh about his demo Honda Civic, three messages, the last
 * one unread by rajesh. The listing's copy (title, first image, status) comes from listings, which may start after this
 * service or still be seeding: while it is missing (404) or cannot answer (503), it tries again every `retryMs`, up to
 * `attempts` times, in the background (the kit's retryInBackground). Idempotent: fixed ids, skipped when there. Written straight to the repositories
 * with no events (a demo needs no mail).
 */
export function seedDemoConversation(deps: MessagesDeps, opts: { retryMs?: number; attempts?: number } = {}): DemoConversationSeeding {
  const seed = async (): Promise<'seeded' | 'skipped' | null> => {
    if (await deps.conversations.findOne(DEMO_CONVERSATION_LISTING_ID, BUYER.id)) return 'skipped';
    const listing = await deps.listings.get(DEMO_CONVERSATION_LISTING_ID);
    if (!listing) return null;
    const now = deps.now().getTime();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    const last = LINES.at(-1)!;
    const lastSender = last.from === 'buyer' ? BUYER.id : OWNER.id;
    const doc: ConversationDoc = {
      _id: DEMO_CONVERSATION_ID,
      listingId: listing.id,
      buyerId: BUYER.id,
      ownerId: listing.userId,
      participants: [BUYER.id, listing.userId],
      names: { buyer: BUYER.username, owner: OWNER.username },
      listing: { title: listing.title, thumbnailUrl: listing.thumbnailUrl, status: listing.status, eventAt: null },
      closed: false,
      closedReason: null,
      lastMessage: { text: last.text, senderId: lastSender, createdAt: at(last.minutesAgo) },
      unread: { buyer: 0, owner: 1 },
      // Each has read up to the other's previous message.
      lastReadAt: { buyer: at(LINES[1]!.minutesAgo - 1), owner: at(LINES[0]!.minutesAgo - 1) },
      createdAt: at(LINES[0]!.minutesAgo),
      updatedAt: at(last.minutesAgo),
    };
    try {
      await runInTransaction(deps.conn, async (session) => {
        await deps.conversations.insert(doc, session);
        for (const [i, line] of LINES.entries()) {
          await deps.messages.insert(
            { _id: nameBasedId(`cp-demo-message:honda-civic:${i}`), conversationId: doc._id, senderId: line.from === 'buyer' ? BUYER.id : listing.userId, text: line.text, createdAt: at(line.minutesAgo) },
            session,
          );
        }
      });
    } catch (err) {
      if (isDuplicateKey(err)) return 'skipped';
      throw err;
    }
    return 'seeded';
  };
  return retryInBackground(
    async () => {
      const result = await seed();
      if (result) deps.logger.info({ conversationId: DEMO_CONVERSATION_ID }, result === 'seeded' ? 'demo conversation inserted' : 'demo conversation skipped: it exists');
      return result;
    },
    {
      retryMs: opts.retryMs ?? 5_000,
      attempts: opts.attempts ?? 60,
      logger: deps.logger,
      failed: 'demo conversation failed',
      expected: (err) => err instanceof HttpError && err.status === 503,
      gaveUp: 'demo conversation not inserted: the demo listing was not found at listings',
      log: { listingId: DEMO_CONVERSATION_LISTING_ID },
    },
  );
}
