import { randomBytes, randomUUID } from 'node:crypto';
import { ListingCreated, SAVED_SEARCH_MESSAGES, SavedSearchMatched, SavedSearchListSchema, SavedSearchSchema, type Listing, type SavedSearch } from '@cp/contracts';
import { outboxModel } from '@cp/service-kit';
import { type CaughtMail } from '../../../infra/src/mailbox.ts';
import { call, listingBody, startListings, until, type ListingsHarness } from '../../listings/test/helpers.ts';
import { savedSearchAlertsConsumer as matcher } from '../../listings/src/events/saved-search-alerts.ts';
import { commsUnderTest, mailTestKit, movableClock, PUBLIC_URL } from './mail-test-kit.ts';
import { savedSearchAlertsConsumer } from '../src/events/saved-search-alerts.ts';
import { ALERT_DIGEST_KIND, alertMessageId } from '../src/use-cases/saved-search-alerts.ts';

// Issue 22 §3: the real listings service (saved searches, the matcher, the signed unsubscribe links) and comms (the
// alert mails, the daily digest batches; two replicas on one durable) on the real identity, MongoDB, NATS and SMTP
// catcher.
const kit = mailTestKit('saved-search-alerts-test');
const { box, recorded } = kit;
const WINDOW_MS = 86_400_000; // the default digest window: the clock is moved past it, nothing waits for it
const clock = movableClock();
const matcherDurable = `saved-search-matcher-test-${randomUUID().slice(0, 8)}`;

let h: ListingsHarness;
const comms = commsUnderTest(kit, {
  upstream: async () => {
    h = await startListings({ linkSigningKey: randomBytes(32).toString('base64url') });
    const matching = await matcher.start(h.deps, h.nats, { durable: matcherDurable });
    const close = async () => {
      await matching.stop();
      await h.nats.jsm.consumers.delete('EVENTS_LISTINGS', matcherDurable).catch(() => undefined);
      await h.close();
    };
    return { identityBase: h.identity.base, nats: h.nats, close };
  },
  streams: ['listings'],
  consumers: [savedSearchAlertsConsumer],
  replicas: 2,
  now: clock.now,
});

type User = { cookie: string; userId: string; email: string };
/** A member who verified their address (comms mails nobody else), unless `verified` is false. */
async function user({ verified = true } = {}): Promise<User> {
  const s = await h.newSession();
  if (verified) await h.identity.deps.users.markVerified(s.userId, new Date());
  return { ...s, email: `${s.username}@example.com` }; // newUser's address
}
async function save(u: User, body: Record<string, unknown>): Promise<SavedSearch> {
  const res = await call(h.base, 'POST', '/api/saved-searches', { cookie: u.cookie, body });
  expect(res.status).toBe(201);
  return SavedSearchSchema.parse(res.body);
}
async function post(u: User, overrides: Record<string, unknown>): Promise<Listing> {
  const res = await call(h.base, 'POST', '/api/listings', { cookie: u.cookie, body: listingBody(overrides) });
  expect(res.status).toBe(201);
  return res.body as unknown as Listing;
}
/** The matcher handled the listing's created event, its alerts are on the stream, and comms handled every one. */
async function handled(listing: Listing): Promise<void> {
  const event = await outboxModel(h.conn).findOne({ type: ListingCreated.type, 'data.listingId': listing.id }).lean().exec();
  await until('the matcher handled the listing', async () => (await h.conn.collection('processed_events').countDocuments({ eventId: event!._id, consumer: matcherDurable })) === 1);
  // Its alerts leave through the listings outbox: published to the stream before comms can be asked whether it is done.
  await until('the alerts published', async () => (await outboxModel(h.conn).countDocuments({ type: SavedSearchMatched.type, 'data.listing.listingId': listing.id, status: 'pending' })) === 0);
  await comms.drained(savedSearchAlertsConsumer);
}
const pausedOf = async (u: User, id: string) => SavedSearchListSchema.parse((await call(h.base, 'GET', '/api/saved-searches', { cookie: u.cookie })).body).items.find((s) => s.id === id)?.paused;
/** The List-Unsubscribe URL of a mail, pointed at the listings service under test instead of PUBLIC_URL (the gateway's). */
function oneClickUrl(mail: CaughtMail): string {
  const header = mail.headers?.['list-unsubscribe'] ?? '';
  expect(header).toMatch(new RegExp(`^<${PUBLIC_URL}/api/saved-searches/unsubscribe\\?token=[^>]+>$`));
  return header.slice(1, -1).replace(PUBLIC_URL, h.base);
}
const oneClick = (url: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });

describe('instant alerts', () => {
  it('mails a matching new listing once: text and HTML, the listing, its link, the alerts page, a one-click unsubscribe for this alert', async () => {
    const [alice, bob] = [await user(), await user()];
    const search = await save(bob, { name: 'Harmoniums', filters: { search: 'harmonium', category: 'Buy & Sell' } });
    const aliceOwn = await save(alice, { name: 'My harmonium', filters: { search: 'harmonium' } });
    const listing = await post(alice, { title: 'Harmonium, 3 octave <Bina>', category: 'Buy & Sell', location: 'Camp Hill PA', price: 350, description: 'Well kept harmonium with coupler, pick up in Camp Hill.' });

    const mail = await box.waitFor(bob.email, (m) => m.subject.includes('Harmonium'), 20_000);
    expect(mail.subject).toBe('New listing for "Harmoniums": Harmonium, 3 octave <Bina>');
    const listingUrl = `${PUBLIC_URL}/listing/${listing.id}`;
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain(listingUrl);
      expect(part).toContain(`${PUBLIC_URL}/alerts`);
      expect(part).toContain(`${PUBLIC_URL}/alerts/unsubscribe?token=`);
      expect(part).toContain('Camp Hill PA');
      expect(part).toContain('$350');
    }
    expect(mail.text).toContain('Harmonium, 3 octave <Bina>');
    expect(mail.text).toContain('Well kept harmonium with coupler');
    expect(mail.html).toContain('Harmonium, 3 octave &lt;Bina&gt;');
    expect(mail.html).not.toContain('<Bina>');
    expect(mail.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.headers?.['message-id']).toBe(alertMessageId(`${search.id}:${listing.id}`, PUBLIC_URL));
    const visible = /\/alerts\/unsubscribe\?token=([^\s"&]+)/.exec(mail.text)![1];
    expect(oneClickUrl(mail)).toBe(`${h.base}/api/saved-searches/unsubscribe?token=${visible}`);

    await handled(listing);
    expect((await box.list(bob.email)).filter((m) => m.subject.includes('Harmonium'))).toHaveLength(1);
    expect(recorded.to(bob.email)).toHaveLength(1);
    // Never the author about their own listing, though her saved search matches it.
    expect(recorded.to(alice.email)).toHaveLength(0);
    expect(await pausedOf(alice, aliceOwn.id)).toBe(false);
  });

  it('nothing to an address nobody verified (issue 41); the alert once it is verified', async () => {
    const [alice, mallory] = [await user(), await user({ verified: false })];
    await save(mallory, { name: 'Tablas', filters: { search: 'tabla' } });
    const first = await post(alice, { title: 'Tabla set with cushions', description: 'A pair of tablas with their cushions and covers.' });
    await handled(first);
    expect(recorded.to(mallory.email)).toHaveLength(0);
    expect(await box.list(mallory.email)).toHaveLength(0);
    // Verified: the alerts reach the address.
    await h.identity.deps.users.markVerified(mallory.userId, new Date());
    const second = await post(alice, { title: 'Tabla hammer and powder', description: 'Tuning hammer and tabla powder, hardly used.' });
    await handled(second);
    await until('the alert of the second listing mailed', async () => recorded.to(mallory.email).length === 1);
    expect(recorded.to(mallory.email).every((m) => m.subject.includes('Tabla hammer'))).toBe(true);
  });

  it('one mail per listing however many of a user\'s searches it matches (issue 41): instant once, and once in the digest', async () => {
    const [alice, dan] = [await user(), await user()];
    for (const [i, filters] of [{ search: 'sitar' }, { search: 'sitar', category: 'Buy & Sell' }, { search: 'sitar', location: 'Camp Hill PA' }].entries()) {
      await save(dan, { name: `Sitars ${i}`, filters });
      await save(dan, { name: `Sitars daily ${i}`, filters, frequency: 'daily' });
    }
    const listing = await post(alice, { title: 'Sitar with hard case', category: 'Buy & Sell', location: 'Camp Hill PA', description: 'A sitar with its hard case and spare strings.' });
    await handled(listing);
    expect(recorded.to(dan.email).filter((m) => m.subject.includes('Sitar with hard case'))).toHaveLength(1);
    const [batch] = await comms.deps.mailBatches.listByKey({ kind: ALERT_DIGEST_KIND, recipientId: dan.userId, subjectKey: 'daily' });
    expect(batch).toMatchObject({ itemCount: 1 });
  });

  it('nothing for a listing that does not match', async () => {
    const [alice, bob] = [await user(), await user()];
    await save(bob, { name: 'Rentals in Enola', filters: { category: 'Home Rentals', location: 'Enola' } });
    const listing = await post(alice, { category: 'Home Rentals', title: 'Room for rent near the temple', location: 'Harrisburg PA', price: 600 });
    await handled(listing);
    expect(recorded.to(bob.email)).toHaveLength(0);
    expect(await box.list(bob.email)).toHaveLength(0);
  });

  it('the one-click unsubscribe pauses this alert (a forged or expired token changes nothing); no mail after it', async () => {
    const [alice, bob] = [await user(), await user()];
    const tablas = await save(bob, { name: 'Tablas', filters: { search: 'tabla' } });
    const other = await save(bob, { name: 'Sitars', filters: { search: 'sitar' } });
    await post(alice, { title: 'Tabla pair for beginners', price: 120 });
    const mail = await box.waitFor(bob.email, (m) => m.subject.includes('Tabla'), 20_000);
    const url = oneClickUrl(mail);

    // A forged token (its payload changed, the signature kept) and an expired-looking one are refused: nothing changes.
    const token = new URL(url).searchParams.get('token')!;
    const [payload, signature] = token.split('.');
    const decoded = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as { p: string; e: number; d: unknown };
    const forged = `${Buffer.from(JSON.stringify({ ...decoded, d: { savedSearchId: other.id } })).toString('base64url')}.${signature}`;
    const expired = `${Buffer.from(JSON.stringify({ ...decoded, e: Math.floor(Date.now() / 1000) - 60 })).toString('base64url')}.${signature}`;
    for (const bad of [forged, expired]) {
      const res = await oneClick(`${h.base}/api/saved-searches/unsubscribe?token=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(SAVED_SEARCH_MESSAGES.invalidLink);
    }
    expect(await pausedOf(bob, tablas.id)).toBe(false);
    expect(await pausedOf(bob, other.id)).toBe(false);

    const res = await oneClick(url);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'paused', name: 'Tablas' });
    expect(await pausedOf(bob, tablas.id)).toBe(true);
    expect(await pausedOf(bob, other.id)).toBe(false);

    const next = await post(alice, { title: 'Another tabla, professional', price: 400 });
    await handled(next);
    expect(recorded.to(bob.email).filter((m) => m.subject.includes('abla'))).toHaveLength(1);
  });
});

describe('daily digests', () => {
  it('collects a user’s daily matches for a day and mails them in one digest, with a link per alert and a one-click stop of the digest', async () => {
    const sender = comms.sender({ holder: 'replica-1' }); // ticked by the test
    const [alice, carol] = [await user(), await user()];
    const jobs = await save(carol, { name: 'Jobs', filters: { category: 'Jobs' }, frequency: 'daily' });
    const tutors = await save(carol, { name: 'Tutors', filters: { search: 'tutor' }, frequency: 'daily' });
    const instant = await save(carol, { name: 'Instant sofas', filters: { search: 'sofa' }, frequency: 'instant' });
    const job = await post(alice, { category: 'Jobs', title: 'Accountant wanted', employer: 'Patel CPA', description: 'Part-time bookkeeping for a small firm in Carlisle.', price: undefined });
    const tutor = await post(alice, { category: 'Services', title: 'Math tutor for SAT', description: 'Experienced tutor, evenings and weekends, Camp Hill.', price: 40 });
    await handled(job);
    await handled(tutor);
    const [batch] = await comms.deps.mailBatches.listByKey({ kind: ALERT_DIGEST_KIND, recipientId: carol.userId, subjectKey: 'daily' });
    expect(batch).toMatchObject({ state: 'open', itemCount: 2 });

    // Within the day nothing is sent.
    clock.advance(WINDOW_MS - 1_000);
    await sender.tick();
    expect(recorded.to(carol.email)).toHaveLength(0);

    clock.advance(1_000);
    await sender.tick();
    const digest = await box.waitFor(carol.email, (m) => m.subject.includes('your saved searches'));
    expect(digest.subject).toBe('2 new listings match your saved searches');
    for (const part of [digest.text, digest.html]) {
      expect(part).toContain(`${PUBLIC_URL}/listing/${job.id}`);
      expect(part).toContain(`${PUBLIC_URL}/listing/${tutor.id}`);
      expect(part).toContain('Accountant wanted');
      expect(part).toContain('Math tutor for SAT');
      expect(part).toContain(`${PUBLIC_URL}/alerts`);
      expect(part.match(/\/alerts\/unsubscribe\?token=/g)!.length).toBeGreaterThanOrEqual(3); // each alert's + the digest's
    }
    expect(digest.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    await sender.tick();
    expect(recorded.to(carol.email).filter((m) => m.subject.includes('your saved searches'))).toHaveLength(1);

    // A match after the digest waits for the next day's.
    const later = await post(alice, { category: 'Jobs', title: 'Cook needed at Swagat', employer: 'Swagat', description: 'Full-time cook, Indian cuisine experience.', price: undefined });
    await handled(later);
    await sender.tick();
    expect(recorded.to(carol.email).filter((m) => m.subject.includes('your saved searches'))).toHaveLength(1);
    clock.advance(WINDOW_MS);
    await sender.tick();
    const second = await box.waitFor(carol.email, (m) => m.subject === '1 new listing matches your saved searches');
    expect(second.text).toContain('Cook needed at Swagat');
    expect(second.text).not.toContain('Accountant wanted');

    // The digest's one-click unsubscribe pauses the daily saved searches, not the instant one.
    const res = await oneClick(oneClickUrl(digest));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'paused', message: SAVED_SEARCH_MESSAGES.pausedAll });
    expect(await pausedOf(carol, jobs.id)).toBe(true);
    expect(await pausedOf(carol, tutors.id)).toBe(true);
    expect(await pausedOf(carol, instant.id)).toBe(false);
  });
});
