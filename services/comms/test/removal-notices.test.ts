import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { ContentRemoved, eventStream, makeEvent, REPORT_REASON_LABELS } from '@cp/contracts';
import { connectMongo, connectNats, consumerBacklog, DEAD_LETTER_STREAM, deadLetterSubject, ensureStream, streamMessages, type NatsHandle } from '@cp/service-kit';
import { call, newUser, startIdentity, until, type IdentityHarness } from '../../identity/test/helpers.ts';
import { mailTestKit, registerUser } from './reply-notice-helpers.ts';
import { buildCommsApp } from '../src/app.ts';
import { identityUserDirectory } from '../src/data/user-directory.ts';
import { REMOVALS_DURABLE, removalNoticesConsumer } from '../src/events/removal-notices.ts';
import { removalNoticeMessageId, siteLink } from '../src/use-cases/removal-notices.ts';
import type { CommsDeps } from '../src/use-cases/deps.ts';

// Issue 21 §3: an admin removed an item; the moderation service announced it on its stream; comms mails the author.
// Real identity (the author's address), MongoDB, NATS and SMTP catcher.
const { env, logger, box, working, recorded } = mailTestKit('removal-notices-test');
const PUBLIC_URL = 'http://localhost:8080';
const INBOX = 'ops@example.com';
const STREAM = eventStream('moderation').name;
const durable = `${REMOVALS_DURABLE}-test-${randomUUID().slice(0, 8)}`;

let identity: IdentityHarness;
let conn: Connection;
let nats: NatsHandle;
let deps: CommsDeps;
const replicas: Array<{ stop(): Promise<void> }> = [];

beforeAll(async () => {
  identity = await startIdentity();
  conn = await connectMongo(env.MONGO_URL, `comms_removals_${randomUUID().slice(0, 8)}`);
  nats = await connectNats({ url: env.NATS_URL, name: 'removal-notices-test', logger });
  await ensureStream(nats.jsm, 'moderation');
  deps = (await buildCommsApp({ conn, mailer: recorded.mailer, users: identityUserDirectory(identity.base), logger, config: { CONTACT_INBOX: INBOX, PUBLIC_URL } })).deps;
  // Two replicas of comms on the same durable.
  for (let i = 0; i < 2; i++) replicas.push(await removalNoticesConsumer.start(deps, nats, { durable, backoffMs: [200] }));
});
afterAll(async () => {
  for (const r of replicas) await r.stop();
  await nats?.jsm.consumers.delete(STREAM, durable).catch(() => undefined);
  await nats?.close();
  await conn?.dropDatabase();
  await conn?.close();
  await identity?.close();
  working.close();
});

const removal = (authorId: string | null, over: Partial<{ title: string; path: string; note: string | null }> = {}) =>
  makeEvent(ContentRemoved, {
    caseId: randomUUID(),
    kind: 'listing',
    itemId: randomUUID(),
    authorId,
    title: 'Cheap iPhones, wire the money first',
    path: '/listings/abc',
    reason: 'scam',
    note: 'Payment outside the site is not allowed.',
    ...over,
  });
/** Publishes the event as the moderation service's relay does (each publish its own message id: a re-publish). */
const publish = (event: ReturnType<typeof removal>) => nats.js.publish(ContentRemoved.subject, JSON.stringify(event), { msgID: randomUUID() });
const drained = () =>
  until('the removal consumer has handled every event', async () => {
    const { pending, ackPending } = await consumerBacklog(nats.jsm, STREAM, durable);
    return pending === 0 && ackPending === 0;
  });
const deadLetters = async () => (await streamMessages(nats.jsm, DEAD_LETTER_STREAM)).filter((m) => m.subject === deadLetterSubject(STREAM, durable));

it('mails the author once, naming the item, where it was, the reason and the note, and how to reach the site', async () => {
  const author = await registerUser(identity.base);
  const event = removal(author.id);
  await publish(event);
  await publish(event); // the same event again, to either replica: mailed once

  const mail = await box.waitFor(author.email, (m) => m.subject.includes('was removed'), 20_000);
  expect(mail.subject).toBe('Your listing "Cheap iPhones, wire the money first" was removed');
  expect(mail.text).toContain('Our moderators removed your listing "Cheap iPhones, wire the money first"');
  expect(mail.text).toContain(`Reason: ${REPORT_REASON_LABELS.scam}`);
  expect(mail.text).toContain('Note from the moderators: Payment outside the site is not allowed.');
  expect(mail.text).toContain(`It was at: ${PUBLIC_URL}/listings/abc`);
  expect(mail.text).toContain(`${PUBLIC_URL}/contact`);
  expect(mail.html).toContain(`<a href="${PUBLIC_URL}/listings/abc">Cheap iPhones, wire the money first</a>`);
  expect(mail.headers?.['message-id']).toBe(removalNoticeMessageId(event.data.caseId, PUBLIC_URL));
  expect(mail.headers?.['reply-to']).toContain(INBOX);

  await drained();
  expect((await box.list(author.email)).filter((m) => m.subject.includes('was removed'))).toHaveLength(1);
  expect(recorded.to(author.email)).toHaveLength(1);
  expect(await deadLetters()).toEqual([]);
});

it('escapes what users wrote, and gives no link for a path that is not one of the site', async () => {
  const author = await registerUser(identity.base);
  await publish(removal(author.id, { title: '<b>Bold</b> & more', path: '//evil.example/phish', note: null }));
  const mail = await box.waitFor(author.email, (m) => m.subject.includes('was removed'), 20_000);
  expect(mail.html).toContain('&lt;b&gt;Bold&lt;/b&gt; &amp; more');
  expect(mail.html).not.toContain('evil.example');
  expect(mail.text).not.toContain('It was at');
  expect(mail.text).not.toContain('Note from the moderators');
  expect(siteLink('/forum/post/1', PUBLIC_URL)).toBe(`${PUBLIC_URL}/forum/post/1`);
  expect(siteLink('/\\evil.example', PUBLIC_URL)).toBeNull();
  expect(siteLink('https://evil.example/', PUBLIC_URL)).toBeNull();
});

it('sends nothing, and retries nothing, for content without an author, an unknown author or one without an address', async () => {
  const noAddress = newUser({ email: undefined });
  const registered = await call(identity.base, 'POST', '/api/register', { body: noAddress });
  expect(registered.status).toBe(201);
  const before = recorded.sent.length;
  await publish(removal(null));
  await publish(removal(randomUUID()));
  await publish(removal(registered.body.id as string));
  await drained();
  expect(recorded.sent.length).toBe(before);
  expect(await deadLetters()).toEqual([]);
});
