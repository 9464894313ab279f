import { randomUUID } from 'node:crypto';
import { LIFECYCLE_MESSAGES, ListingExpiring, makeEvent } from '@cp/contracts';
import { call, listingBody, newUser, startListings, type ListingsHarness } from '../../listings/test/helpers.ts';
import { runLifecycle } from '../../listings/src/use-cases/run-lifecycle.ts';
import { commsUnderTest, mailTestKit, PUBLIC_URL } from './mail-test-kit.ts';
import { expiryRemindersConsumer } from '../src/events/expiry-reminders.ts';
import { expiryReminderMessageId } from '../src/use-cases/expiry-reminders.ts';

// Issue 22: the listings service's lifecycle job announces an expiring listing (listings.listing-expiring, its signed
// links inside); comms mails the owner once. Real listings service and identity, MongoDB, NATS and the SMTP catcher;
// two comms replicas on one durable.
const kit = mailTestKit('expiry-reminders-test');
const { box, recorded } = kit;
const DAY = 86_400_000;
let h: ListingsHarness;
const comms = commsUnderTest(kit, {
  upstream: async () => {
    h = await startListings();
    return { identityBase: h.identity.base, nats: h.nats, close: () => h.close() };
  },
  streams: ['listings'],
  consumers: [expiryRemindersConsumer],
  replicas: 2,
});
const drained = () => comms.drained(expiryRemindersConsumer);

/** A link of the mail, sent to the listings service under test instead of PUBLIC_URL. */
const local = (link: string) => h.base + link.slice(PUBLIC_URL.length);

it('mails the owner once, text and HTML, with the Renew link and one-click unsubscribe that work at the listings service', async () => {
  const user = newUser();
  const registered = await call(h.identity.base, 'POST', '/api/register', { body: user });
  expect(registered.status).toBe(201);
  const owner = { id: registered.body.id as string, email: user.email };
  await h.identity.deps.users.markVerified(owner.id, new Date()); // comms mails verified addresses only
  const created = await call(h.base, 'POST', '/api/listings', { cookie: registered.cookie, body: listingBody({ title: 'Baby stroller <barely used>' }) });
  expect(created.status).toBe(201);
  const listingId = created.body.id as string;
  const expiresAt = created.body.expiresAt as string;
  const at = new Date(Date.parse(expiresAt) - DAY);
  await runLifecycle(h.deps, at);
  await runLifecycle(h.deps, at); // again: no second event

  const mail = await box.waitFor(owner.email, (m) => m.subject.includes('expires on'), 20_000);
  expect(mail.subject).toMatch(/^Your listing "Baby stroller <barely used>" expires on \w+day, \w+ \d+, \d{4}$/);
  const renew = /Renew it with one click: (\S+)/.exec(mail.text)![1]!;
  expect(renew.startsWith(`${PUBLIC_URL}/renew-listing?token=`)).toBe(true);
  expect(mail.text).toContain(`See the listing: ${PUBLIC_URL}/listing/${listingId}`);
  const stop = /Stop expiry reminders: (\S+)/.exec(mail.text)![1]!;
  expect(stop.startsWith(`${PUBLIC_URL}/reminders/unsubscribe?token=`)).toBe(true);
  expect(mail.html).toContain('Baby stroller &lt;barely used&gt;');
  expect(mail.html).toContain(`<a href="${renew}"`);
  expect(mail.html).toContain(`<a href="${stop}">Stop expiry reminders</a>`);
  expect(mail.headers?.['message-id']).toBe(expiryReminderMessageId(listingId, expiresAt, PUBLIC_URL));
  const listUnsubscribe = String(mail.headers?.['list-unsubscribe']);
  expect(listUnsubscribe).toMatch(new RegExp(`^<${PUBLIC_URL}/api/listings/reminders/unsubscribe\\?token=[^>]+>$`));
  expect(mail.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

  await drained();
  expect((await box.list(owner.email)).filter((m) => m.subject.includes('expires on'))).toHaveLength(1);
  expect(await comms.deadLetters(expiryRemindersConsumer)).toEqual([]);

  // The mail's links work at the listings service, without a login.
  const token = new URL(renew).searchParams.get('token')!;
  const renewed = await call(h.base, 'POST', '/api/listings/renew-link', { body: { token } });
  expect(renewed.status).toBe(200);
  expect(renewed.body.listingId).toBe(listingId);
  const oneClick = await fetch(local(listUnsubscribe.slice(1, -1)), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
  expect(oneClick.status).toBe(200);
  expect(((await oneClick.json()) as { message: string }).message).toBe(LIFECYCLE_MESSAGES.optedOut);
  expect(await h.deps.optOuts.optedOut([owner.id])).toEqual(new Set([owner.id]));
});

it('sends nothing, and retries nothing, for an owner identity does not know', async () => {
  const before = recorded.sent.length;
  const event = makeEvent(ListingExpiring, { listingId: randomUUID(), userId: randomUUID(), title: 'Ghost listing', expiresAt: new Date(Date.now() + DAY).toISOString(), renewToken: 'x.y', unsubscribeToken: 'x.y' });
  await h.nats.js.publish(ListingExpiring.subject, JSON.stringify(event), { msgID: randomUUID() });
  await drained();
  expect(recorded.sent.length).toBe(before);
});
