import { DEMO_ACCOUNTS, UnreadCountSchema } from '@cp/contracts';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { DEMO_CONVERSATION_ID, DEMO_CONVERSATION_LISTING_ID, seedDemoConversation } from '../src/seed/seed.ts';
import { startMessages } from './helpers.ts';

const h = harnessForFile(startMessages);

describe('the demo conversation (SEED_DEMO_DATA)', () => {
  it('waits for the demo listing, then inserts priya’s conversation with rajesh once; a second start skips it', async () => {
    // Listings has not seeded yet: the seeding tries again.
    const seeding = seedDemoConversation(h.deps, { retryMs: 50, attempts: 200 });
    await new Promise((r) => setTimeout(r, 150));
    expect(await h.conn.collection('conversations').countDocuments()).toBe(0);
    h.listings.put({ id: DEMO_CONVERSATION_LISTING_ID, userId: DEMO_ACCOUNTS.rajesh.id, title: '2017 Honda Civic LX – single owner, 68k miles', thumbnailUrl: null, status: 'active', visible: true });
    expect(await seeding.done).toBe('seeded');

    const conv = await h.deps.conversations.findById(DEMO_CONVERSATION_ID);
    expect(conv).toMatchObject({ listingId: DEMO_CONVERSATION_LISTING_ID, buyerId: DEMO_ACCOUNTS.priya.id, ownerId: DEMO_ACCOUNTS.rajesh.id, names: { buyer: 'priya', owner: 'rajesh' }, unread: { buyer: 0, owner: 1 }, closed: false });
    expect(await h.conn.collection('messages').countDocuments({ conversationId: DEMO_CONVERSATION_ID })).toBe(3);
    expect(await h.deps.conversations.unreadTotal(DEMO_ACCOUNTS.rajesh.id)).toBe(1);
    expect(UnreadCountSchema.parse({ unread: await h.deps.conversations.unreadTotal(DEMO_ACCOUNTS.priya.id) }).unread).toBe(0);

    const again = seedDemoConversation(h.deps, { retryMs: 50, attempts: 3 });
    expect(await again.done).toBe('skipped');
    expect(await h.conn.collection('conversations').countDocuments()).toBe(1);
    expect(await h.conn.collection('messages').countDocuments()).toBe(3);
  });
});
