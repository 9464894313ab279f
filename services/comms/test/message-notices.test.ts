import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { ConversationRead, MESSAGE_MAIL_MESSAGES, MessageSent } from '@cp/contracts';
import { connectMongo, connectNats, createLogger, createMailer, ensureStream, listen, publishEvent, type LeasedJob, type NatsHandle, type RunningServer } from '@cp/service-kit';
import { mailbox } from '../../../infra/src/mailbox.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { call, startIdentity, type IdentityHarness } from '../../identity/test/helpers.ts';
import { movableClock, recordingMailer, registerUser } from './reply-notice-helpers.ts';
import { buildCommsApp } from '../src/app.ts';
import type { MailBatchDoc } from '../src/data/mail-batches-repository.ts';
import { identityUserDirectory } from '../src/data/user-directory.ts';
import { messageNoticesConsumer } from '../src/events/message-notices.ts';
import { startMailBatchSender } from '../src/jobs/send-mail-batches.ts';
import { MESSAGE_NOTICE_KIND } from '../src/use-cases/message-notices.ts';
import type { CommsDeps } from '../src/use-cases/deps.ts';

const env = testEnv();
const logger = createLogger('message-notices-test', 'silent');
const box = mailbox(env);
const smtp = createMailer({ SMTP_HOST: env.SMTP_HOST, SMTP_PORT: Number(env.SMTP_PORT), SMTP_SECURE: false, MAIL_FROM: 'Site <site@example.com>' }, logger);
const recorded = recordingMailer(() => smtp);
const DELAY_S = 600; // the default: the clock is moved past it, nothing waits for it
const PUBLIC_URL = 'http://localhost:8080';
const clock = movableClock();

let identity: IdentityHarness;
let conn: Connection;
let nats: NatsHandle;
let deps: CommsDeps;
let server: RunningServer;
let base: string;
let consumer: { stop(): Promise<void> };
const durable = `message-notices-test-${randomUUID().slice(0, 8)}`;
const senders: LeasedJob[] = [];

beforeAll(async () => {
  identity = await startIdentity();
  conn = await connectMongo(env.MONGO_URL, `comms_messages_${randomUUID().slice(0, 8)}`);
  nats = await connectNats({ url: env.NATS_URL, name: 'message-notices-test', logger });
  await ensureStream(nats.jsm, 'messages');
  const built = await buildCommsApp({ conn, mailer: recorded.mailer, users: identityUserDirectory(identity.base), logger, config: { CONTACT_INBOX: 'ops@example.com', PUBLIC_URL, MESSAGE_NOTICE_DELAY_S: DELAY_S }, now: clock.now });
  deps = built.deps;
  server = await listen(built.app, 0, '127.0.0.1', logger);
  base = `http://127.0.0.1:${server.port}`;
  consumer = await messageNoticesConsumer.start(deps, nats, { durable });
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.stop()));
});
afterAll(async () => {
  await server?.close();
  await consumer?.stop();
  await nats?.jsm.consumers.delete('EVENTS_MESSAGES', `${durable}_messages.message-sent-v1`).catch(() => undefined);
  await nats?.jsm.consumers.delete('EVENTS_MESSAGES', `${durable}_messages.conversation-read-v1`).catch(() => undefined);
  await nats?.close();
  await conn?.dropDatabase();
  await conn?.close();
  await identity?.close();
  smtp.close();
});

/** The sender as main starts it, one per test (stopped after it), ticked by the test (its period is an hour; the clock is the test's). */
async function tick(): Promise<void> {
  if (senders.length === 0) senders.push(startMailBatchSender(deps, { everyMs: 3_600_000 }));
  await senders[0]!.tick();
}

const batches = (recipientId: string, conversationId: string) => deps.mailBatches.listByKey({ kind: MESSAGE_NOTICE_KIND, recipientId, subjectKey: conversationId });
async function waitFor(recipientId: string, conversationId: string, check: (b: MailBatchDoc[]) => Promise<boolean> | boolean): Promise<MailBatchDoc[]> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = await batches(recipientId, conversationId);
    if (await check(found)) return found;
    if (Date.now() > deadline) throw new Error(`batches not as expected: ${JSON.stringify(found)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
const itemsOf = (batchId: string) => deps.mailBatches.items.countDocuments({ batchId });

function sent(recipient: { id: string }, sender: { id: string; username: string }, conversationId: string) {
  return { conversationId, messageId: randomUUID(), listingId: randomUUID(), senderId: sender.id, recipientId: recipient.id, createdAt: clock.now().toISOString(), senderName: sender.username, listingTitle: 'Honda Civic 2017' };
}

describe('unread-message mails (issue 23 §5)', () => {
  it('a burst of messages still unread after the delay gives one mail with the link and a one-click unsubscribe', async () => {
    const owner = await registerUser(identity.base);
    const buyer = await registerUser(identity.base);
    const conversationId = randomUUID();
    for (let i = 0; i < 3; i += 1) await publishEvent(nats.js, MessageSent, sent(owner, buyer, conversationId));
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
    await publishEvent(nats.js, MessageSent, sent(owner, buyer, conversationId));
    await waitFor(owner.id, conversationId, (b) => b.length === 2);

    // One click (RFC 8058's form, the token in the query): no more of these mails; a forged token is refused.
    const forged = await fetch(`${base}/api/message-mails/unsubscribe?token=${randomUUID()}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: string }).error).toBe(MESSAGE_MAIL_MESSAGES.invalidLink);
    expect(await deps.messageMailOptOuts.has(owner.id)).toBe(false);
    const oneClick = await fetch(`${base}/api/message-mails/unsubscribe?token=${batch!._id}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(oneClick.status).toBe(200);
    expect(await deps.messageMailOptOuts.has(owner.id)).toBe(true);
    // The page's JSON form works the same (again: no change).
    expect((await call(base, 'POST', '/api/message-mails/unsubscribe', { body: { token: batch!._id } })).body).toEqual({ message: MESSAGE_MAIL_MESSAGES.unsubscribed });
    const other = randomUUID();
    await publishEvent(nats.js, MessageSent, sent(owner, buyer, other));
    // The opted-out recipient's next message is handled (its processed record) and batched nowhere.
    await waitFor(owner.id, other, async () => (await conn.collection('processed_events').countDocuments({ type: MessageSent.type })) >= 5);
    expect(await batches(owner.id, other)).toEqual([]);
  });

  it('reading the conversation before the delay drops the mail', async () => {
    const owner = await registerUser(identity.base);
    const buyer = await registerUser(identity.base);
    const conversationId = randomUUID();
    await publishEvent(nats.js, MessageSent, sent(owner, buyer, conversationId));
    await waitFor(owner.id, conversationId, (b) => b.length === 1);
    // The other participant's read of their own side changes nothing here.
    await publishEvent(nats.js, ConversationRead, { conversationId, readerId: buyer.id, readAt: clock.now().toISOString() });
    await publishEvent(nats.js, ConversationRead, { conversationId, readerId: owner.id, readAt: clock.now().toISOString() });
    const [dropped] = await waitFor(owner.id, conversationId, (b) => b[0]?.state === 'skipped');
    expect(dropped).toMatchObject({ state: 'skipped', reason: 'read' });
    clock.advance(DELAY_S * 1000 + 1);
    await tick();
    expect(recorded.to(owner.email)).toHaveLength(0);
  });

  it('a GET of the link goes to the site’s page (which asks before it unsubscribes)', async () => {
    const res = await fetch(`${base}/api/message-mails/unsubscribe?token=abc`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${PUBLIC_URL}/messages/unsubscribe?token=abc`);
    expect((await call(base, 'POST', '/api/message-mails/unsubscribe', { body: { token: 'not-a-token' } })).status).toBe(400);
    expect((await call(base, 'POST', '/api/message-mails/unsubscribe', { body: ['x'] })).status).toBe(400);
  });
});
