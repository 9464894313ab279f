import { randomUUID } from 'node:crypto';
import { ContentRemoved, makeEvent, REPORT_REASON_LABELS } from '@cp/contracts';
import { call, newUser } from '../../identity/test/helpers.ts';
import { commsUnderTest, mailTestKit, PUBLIC_URL, registerUser } from './mail-test-kit.ts';
import { removalNoticesConsumer } from '../src/events/removal-notices.ts';
import { removalNoticeMessageId, siteLink } from '../src/use-cases/removal-notices.ts';

// Issue 21 §3: an admin removed an item; the moderation service announced it on its stream; comms mails the author.
// Real identity (the author's address), MongoDB, NATS and SMTP catcher; two comms replicas on one durable.
const kit = mailTestKit('removal-notices-test');
const { box, recorded } = kit;
const INBOX = 'ops@example.com';
const h = commsUnderTest(kit, { streams: ['moderation'], consumers: [removalNoticesConsumer], replicas: 2, config: { CONTACT_INBOX: INBOX } });

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
const publish = (event: ReturnType<typeof removal>) => h.nats.js.publish(ContentRemoved.subject, JSON.stringify(event), { msgID: randomUUID() });
const drained = () => h.drained(removalNoticesConsumer);
const deadLetters = () => h.deadLetters(removalNoticesConsumer);

it('mails the author once, naming the item, where it was, the reason and the note, and how to reach the site', async () => {
  const author = await registerUser(h.upstream.identity);
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
  const author = await registerUser(h.upstream.identity);
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
  const registered = await call(h.upstream.identity.base, 'POST', '/api/register', { body: noAddress });
  expect(registered.status).toBe(201);
  const before = recorded.sent.length;
  await publish(removal(null));
  await publish(removal(randomUUID()));
  await publish(removal(registered.body.id as string));
  await drained();
  expect(recorded.sent.length).toBe(before);
  expect(await deadLetters()).toEqual([]);
});
