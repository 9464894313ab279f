/**
 * The newsletter (issue 26, point 5) on the real MongoDB, NATS, identity and SMTP catcher: double opt-in (a
 * confirmation mail; `subscribed` only after its link), the same answer whatever the address's state (no
 * enumeration) but the spec's 409 for the signed-in owner, per-address mail limits, newsletter mails with both parts
 * and the RFC 8058 one-click unsubscribe, tested through the gateway.
 */
import { createHash, randomUUID } from 'node:crypto';
import { NEWSLETTER_TEXT, NewsletterMailRequested, NewsletterSubscribed, NewsletterUnsubscribed } from '@cp/contracts';
import { publishEvent } from '@cp/service-kit';
import { type CaughtMail } from '../../../infra/src/mailbox.ts';
import { call, startBehindIdentity, type BehindIdentity } from '../../identity/test/helpers.ts';
import { startTestGateway } from '../../gateway/test/helpers.ts';
import type { RunningGateway } from '../../gateway/src/app.ts';
import { buildCommsApp } from '../src/app.ts';
import { identityUserDirectory } from '../src/data/user-directory.ts';
import { newsletterMailConsumer } from '../src/events/newsletter-mail.ts';
import type { CommsDeps } from '../src/use-cases/deps.ts';
import { NEWSLETTER_MAIL_GAP_MS } from '../src/use-cases/subscribe-newsletter.ts';
import { eventually, mailTestKit, PUBLIC_URL, published } from './mail-test-kit.ts';

const kit = mailTestKit('comms-newsletter-test');
const { box, mailServer } = kit;
/** The service's mailer: real SMTP, pointed at the catcher or at a closed port (a mail server that is down). */
const mailer = kit.recorded.mailer;
/** The service's clock: the tests move it past the mail gap and the links' expiry. */
let shiftMs = 0;
const now = () => new Date(Date.now() + shiftMs);
/** This file's own durable, so other test files' consumers never take its mails (and it never takes theirs). */
const DURABLE = `comms-newsletter-mail-test-${randomUUID().slice(0, 8)}`;

let h: BehindIdentity;
let deps: CommsDeps;
let base: string;
let consumer: { stop(): Promise<void> };
let gateway: RunningGateway;

beforeAll(async () => {
  h = await startBehindIdentity('comms');
  const built = await buildCommsApp({
    conn: h.conn,
    mailer,
    users: identityUserDirectory(h.identity.base),
    logger: h.logger,
    config: { CONTACT_INBOX: 'ops@example.com', PUBLIC_URL },
    auth: h.auth,
    now,
  });
  deps = built.deps;
  consumer = await newsletterMailConsumer.start(deps, h.nats, { backoffMs: [300], durable: DURABLE });
  base = await h.serve(built.app);
  gateway = await startTestGateway({ COMMS_URL: base, IDENTITY_URL: h.identity.base });
});
afterAll(async () => {
  await gateway?.close();
  await h?.close(consumer);
  kit.close();
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
}

async function send(url: string, method: string, body?: string, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(url, { method, headers, body, redirect: 'manual' });
  const text = await res.text();
  const json = /^application\/json/.test(res.headers.get('content-type') ?? '');
  return { status: res.status, body: json ? (JSON.parse(text) as Record<string, unknown>) : { text }, headers: res.headers };
}
const post = (path: string, json: unknown, cookie?: string) => send(base + path, 'POST', JSON.stringify(json), { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) });
const subscribe = (email: string, cookie?: string) => post('/api/newsletter/subscribe', { email }, cookie);
const address = (tag: string) => `${tag}_${randomUUID().slice(0, 8)}@example.com`;
const stored = (email: string) => deps.newsletter.findByEmail(email.toLowerCase());
const mailsOf = async (email: string) => deps.newsletterMails.model.countDocuments({ subscriptionId: (await stored(email))!._id });
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The confirmation mail to `email` (the newest) and its link's token. */
async function confirmationMail(email: string, notIn: string[] = []): Promise<{ mail: CaughtMail; token: string }> {
  const mail = await box.waitFor(email, (m) => /\/newsletter\/confirm\?token=/.test(m.text) && !notIn.includes(m.id), 20_000);
  const token = /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
  return { mail, token };
}

/** A subscribed address, through the real flow: sign-up, the mail's link, the confirmation. */
async function subscribed(email: string, cookie?: string): Promise<void> {
  expect((await subscribe(email, cookie)).status).toBe(202);
  const { token } = await confirmationMail(email);
  expect((await post('/api/newsletter/confirm', { token })).status).toBe(200);
}

/** Events of one type in the comms stream whose data matches. */
const publishedOf = (type: string, match: (data: Record<string, unknown>) => boolean) => published(h.nats, 'EVENTS_COMMS', type, match);

describe('double opt-in', () => {
  it('a sign-up is pending until the mailed link is confirmed; the link works once; then a welcome mail with one-click unsubscribe', async () => {
    const email = address('Asha');
    const answer = await subscribe(email.toUpperCase());
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ message: NEWSLETTER_TEXT.checkInbox });
    expect(await stored(email)).toMatchObject({ email: email.toLowerCase(), subscribed: false });
    expect((await stored(email))!.pendingSince).toBeInstanceOf(Date);

    // The confirmation mail: both parts carry the link to the page (which POSTs); stable Message-ID; not a newsletter mail.
    const { mail, token } = await confirmationMail(email);
    expect(mail.subject).toBe('Confirm your subscription to the Central PA Desi Community newsletter');
    expect(mail.text).toContain(`${PUBLIC_URL}/newsletter/confirm?token=${token}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/newsletter/confirm?token=${token}"`);
    const record = await deps.newsletterMails.model.findOne({ subscriptionId: (await stored(email))!._id, kind: 'confirmation' }).lean();
    expect(mail.headers?.['message-id']).toBe(`<newsletter-confirmation.${String(record!._id)}@localhost>`);
    expect(mail.headers?.['list-unsubscribe']).toBeUndefined();
    // Stored hashed only: the database alone gives no working link.
    const pending = (await stored(email))!;
    expect(pending.confirmTokens?.map((t) => t.hash)).toEqual([sha256(token)]);
    expect(JSON.stringify(pending)).not.toContain(token);

    // A GET of the API (a mail scanner following links) changes nothing.
    expect((await send(`${base}/api/newsletter/confirm?token=${token}`, 'GET')).status).toBe(405);
    expect((await stored(email))!.subscribed).toBe(false);

    const confirmed = await post('/api/newsletter/confirm', { token });
    expect(confirmed).toMatchObject({ status: 200, body: { message: NEWSLETTER_TEXT.confirmed, status: 'subscribed' } });
    const now = (await stored(email))!;
    expect(now).toMatchObject({ subscribed: true });
    expect(now.pendingSince).toBeUndefined();
    expect(now.confirmTokens).toBeUndefined();

    // Once only.
    const again = await post('/api/newsletter/confirm', { token });
    expect(again).toMatchObject({ status: 400, body: { error: NEWSLETTER_TEXT.confirmInvalid } });

    // The welcome mail: the first newsletter mail, both parts, the unsubscribe headers (RFC 8058) and a visible link.
    const welcome = await box.waitFor(email, (m) => m.subject === 'Welcome to the Central PA Desi Community newsletter', 20_000);
    const unsubscribeToken = now.unsubscribeToken!;
    expect(welcome.headers?.['list-unsubscribe']).toBe(`<${PUBLIC_URL}/api/newsletter/unsubscribe?token=${unsubscribeToken}>`);
    expect(welcome.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(welcome.text).toContain("Thanks for subscribing! You'll receive updates about the latest listings and events.");
    expect(welcome.text).toContain(`Unsubscribe: ${PUBLIC_URL}/newsletter/unsubscribe?token=${unsubscribeToken}`);
    expect(welcome.html).toContain(`<a href="${PUBLIC_URL}/newsletter/unsubscribe?token=${unsubscribeToken}">Unsubscribe</a>`);
    expect(await eventually(async () => (await publishedOf(NewsletterSubscribed.type, (d) => d.email === email.toLowerCase())) === 1)).toBe(true);
  });

  it('a made-up, malformed, missing or expired token is a 400 with a clear message and changes nothing', async () => {
    for (const body of [{ token: 'A'.repeat(43) }, { token: 'not a token' }, { token: 'A'.repeat(44) }, {}, { token: 7 }]) {
      expect(await post('/api/newsletter/confirm', body)).toMatchObject({ status: 400, body: { error: NEWSLETTER_TEXT.confirmInvalid } });
    }
    const email = address('late');
    await subscribe(email);
    const { mail, token } = await confirmationMail(email);
    const before = JSON.stringify(await stored(email));
    shiftMs = 7 * 24 * 60 * 60_000 + 60_000; // the link's 7 days are over
    try {
      expect(await post('/api/newsletter/confirm', { token })).toMatchObject({ status: 400, body: { error: NEWSLETTER_TEXT.confirmInvalid } });
      expect(JSON.stringify(await stored(email))).toBe(before);
      // Signing up again (the mail gap is over too) mails a new link, which works.
      expect((await subscribe(email)).status).toBe(202);
      const fresh = await confirmationMail(email, [mail.id]);
      expect(fresh.token).not.toBe(token);
      expect((await post('/api/newsletter/confirm', { token: fresh.token })).status).toBe(200);
    } finally {
      shiftMs = 0;
    }
    expect((await stored(email))!.subscribed).toBe(true);
  });

  it('keeps a sign-up while the mail server is down and mails the link once it is back', async () => {
    mailServer.down();
    const email = address('down');
    try {
      expect((await subscribe(email)).status).toBe(202);
      // The consumer tries and fails (a redelivery with backoff follows); nothing is marked sent.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(await h.conn.collection('newsletter_mails').countDocuments({ subscriptionId: (await stored(email))!._id, sentAt: { $exists: true } })).toBe(0);
    } finally {
      mailServer.up();
    }
    const { token } = await confirmationMail(email);
    expect((await post('/api/newsletter/confirm', { token })).status).toBe(200);
  });
});

describe('no enumeration', () => {
  it('answers a new, a pending and a subscribed address the same; mails each at most once per gap', async () => {
    const fresh = address('new');
    const pending = address('pending');
    const member = address('member');
    await subscribe(pending);
    await subscribed(member);
    const answers = [await subscribe(fresh), await subscribe(pending), await subscribe(member)];
    const visible = (a: Answer) => ({ status: a.status, body: a.body, type: a.headers.get('content-type'), length: a.headers.get('content-length') });
    expect(answers.map(visible)).toEqual([visible(answers[0]!), visible(answers[0]!), visible(answers[0]!)]);
    // Also for a signed-in user who does not own the address.
    const someone = await h.newSession();
    expect(visible(await subscribe(member, someone.cookie))).toEqual(visible(answers[0]!));

    // Within the gap after their first sign-up, the second sign-ups mailed nothing: one confirmation each, no notice.
    expect(await mailsOf(pending)).toBe(1);
    const notices = async () => deps.newsletterMails.model.countDocuments({ subscriptionId: (await stored(member))!._id, kind: 'already-subscribed' });
    expect(await notices()).toBe(0);
    expect((await stored(member))!.subscribed).toBe(true);

    const first = await confirmationMail(pending);
    shiftMs = NEWSLETTER_MAIL_GAP_MS + 1_000;
    try {
      // After the gap, the subscribed address gets a notice that it is subscribed already (a newsletter mail:
      // unsubscribe link and headers), once however many sign-ups follow.
      expect((await subscribe(member)).status).toBe(202);
      expect((await subscribe(member)).status).toBe(202);
      const notice = await box.waitFor(member, (m) => m.subject === 'You are already subscribed to the Central PA Desi Community newsletter', 20_000);
      expect(notice.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(notice.text).toContain('/newsletter/unsubscribe?token=');
      expect(await notices()).toBe(1);
      expect((await stored(member))!.subscribed).toBe(true);

      // The pending address gets a fresh link; both links work (the newest few are kept), once.
      expect((await subscribe(pending)).status).toBe(202);
      expect(await mailsOf(pending)).toBe(2);
      const second = await confirmationMail(pending, [first.mail.id]);
      expect(second.token).not.toBe(first.token);
      expect((await stored(pending))!.confirmTokens).toHaveLength(2);
      expect((await post('/api/newsletter/confirm', { token: first.token })).status).toBe(200);
      expect((await post('/api/newsletter/confirm', { token: second.token })).status).toBe(400);
    } finally {
      shiftMs = 0;
    }
  });

  it('lets several simultaneous sign-ups of one new address make one subscription and one mail', async () => {
    const email = address('race');
    const results = await Promise.all(Array.from({ length: 5 }, () => subscribe(email)));
    expect(results.map((r) => r.status)).toEqual([202, 202, 202, 202, 202]);
    expect(await deps.newsletter.model.countDocuments({ email })).toBe(1);
    expect(await mailsOf(email)).toBe(1);
  });

  it('tells the signed-in owner of a subscribed address, and nobody else, that it is subscribed (the spec 409)', async () => {
    const owner = await h.newSession();
    const email = String((await call(h.identity.base, 'GET', '/api/auth/user', { cookie: owner.cookie })).body.email);
    // Pending: the owner gets the neutral answer too.
    expect((await subscribe(email, owner.cookie)).status).toBe(202);
    const { token } = await confirmationMail(email);
    expect((await post('/api/newsletter/confirm', { token })).status).toBe(200);

    const mine = await subscribe(email.toUpperCase(), owner.cookie);
    expect(mine).toMatchObject({ status: 409, body: { error: 'This email is already subscribed to our newsletter.', code: 'already_subscribed' } });
    expect((await subscribe(email)).status).toBe(202);
    expect((await subscribe(email, (await h.newSession()).cookie)).status).toBe(202);
    expect((await subscribe(email, 'cp_session=forged.token.value')).status).toBe(202);
  });

  it('keeps subscriptions made before double opt-in subscribed, and gives them an unsubscribe link', async () => {
    const email = address('old');
    await deps.newsletter.model.collection.insertOne({ _id: randomUUID(), email, subscribed: true, createdAt: new Date(Date.now() - 86_400_000) } as never);
    expect((await subscribe(email)).status).toBe(202);
    expect((await stored(email))!.subscribed).toBe(true);
    const notice = await box.waitFor(email, (m) => m.subject.startsWith('You are already subscribed'), 20_000);
    const token = (await stored(email))!.unsubscribeToken!;
    expect(notice.headers?.['list-unsubscribe']).toBe(`<${PUBLIC_URL}/api/newsletter/unsubscribe?token=${token}>`);
  });

  it('rejects invalid sign-ups with 400 (the spec message) and other content types with 415', async () => {
    for (const body of [{ email: 'no-at-sign' }, { email: '' }, {}, { email: 'a@b.co', subscribed: true }]) {
      const res = await post('/api/newsletter/subscribe', body);
      expect(res.status).toBe(400);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await post('/api/newsletter/subscribe', { email: 'nope' })).body.error).toBe('Invalid email: Please enter a valid email address');
    expect((await send(`${base}/api/newsletter/subscribe`, 'POST', 'email=a%40b.co', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
  });
});

describe('newsletter mails are sent once', () => {
  it('sends nothing again for a mail already sent, whatever event asks again', async () => {
    const email = address('once');
    await subscribe(email);
    await confirmationMail(email);
    const record = (await deps.newsletterMails.model.findOne({ subscriptionId: (await stored(email))!._id }).lean())!;
    // The same mail asked for again by another event (a re-publish): the mail's record says it was sent.
    const event = await publishEvent(h.nats.js, NewsletterMailRequested, { mailId: String(record._id), subscriptionId: record.subscriptionId, kind: 'confirmation' });
    expect(await eventually(async () => Boolean(await h.conn.collection('processed_events').findOne({ _id: `${DURABLE}:${event.id}` } as never)))).toBe(true);
    expect((await box.list(email)).length).toBe(1);
    expect((await stored(email))!.confirmTokens).toHaveLength(1);
  });
});

describe('unsubscribe', () => {
  async function member(): Promise<{ email: string; token: string }> {
    const email = address('leaving');
    await subscribed(email);
    const welcome = await box.waitFor(email, (m) => m.subject.startsWith('Welcome'), 20_000);
    const token = /token=([A-Za-z0-9_-]+)>$/.exec(welcome.headers!['list-unsubscribe']!)![1]!;
    return { email, token };
  }
  const oneClick = (url: string, body = 'List-Unsubscribe=One-Click', headers: Record<string, string> = {}) =>
    send(url, 'POST', body, { 'content-type': 'application/x-www-form-urlencoded', ...headers });

  it('takes the mailbox provider’s one-click POST through the gateway, without a login: subscribed false', async () => {
    const { email, token } = await member();
    const res = await oneClick(`${gateway.url}/api/newsletter/unsubscribe?token=${token}`);
    expect(res).toMatchObject({ status: 200, body: { message: NEWSLETTER_TEXT.unsubscribed, status: 'unsubscribed' } });
    expect((await stored(email))!.subscribed).toBe(false);
    expect(await eventually(async () => (await publishedOf(NewsletterUnsubscribed.type, (d) => d.email === email)) === 1)).toBe(true);
    // Again (the page after the provider, or a second click): the same answer, nothing more happens.
    expect(await post('/api/newsletter/unsubscribe', { token })).toMatchObject({ status: 200, body: { status: 'unsubscribed' } });
    expect(await publishedOf(NewsletterUnsubscribed.type, (d) => d.email === email)).toBe(1);
    // No newsletter mail for it any more: a sign-up makes it pending again, with a confirmation.
    expect((await stored(email))!.subscribed).toBe(false);
  });

  it('takes the unsubscribe page’s POST through the gateway; a plain GET of the List-Unsubscribe URL only leads to that page', async () => {
    const { email, token } = await member();
    const get = await send(`${gateway.url}/api/newsletter/unsubscribe?token=${token}`, 'GET');
    expect(get.status).toBe(303);
    expect(get.headers.get('location')).toBe(`${PUBLIC_URL}/newsletter/unsubscribe?token=${token}`);
    expect((await stored(email))!.subscribed).toBe(true);
    const res = await send(`${gateway.url}/api/newsletter/unsubscribe`, 'POST', JSON.stringify({ token }), { 'content-type': 'application/json', origin: PUBLIC_URL, 'sec-fetch-site': 'same-origin' });
    expect(res).toMatchObject({ status: 200, body: { status: 'unsubscribed' } });
    expect((await stored(email))!.subscribed).toBe(false);
  });

  it('refuses an unknown token, a wrong body or content type, and a cross-site browser POST, changing nothing', async () => {
    const { email, token } = await member();
    const url = `${gateway.url}/api/newsletter/unsubscribe?token=${token}`;
    expect(await oneClick(`${gateway.url}/api/newsletter/unsubscribe?token=${'B'.repeat(43)}`)).toMatchObject({ status: 400, body: { error: NEWSLETTER_TEXT.unsubscribeInvalid } });
    expect(await oneClick(`${gateway.url}/api/newsletter/unsubscribe`)).toMatchObject({ status: 400, body: { error: NEWSLETTER_TEXT.unsubscribeInvalid } });
    expect((await oneClick(url, 'List-Unsubscribe=Yes')).status).toBe(400);
    expect((await oneClick(url, `List-Unsubscribe=One-Click&x=${'y'.repeat(2_000)}`)).status).toBe(413);
    expect((await send(url, 'POST', 'List-Unsubscribe=One-Click', { 'content-type': 'text/plain' })).status).toBe(415);
    expect(await post('/api/newsletter/unsubscribe', { token: 'C'.repeat(43) })).toMatchObject({ status: 400, body: { error: NEWSLETTER_TEXT.unsubscribeInvalid } });
    expect((await send(`${gateway.url}/api/newsletter/unsubscribe?token=nope`, 'GET')).status).toBe(400);
    // One-click POSTs come from the provider's servers; a page of another site posting the form is refused.
    expect((await oneClick(url, undefined, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await stored(email))!.subscribed).toBe(true);
  });
});
