import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { ForumReplyCreated, makeEvent } from '@cp/contracts';
import { connectMongo, connectNats, createLogger, createMailer, DEAD_LETTER_STREAM, ensureStream, publishEvent, streamMessages, type NatsHandle } from '@cp/service-kit';
import { mailbox } from '../../../infra/src/mailbox.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { startIdentity, type IdentityHarness } from '../../identity/test/helpers.ts';
import { registerUser, replyEventData } from './reply-notice-helpers.ts';
import { buildCommsApp } from '../src/app.ts';
import { identityUserDirectory } from '../src/data/user-directory.ts';
import { startReplyNotices } from '../src/events/reply-notices.ts';
import { notifyPostAuthor } from '../src/use-cases/notify-post-author.ts';
import type { CommsDeps } from '../src/use-cases/deps.ts';

const env = testEnv();
const logger = createLogger('reply-notices-test', 'silent');
const box = mailbox(env);
const mailer = createMailer({ SMTP_HOST: env.SMTP_HOST, SMTP_PORT: Number(env.SMTP_PORT), SMTP_SECURE: false, MAIL_FROM: 'Site <site@example.com>' }, logger);

let identity: IdentityHarness;
let conn: Connection;
let nats: NatsHandle;
let deps: CommsDeps;
let consumer: { stop(): Promise<void> };
const durable = `reply-notices-test-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  identity = await startIdentity();
  conn = await connectMongo(env.MONGO_URL, `comms_notices_${randomUUID().slice(0, 8)}`);
  nats = await connectNats({ url: env.NATS_URL, name: 'reply-notices-test', logger });
  await ensureStream(nats.jsm, 'forum');
  const built = await buildCommsApp({ conn, mailer, users: identityUserDirectory(identity.base), logger, config: { CONTACT_INBOX: 'ops@example.com', PUBLIC_URL: 'http://localhost:8080' } });
  deps = built.deps;
  consumer = await startReplyNotices(deps, nats, { durable, backoffMs: [200] });
});
afterAll(async () => {
  await consumer?.stop();
  await nats?.close();
  await conn?.dropDatabase();
  await conn?.close();
  await identity?.close();
  mailer.close();
});

const register = () => registerUser(identity.base);

const replyEvent = (author: { id: string }, replier: { id: string; username: string }, excerpt = 'Count me in for Sunday, I will bring the bats.') =>
  replyEventData(author, replier, { title: 'Weekend cricket at Carlisle', excerpt });

const mailsTo = async (to: string) => (await box.list(to)).length;

describe('forum.reply-created → the post author gets one e-mail', () => {
  it('mails the author who replied, the start of the reply and a link to the post', async () => {
    const author = await register();
    const replier = await register();
    const data = replyEvent(author, replier);
    await publishEvent(nats.js, ForumReplyCreated, data);
    const mail = await box.waitFor(author.email);
    expect(mail.subject).toBe(`${replier.username} replied to "Weekend cricket at Carlisle"`);
    expect(mail.text).toContain('Count me in for Sunday, I will bring the bats.');
    expect(mail.text).toContain(`http://localhost:8080/forum/post/${data.postId}`);
    expect((await deps.replyNotices.find(data.replyId))?.state).toBe('sent');
  });

  it('sends exactly one mail when the event arrives twice, as two messages (a re-publish) or again to the handler', async () => {
    const author = await register();
    const replier = await register();
    const data = replyEvent(author, replier);
    const event = makeEvent(ForumReplyCreated, data);
    // The same event as two stream messages (different message ids, so JetStream keeps both).
    await nats.js.publish(ForumReplyCreated.subject, JSON.stringify(event), { msgID: `${event.id}-a` });
    await nats.js.publish(ForumReplyCreated.subject, JSON.stringify(event), { msgID: `${event.id}-b` });
    await box.waitFor(author.email);
    // And handled once more directly, as after a restart between the mail and the acknowledgement (the notice is
    // marked sent just after the mail server's answer).
    const deadline = Date.now() + 10_000;
    while ((await deps.replyNotices.find(data.replyId))?.state !== 'sent' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await notifyPostAuthor(deps, data)).toBe('already');
    await new Promise((r) => setTimeout(r, 800));
    expect(await mailsTo(author.email)).toBe(1);
  });

  it('never mails the replier about their own reply, nor an author without an address', async () => {
    const author = await register();
    const own = replyEvent(author, { id: author.id, username: author.username });
    expect(await notifyPostAuthor(deps, own)).toBe('own-reply');
    const gone = replyEvent({ id: randomUUID() }, await register());
    expect(await notifyPostAuthor(deps, gone)).toBe('no-address');
    expect(await mailsTo(author.email)).toBe(0);
  });

  it('retries while the mail cannot be sent, then sends once', async () => {
    const author = await register();
    const replier = await register();
    const data = replyEvent(author, replier);
    const failing = { ...deps, mailer: { send: () => Promise.reject(new Error('SMTP down')), close: () => {} } };
    await expect(notifyPostAuthor(failing, data)).rejects.toThrow('SMTP down');
    expect(await deps.replyNotices.find(data.replyId)).toBeNull(); // the claim is released for the retry
    expect(await notifyPostAuthor(deps, data)).toBe('sent');
    await box.waitFor(author.email);
    expect(await mailsTo(author.email)).toBe(1);
  });

  it('sends a malformed reply-created event to dead letters instead of looping on it', async () => {
    const bad = { id: randomUUID(), type: ForumReplyCreated.type, version: 1, occurredAt: new Date().toISOString(), data: { replyId: 'not-a-uuid' } };
    await nats.js.publish(ForumReplyCreated.subject, JSON.stringify(bad), { msgID: bad.id });
    const deadline = Date.now() + 15_000;
    let dead = false;
    while (!dead && Date.now() < deadline) {
      dead = (await streamMessages(nats.jsm, DEAD_LETTER_STREAM)).some((m) => m.subject.includes(durable) && m.string().includes(bad.id));
      if (!dead) await new Promise((r) => setTimeout(r, 200));
    }
    expect(dead).toBe(true);
  });
});
