import { randomUUID } from 'node:crypto';
import { ForumReplyCreated, makeEvent } from '@cp/contracts';
import { publishEvent, runInTransaction, type LeasedJob, type NatsHandle } from '@cp/service-kit';
import { commsUnderTest, eventually, mailTestKit, movableClock, PUBLIC_URL, registerUser } from './mail-test-kit.ts';
import { replyBatches, replyEventData, waitForBatches } from './reply-notice-helpers.ts';
import { replyNoticesConsumer } from '../src/events/reply-notices.ts';
import { mailBatchKinds } from '../src/jobs/send-mail-batches.ts';
import { mailBatchMessageId } from '../src/use-cases/mail-batch-kind.ts';
import { queueReplyNotice } from '../src/use-cases/reply-notices.ts';
import { MAIL_BATCH_BACKOFF_MS, MAIL_BATCH_CLAIM_MS, sendDueBatches } from '../src/use-cases/send-due-batches.ts';
import type { CommsDeps } from '../src/use-cases/deps.ts';

// Reply notices (forum.reply-created → one mail per post and author per window) on the real identity, MongoDB, NATS and
// SMTP catcher, with a mail server the test can take down; the batch senders tick when the test says.
const kit = mailTestKit('reply-notices-test');
const { box, recorded, mailServer } = kit;
const WINDOW_S = 900; // the default: the clock is moved past it, nothing waits for it
const WINDOW_MS = WINDOW_S * 1000;
const clock = movableClock();
const comms = commsUnderTest(kit, { streams: ['forum'], consumers: [replyNoticesConsumer], now: clock.now });
let deps: CommsDeps;
let nats: NatsHandle;
beforeAll(() => {
  ({ deps, nats } = comms);
});

/** A sender as main starts it, ticking only when the test says (its period is an hour; the clock is the test's). */
const sender = (holder = 'replica-1', opts: { backoffMs?: number[]; maxAttempts?: number } = {}): LeasedJob => comms.sender({ holder, ...opts });

const register = () => registerUser(comms.upstream.identity);
const TITLE = 'Weekend cricket at Carlisle';
const reply = (author: { id: string }, replier: { id: string; username: string }, excerpt = 'Count me in for Sunday, I will bring the bats.', postId?: string) =>
  replyEventData(author, replier, { title: TITLE, excerpt, ...(postId ? { postId } : {}) });
/** A reply by a new user to another new user's post, through the stream, once its batch is open: the batch is the post's only one. */
async function firstReplyBatched(excerpt?: string) {
  const author = await register();
  const replier = await register();
  const data = reply(author, replier, excerpt);
  await publishEvent(nats.js, ForumReplyCreated, data);
  const [batch] = await waitForBatches(deps, author.id, data.postId, (b) => b.length === 1);
  return { author, replier, data, batch: batch! };
}
const mailsTo = async (to: string) => (await box.list(to)).length;
/** The reply's number as the tests write it: never a prefix of another's. */
const nth = (i: number) => `reply #${String(i).padStart(2, '0')}#`;

describe('reply notices are batched per post and author', () => {
  it('fifty replies by others within the window give one mail listing them; replies after it give a second mail', async () => {
    const job = sender();
    const author = await register();
    const repliers = await Promise.all(Array.from({ length: 5 }, () => register()));
    const postId = randomUUID();
    for (let i = 1; i <= 50; i++) await publishEvent(nats.js, ForumReplyCreated, reply(author, repliers[i % 5]!, `This is ${nth(i)} of the thread.`, postId));
    const [open] = await waitForBatches(deps, author.id, postId, (b) => b[0]?.itemCount === 50);
    expect(open).toMatchObject({ state: 'open', itemCount: 50 });

    // Within the window nothing is sent.
    clock.advance(WINDOW_MS - 1_000);
    expect(await job.tick()).toBe(true);
    expect(recorded.to(author.email)).toHaveLength(0);

    clock.advance(1_000);
    await job.tick();
    const mail = await box.waitFor(author.email);
    expect(await mailsTo(author.email)).toBe(1);
    expect(mail.subject).toBe(`50 new replies to "${TITLE}"`);
    for (let i = 1; i <= 20; i++) expect(mail.text).toContain(nth(i));
    for (let i = 21; i <= 50; i++) expect(mail.text).not.toContain(nth(i));
    expect(mail.text).toContain('and 30 more replies.');
    expect(mail.text).toContain(`${PUBLIC_URL}/forum/post/${postId}`);
    expect(mail.html).toContain(`<strong>${repliers[1]!.username}</strong>: This is ${nth(1)} of the thread.`);
    expect(recorded.to(author.email).map((m) => m.messageId)).toEqual([mailBatchMessageId('reply-notice', open!._id, PUBLIC_URL)]);
    expect(await deps.mailBatches.find(open!._id)).toMatchObject({ state: 'sent', attempts: 1 });

    // Another tick sends nothing again.
    await job.tick();
    expect(recorded.to(author.email)).toHaveLength(1);

    // Replies after the mail open a new batch: a second mail, a window later.
    for (let i = 51; i <= 53; i++) await publishEvent(nats.js, ForumReplyCreated, reply(author, repliers[i % 5]!, `This is ${nth(i)} of the thread.`, postId));
    await waitForBatches(deps, author.id, postId, (b) => b.length === 2 && b[1]!.itemCount === 3);
    await job.tick();
    expect(recorded.to(author.email)).toHaveLength(1);
    clock.advance(WINDOW_MS);
    await job.tick();
    const second = await box.waitFor(author.email, (m) => m.subject.startsWith('3 new'));
    expect(second.subject).toBe(`3 new replies to "${TITLE}"`);
    for (const i of [51, 52, 53]) expect(second.text).toContain(nth(i));
    expect(second.text).not.toContain(nth(1));
    expect(second.text).not.toContain('more repl');
    expect(await mailsTo(author.email)).toBe(2);
    expect((await replyBatches(deps, author.id, postId)).map((b) => b.state)).toEqual(['sent', 'sent']);
  });

  it('one reply: who replied, the start of the reply and a link, the HTML escaped', async () => {
    const job = sender();
    const { author, replier, data } = await firstReplyBatched('Bring <b>chai</b> & "samosas" for all.');
    clock.advance(WINDOW_MS);
    await job.tick();
    const mail = await box.waitFor(author.email);
    expect(mail.subject).toBe(`${replier.username} replied to "${TITLE}"`);
    expect(mail.text).toContain('Bring <b>chai</b> & "samosas" for all.');
    expect(mail.text).toContain(`${PUBLIC_URL}/forum/post/${data.postId}`);
    expect(mail.html).toContain('Bring &lt;b&gt;chai&lt;/b&gt; &amp; &quot;samosas&quot; for all.');
    expect(mail.html).not.toContain('<b>chai');
  });

  it("never mails the replier about their own reply, nor an author without an address", async () => {
    const job = sender();
    const author = await register();
    const other = await register();
    const postId = randomUUID();
    const own = reply(author, { id: author.id, username: author.username }, 'My own follow-up, nobody is told.', postId);
    expect(await runInTransaction(deps.conn, (session) => queueReplyNotice(deps, own, session))).toBe('own-reply');
    // Through the stream: the own reply, then another's; the consumer handles them in order.
    await publishEvent(nats.js, ForumReplyCreated, own);
    await publishEvent(nats.js, ForumReplyCreated, reply(author, other, 'Count me in.', postId));
    const [batch] = await waitForBatches(deps, author.id, postId, (b) => b.length === 1);
    expect(batch!.itemCount).toBe(1);

    // Only own replies: no batch at all.
    const quiet = randomUUID();
    await publishEvent(nats.js, ForumReplyCreated, reply(author, { id: author.id, username: author.username }, 'Talking to myself.', quiet));
    // An author identity does not know: a batch that is skipped at send time.
    const gone = { id: randomUUID() };
    const goneReply = reply(gone, other);
    await publishEvent(nats.js, ForumReplyCreated, goneReply);
    await waitForBatches(deps, gone.id, goneReply.postId, (b) => b.length === 1);

    clock.advance(WINDOW_MS);
    await job.tick();
    const mail = await box.waitFor(author.email);
    expect(mail.subject).toBe(`${other.username} replied to "${TITLE}"`);
    expect(mail.text).not.toContain('My own follow-up');
    expect(await mailsTo(author.email)).toBe(1);
    expect(await replyBatches(deps, author.id, quiet)).toHaveLength(0);
    expect((await replyBatches(deps, gone.id, goneReply.postId))[0]).toMatchObject({ state: 'skipped', reason: 'recipient not found' });
    expect(recorded.sent.filter((m) => m.text.includes('Talking to myself'))).toHaveLength(0);
  });

  it('lists a reply whose event came again (redelivered, re-published, a new event of the same reply) once', async () => {
    const job = sender();
    const author = await register();
    const replier = await register();
    const data = reply(author, replier, 'Only once, please.');
    const event = makeEvent(ForumReplyCreated, data);
    // The same event as two stream messages (JetStream keeps both), and the same reply in an event of its own.
    await nats.js.publish(ForumReplyCreated.subject, JSON.stringify(event), { msgID: `${event.id}-a` });
    await nats.js.publish(ForumReplyCreated.subject, JSON.stringify(event), { msgID: `${event.id}-b` });
    await publishEvent(nats.js, ForumReplyCreated, data);
    // A second reply after them: once it is in the batch, the copies before it were handled.
    await publishEvent(nats.js, ForumReplyCreated, reply(author, replier, 'A second thought.', data.postId));
    const [batch] = await waitForBatches(deps, author.id, data.postId, (b) => b[0]?.itemCount === 2);
    expect(await runInTransaction(deps.conn, (session) => queueReplyNotice(deps, data, session))).toBe('duplicate');
    expect((await deps.mailBatches.find(batch!._id))?.itemCount).toBe(2);

    clock.advance(WINDOW_MS);
    await job.tick();
    const mail = await box.waitFor(author.email);
    expect(mail.subject).toBe(`2 new replies to "${TITLE}"`);
    expect(mail.text.split('Only once, please.')).toHaveLength(2);

    // The same reply once more after the mail: no new batch.
    await runInTransaction(deps.conn, (session) => queueReplyNotice(deps, data, session));
    expect(await replyBatches(deps, author.id, data.postId)).toHaveLength(1);
    await job.tick();
    expect(await mailsTo(author.email)).toBe(1);
  });
});

describe('the batch sender', () => {
  it('two comms replicas: their senders ticking together send one mail', async () => {
    const a = sender('replica-a');
    const b = sender('replica-b');
    const author = await register();
    const data = reply(author, await register());
    await publishEvent(nats.js, ForumReplyCreated, data);
    await waitForBatches(deps, author.id, data.postId, (x) => x.length === 1);
    clock.advance(WINDOW_MS);
    const ran = await Promise.all([a.tick(), b.tick()]);
    expect(ran.filter(Boolean)).toHaveLength(1);
    await Promise.all([a.tick(), b.tick()]);
    await box.waitFor(author.email);
    expect(recorded.to(author.email)).toHaveLength(1);

    // Two runs at once without the job's lease (a replica that lost it mid-run): the batch's claim still sends once.
    const author2 = await register();
    const data2 = reply(author2, await register());
    await publishEvent(nats.js, ForumReplyCreated, data2);
    await waitForBatches(deps, author2.id, data2.postId, (x) => x.length === 1);
    clock.advance(WINDOW_MS);
    const kinds = mailBatchKinds(deps);
    await Promise.all([sendDueBatches(deps, { kinds }), sendDueBatches(deps, { kinds }), sendDueBatches(deps, { kinds })]);
    await box.waitFor(author2.email);
    expect(recorded.to(author2.email)).toHaveLength(1);
    expect(await mailsTo(author2.email)).toBe(1);
  });

  it('a mail server that refuses: retried after the backoff (not every tick), then sent once; at most one mail per window', async () => {
    const job = sender();
    const { author, replier, data, batch } = await firstReplyBatched('First, while the mail server is down.');
    mailServer.down();
    clock.advance(WINDOW_MS);
    await job.tick();
    const refusedAt = clock.ms();
    expect(await deps.mailBatches.find(batch._id)).toMatchObject({ state: 'retrying', attempts: 1, dueAt: new Date(refusedAt + MAIL_BATCH_BACKOFF_MS[0]!) });
    expect(recorded.to(author.email)).toHaveLength(1); // tried once
    await job.tick();
    await job.tick();
    expect(recorded.to(author.email)).toHaveLength(1); // not again before the backoff
    expect((await deps.mailBatches.find(batch._id))?.attempts).toBe(1);

    // A reply meanwhile opens a new batch (the retried mail keeps its content).
    await publishEvent(nats.js, ForumReplyCreated, reply(author, replier, 'Second, while it is still down.', data.postId));
    await waitForBatches(deps, author.id, data.postId, (b) => b.length === 2);

    mailServer.up();
    clock.advance(MAIL_BATCH_BACKOFF_MS[0]!);
    await job.tick();
    const first = await box.waitFor(author.email);
    expect(first.text).toContain('First, while the mail server is down.');
    expect(first.text).not.toContain('Second');
    expect(await deps.mailBatches.find(batch._id)).toMatchObject({ state: 'sent', attempts: 2 });
    const sentAt = clock.ms();
    // Both attempts were the same message.
    expect(new Set(recorded.to(author.email).map((m) => m.messageId)).size).toBe(1);

    // The second batch is due a window after it opened, but that is less than a window after the first mail: moved.
    clock.advance(WINDOW_MS - MAIL_BATCH_BACKOFF_MS[0]!);
    await job.tick();
    expect(await mailsTo(author.email)).toBe(1);
    const [, second] = await replyBatches(deps, author.id, data.postId);
    expect(second).toMatchObject({ state: 'open', dueAt: new Date(sentAt + WINDOW_MS) });
    clock.advance(MAIL_BATCH_BACKOFF_MS[0]!);
    await job.tick();
    await box.waitFor(author.email, (m) => m.text.includes('Second'));
    expect(await mailsTo(author.email)).toBe(2);
  });

  it('a mail that went out while MongoDB does not answer is marked sent once it answers: never mailed twice', async () => {
    const job = sender();
    const { author, batch } = await firstReplyBatched();
    clock.advance(WINDOW_MS);
    // The first two attempts to record this batch's mail as sent fail as when mongod was just killed (the chaos suite's
    // fault). Only this batch's: an earlier test's batch that comes due now (finished as skipped, say) must not take
    // the failures, or the run would stop at it before this batch (a failed send ends a run).
    const failures = [new Error('MongoNetworkError: read ECONNRESET'), new Error('MongoServerSelectionError')];
    const realFinish = deps.mailBatches.finish.bind(deps.mailBatches);
    const finish = jest.spyOn(deps.mailBatches, 'finish').mockImplementation(async (batchId, ...rest) => {
      const failure = batchId === batch._id ? failures.shift() : undefined;
      if (failure) throw failure;
      return realFinish(batchId, ...rest);
    });
    try {
      await job.tick();
    } finally {
      finish.mockRestore();
    }
    expect(failures).toEqual([]); // both failures happened
    expect(await deps.mailBatches.find(batch._id)).toMatchObject({ state: 'sent', attempts: 1 });
    // Past the claim's lease, no other sender takes it over.
    clock.advance(MAIL_BATCH_CLAIM_MS + 1_000);
    await job.tick();
    await box.waitFor(author.email);
    expect(recorded.to(author.email)).toHaveLength(1);
    expect(await mailsTo(author.email)).toBe(1);
  });

  it('a batch that keeps failing is kept as failed after its last attempt, and later replies open a new one', async () => {
    const job = sender('replica-1', { backoffMs: [1_000], maxAttempts: 3 });
    const { author, replier, data, batch } = await firstReplyBatched();
    mailServer.down();
    clock.advance(WINDOW_MS);
    // A tick ends at the first mail that fails: another test's batch that is due too may take a tick. Bounded.
    for (let i = 0; i < 10 && (await deps.mailBatches.find(batch._id))?.state !== 'failed'; i++) {
      await job.tick();
      clock.advance(1_000);
    }
    expect(await deps.mailBatches.find(batch._id)).toMatchObject({ state: 'failed', attempts: 3 });
    expect((await deps.mailBatches.find(batch._id))?.reason).toMatch(/ECONNREFUSED|connect/i);
    mailServer.up();
    clock.advance(WINDOW_MS);
    await job.tick();
    expect(recorded.to(author.email)).toHaveLength(3);
    expect(await mailsTo(author.email)).toBe(0);
    expect((await deps.mailBatches.find(batch._id))?.state).toBe('failed');

    await publishEvent(nats.js, ForumReplyCreated, reply(author, replier, 'Still there?', data.postId));
    const batches = await waitForBatches(deps, author.id, data.postId, (b) => b.length === 2);
    expect(batches.map((b) => b.state)).toEqual(['failed', 'open']);
  });
});

describe('forum.reply-created events', () => {
  it('sends a malformed reply-created event to dead letters instead of looping on it', async () => {
    const bad = { id: randomUUID(), type: ForumReplyCreated.type, version: 1, occurredAt: new Date().toISOString(), data: { replyId: 'not-a-uuid' } };
    await nats.js.publish(ForumReplyCreated.subject, JSON.stringify(bad), { msgID: bad.id });
    const dead = async () => (await comms.deadLetters(replyNoticesConsumer)).some((m) => m.string().includes(bad.id));
    expect(await eventually(dead, 15_000)).toBe(true);
  });
});
