import { randomUUID } from 'node:crypto';
import { ConversationRead, MESSAGE_MAIL_MESSAGES, MessageSent } from '@cp/contracts';
import { publishEvent, type LeasedJob } from '@cp/service-kit';
import { call } from '../../identity/test/helpers.ts';
import { commsUnderTest, mailTestKit, movableClock, PUBLIC_URL, registerUser, waitForMailBatches } from './mail-test-kit.ts';
import type { MailBatchDoc } from '../src/data/mail-batches-repository.ts';
import { messageNoticesConsumer } from '../src/events/message-notices.ts';
import { MESSAGE_NOTICE_KIND } from '../src/use-cases/message-notices.ts';

// Issue 23 §5: the messages service's events (real identity for the addresses, MongoDB, NATS, SMTP catcher) become
// unread-message mails, one per conversation burst, sent by the batch sender the test ticks.
const kit = mailTestKit('message-notices-test');
const { box, recorded } = kit;
const DELAY_S = 600; // the default: the clock is moved past it, nothing waits for it
const clock = movableClock();
const comms = commsUnderTest(kit, { streams: ['messages'], consumers: [messageNoticesConsumer], config: { MESSAGE_NOTICE_DELAY_S: DELAY_S }, now: clock.now, serve: true });
let sender: LeasedJob | undefined;
afterEach(() => void (sender = undefined)); // the kit stops it after each test

/** The sender as main starts it, one per test, ticked by the test (its period is an hour; the clock is the test's). */
async function tick(): Promise<void> {
  sender ??= comms.sender();
  await sender.tick();
}

const batches = (recipientId: string, conversationId: string) => comms.deps.mailBatches.listByKey({ kind: MESSAGE_NOTICE_KIND, recipientId, subjectKey: conversationId });
const waitFor = (recipientId: string, conversationId: string, check: (b: MailBatchDoc[]) => Promise<boolean> | boolean) =>
  waitForMailBatches(comms.deps, { kind: MESSAGE_NOTICE_KIND, recipientId, subjectKey: conversationId }, check);
const itemsOf = (batchId: string) => comms.deps.mailBatches.items.countDocuments({ batchId });

function sent(recipient: { id: string }, sender: { id: string; username: string }, conversationId: string) {
  return { conversationId, messageId: randomUUID(), listingId: randomUUID(), senderId: sender.id, recipientId: recipient.id, createdAt: clock.now().toISOString(), senderName: sender.username, listingTitle: 'Honda Civic 2017' };
}

describe('unread-message mails (issue 23 §5)', () => {
  it('a burst of messages still unread after the delay gives one mail with the link and a one-click unsubscribe', async () => {
    const owner = await registerUser(comms.upstream.identity);
    const buyer = await registerUser(comms.upstream.identity);
    const conversationId = randomUUID();
    for (let i = 0; i < 3; i += 1) await publishEvent(comms.nats.js, MessageSent, sent(owner, buyer, conversationId));
    const [batch] = await waitFor(owner.id, conversationId, async (b) => b.length === 1 && (await itemsOf(b[0]!._id)) === 3);

    // Not due yet: nothing goes out.
    await tick();
    expect(recorded.to(owner.email)).toHaveLength(0);
    clock.advance(DELAY_S * 1000 + 1);
    await tick();
    const mails = recorded.to(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`3 new messages from ${buyer.username} about "Honda Civic 2017"`);
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/messages/${conversationId}`);
    expect(mails[0]!.headers).toEqual({ 'List-Unsubscribe': `<${PUBLIC_URL}/api/message-mails/unsubscribe?token=${batch!._id}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect((await box.list(owner.email)).length).toBe(1);

    // The next message after the mail opens a new burst.
    await publishEvent(comms.nats.js, MessageSent, sent(owner, buyer, conversationId));
    await waitFor(owner.id, conversationId, (b) => b.length === 2);

    // One click (RFC 8058's form, the token in the query): no more of these mails; a forged token is refused.
    const forged = await fetch(`${comms.base}/api/message-mails/unsubscribe?token=${randomUUID()}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: string }).error).toBe(MESSAGE_MAIL_MESSAGES.invalidLink);
    expect(await comms.deps.messageMailOptOuts.has(owner.id)).toBe(false);
    const oneClick = await fetch(`${comms.base}/api/message-mails/unsubscribe?token=${batch!._id}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(await comms.deps.messageMailOptOuts.has(owner.id)).toBe(true);
    // The page's JSON form works the same (again: no change).
    expect((await call(comms.base, 'POST', '/api/message-mails/unsubscribe', { body: { token: batch!._id } })).body).toEqual({ message: MESSAGE_MAIL_MESSAGES.unsubscribed });
    const other = randomUUID();
    await publishEvent(comms.nats.js, MessageSent, sent(owner, buyer, other));
    // The opted-out recipient's next message is handled (its processed record) and batched nowhere.
    await waitFor(owner.id, other, async () => (await comms.conn.collection('processed_events').countDocuments({ type: MessageSent.type })) >= 5);
    expect(await batches(owner.id, other)).toEqual([]);
  });

  it('reading the conversation before the delay drops the mail', async () => {
    const owner = await registerUser(comms.upstream.identity);
    const buyer = await registerUser(comms.upstream.identity);
    const conversationId = randomUUID();
    await publishEvent(comms.nats.js, MessageSent, sent(owner, buyer, conversationId));
    await waitFor(owner.id, conversationId, (b) => b.length === 1);
    // The other participant's read of their own side changes nothing here.
    await publishEvent(comms.nats.js, ConversationRead, { conversationId, readerId: buyer.id, readAt: clock.now().toISOString() });
    await publishEvent(comms.nats.js, ConversationRead, { conversationId, readerId: owner.id, readAt: clock.now().toISOString() });
    const [dropped] = await waitFor(owner.id, conversationId, (b) => b[0]?.state === 'skipped');
    expect(dropped).toMatchObject({ state: 'skipped', reason: 'read' });
    clock.advance(DELAY_S * 1000 + 1);
    await tick();
    expect(recorded.to(owner.email)).toHaveLength(0);
  });

  it('a GET of the link goes to the site’s page (which asks before it unsubscribes)', async () => {
    const res = await fetch(`${comms.base}/api/message-mails/unsubscribe?token=abc`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${PUBLIC_URL}/messages/unsubscribe?token=abc`);
    expect((await call(comms.base, 'POST', '/api/message-mails/unsubscribe', { body: { token: 'not-a-token' } })).status).toBe(400);
    expect((await call(comms.base, 'POST', '/api/message-mails/unsubscribe', { body: ['x'] })).status).toBe(400);
  });
});
