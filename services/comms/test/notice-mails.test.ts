import { randomUUID } from 'node:crypto';
import { makeEvent, NoticeMailRequested, NOTICES_DOMAIN, type NoticeMail } from '@cp/contracts';
import { connectMongo, OutboxRelay, runInTransaction } from '@cp/service-kit';
import type { Connection } from 'mongoose';
import { commsUnderTest, mailTestKit, PUBLIC_URL, registerUser } from './mail-test-kit.ts';
import { noticeMailsConsumer } from '../src/events/notice-mails.ts';
import { noticeMessageId } from '../src/use-cases/notice-mails.ts';

// Issue 35: a team comms has never heard of asks for a mail to one of its users, as data, through its own outbox onto
// the platform stream; comms mails it, once, in the site's form, with RFC 8058 one-click unsubscribe. Real identity
// (the address), MongoDB, NATS and the SMTP catcher; two comms replicas on one durable.
const kit = mailTestKit('notice-mails-test');
const { box, recorded } = kit;
const comms = commsUnderTest(kit, { streams: [NOTICES_DOMAIN], consumers: [noticeMailsConsumer], replicas: 2 });
const drained = () => comms.drained(noticeMailsConsumer);

// The throw-away team: its own database and outbox relay, as startService gives any service.
const team = `zeta-${randomUUID().slice(0, 6)}`;
let teamConn: Connection;
let teamRelay: OutboxRelay;
beforeAll(async () => {
  teamConn = await connectMongo(kit.env.MONGO_URL, `team_${team}`);
  teamRelay = new OutboxRelay({ connection: teamConn, js: comms.nats.js, logger: kit.logger, pollIntervalMs: 100 });
  teamRelay.start();
});
afterAll(async () => {
  await teamRelay.stop();
  await teamConn.dropDatabase();
  await teamConn.close();
});

/** What the team asks for: a reminder of two events, every link on the site. */
function notice(userId: string, over: Partial<NoticeMail> = {}): NoticeMail {
  return {
    noticeId: `reminder.${userId}.2026-12-05`,
    source: team,
    topic: 'event-reminders',
    topicLabel: 'event reminders',
    userId,
    subject: 'Tomorrow: Diwali Mela & Garba Night',
    paragraphs: ['You said you are going to these events tomorrow, Saturday, December 5.'],
    items: [
      { title: 'Diwali Mela <Harrisburg>', url: `${PUBLIC_URL}/listing/${randomUUID()}`, detail: '6:00 PM, Farm Show Complex' },
      { title: 'Garba Night', url: `${PUBLIC_URL}/listing/${randomUUID()}` },
    ],
    action: { label: 'See all events', url: `${PUBLIC_URL}/events` },
    reason: 'You receive this e-mail because you said you are going to these events.',
    unsubscribe: { oneClickUrl: `${PUBLIC_URL}/api/${team}/reminders/unsubscribe?token=t1`, pageUrl: `${PUBLIC_URL}/${team}/unsubscribe?token=t1` },
    ...over,
  };
}

/** The team emits through its outbox, in a transaction as its use cases do. */
const ask = (data: NoticeMail) => runInTransaction(teamConn, (_session, emit) => emit(NoticeMailRequested, data));

it('mails what a new team asks for, once, in text and HTML, with its one-click unsubscribe headers', async () => {
  const user = await registerUser(comms.upstream.identity);
  const asked = notice(user.id);
  await ask(asked);
  await ask(asked); // asked again in another event: still one mail

  const mail = await box.waitFor(user.email, (m) => m.subject === asked.subject, 20_000);
  expect(mail.text.startsWith('Hello Asha,\n')).toBe(true); // the user's first name, from identity
  expect(mail.text).toContain('You said you are going to these events tomorrow, Saturday, December 5.');
  expect(mail.text).toContain(`- Diwali Mela <Harrisburg> (6:00 PM, Farm Show Complex): ${asked.items[0]!.url}`);
  expect(mail.text).toContain(`- Garba Night: ${asked.items[1]!.url}`);
  expect(mail.text).toContain(`See all events: ${PUBLIC_URL}/events`);
  expect(mail.text).toContain(`Stop event reminders: ${asked.unsubscribe.pageUrl}`);
  expect(mail.html).toContain(`<a href="${asked.items[0]!.url}">Diwali Mela &lt;Harrisburg&gt;</a>`);
  expect(mail.html).not.toContain('<Harrisburg>');
  expect(mail.html).toContain(`Stop event reminders</a>`);
  expect(mail.headers?.['message-id']).toBe(noticeMessageId(asked, PUBLIC_URL));
  expect(mail.headers?.['list-unsubscribe']).toBe(`<${asked.unsubscribe.oneClickUrl}>`);
  expect(mail.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(String(mail.headers?.['list-id'])).toContain(`<event-reminders.${team}.localhost>`);

  await drained();
  expect((await box.list(user.email)).filter((m) => m.subject === asked.subject)).toHaveLength(1);
  expect(await comms.deadLetters(noticeMailsConsumer)).toEqual([]);
});

it('never mails a notice with a link off the site, nor retries it', async () => {
  const user = await registerUser(comms.upstream.identity);
  const before = recorded.sent.length;
  await ask(notice(user.id, { noticeId: 'phish.1', action: { label: 'Claim your prize', url: 'https://evil.example/win' } }));
  await ask(notice(user.id, { noticeId: 'phish.2', unsubscribe: { oneClickUrl: 'http://localhost:8081/x', pageUrl: `${PUBLIC_URL}/x` } }));
  await drained();
  expect(recorded.sent.length).toBe(before);
  expect(await comms.deadLetters(noticeMailsConsumer)).toEqual([]);
});

it('sends nothing to an address its user never verified (issue 41), nor retries it', async () => {
  const user = await registerUser(comms.upstream.identity, { verified: false });
  const before = recorded.sent.length;
  await ask(notice(user.id, { noticeId: 'unverified.1' }));
  await drained();
  expect(recorded.sent.length).toBe(before);
  expect(await comms.deadLetters(noticeMailsConsumer)).toEqual([]);
});

it('sends nothing for a user identity does not know; a malformed request goes to the dead letters, never mailed', async () => {
  const before = recorded.sent.length;
  await ask(notice(randomUUID(), { noticeId: 'ghost.1' }));
  // Not through the outbox (its emit validates): a team whose build skipped the contract.
  const bad = { ...makeEvent(NoticeMailRequested, notice(randomUUID(), { noticeId: 'bad.1' })), data: { ...notice(randomUUID()), subject: '' } };
  await comms.nats.js.publish(NoticeMailRequested.subject, JSON.stringify(bad), { msgID: randomUUID() });
  await drained(); // the dead-lettered one too: terminated, not left unacknowledged (nats-server 2.9 and a +TERM reason)
  expect(recorded.sent.length).toBe(before);
  const dead = await comms.deadLetters(noticeMailsConsumer);
  expect(dead).toHaveLength(1);
  expect(dead[0]!.json<{ id: string }>().id).toBe(bad.id);
});
