import { randomUUID } from 'node:crypto';
import { eventStream, makeEvent, MODERATION_MESSAGES, UserBanned, UserUnbanned } from '@cp/contracts';
import { consumerBacklog, consumerLanes, createApp, createAuth, createRouter, DEAD_LETTER_STREAM, deadLetterSubject, runInTransaction, streamMessages } from '@cp/service-kit';
import { call, newUser, startBehindIdentity, until, type BehindIdentity } from './helpers.ts';
import { mailbox } from '../../../infra/src/mailbox.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { BANS_DURABLE, bansConsumer } from '../src/events/moderation-bans.ts';
import { startSession } from '../src/use-cases/start-session.ts';
import { INVALID_CREDENTIALS } from '../src/use-cases/login.ts';

// Bans from the moderation service (issue 21 §4), across real services: the moderation stream on the real NATS, the
// identity under test with its ban consumer, and a second service that checks sessions through the kit's session
// checker with an hour of caching (only identity's session-revoked events can make it forget a session).
let h: BehindIdentity;
let consumer: { stop(): Promise<void> };
let probe: string;
const durable = `${BANS_DURABLE}-test-${randomUUID().slice(0, 8)}`;
const STREAM = eventStream('moderation').name;

beforeAll(async () => {
  // 'moderation': the harness's own service is the moderation service's stand-in, publishing through its outbox.
  h = await startBehindIdentity('moderation', { sessionTtlMs: 60 * 60 * 1000, verificationMail: true });
  consumer = await bansConsumer.start(h.identity.deps, h.nats, { durable, backoffMs: [200] });
  const auth = createAuth(h.auth);
  const app = createApp({ name: 'probe', logger: h.logger });
  const router = createRouter();
  router.get('/api/whoami', auth.requireUser, (ctx) => {
    ctx.body = { id: (ctx.state.user as { id: string }).id };
  });
  app.use(router.routes());
  probe = await h.serve(app);
});
afterAll(async () => {
  await h?.close(consumer);
  for (const lane of consumerLanes(durable, [UserBanned, UserUnbanned])) await h?.nats.jsm.consumers.delete(STREAM, lane.name).catch(() => undefined);
});

/** What the moderation service does: the event through its outbox (relayed to the moderation stream). */
const announce = async (def: typeof UserBanned | typeof UserUnbanned, data: { userId: string; actorId: string; reason?: string }) =>
  runInTransaction(h.conn, async (_session, emit) => {
    if (def === UserBanned) await emit(UserBanned, { userId: data.userId, actorId: data.actorId, reason: data.reason ?? 'Spam' });
    else await emit(UserUnbanned, { userId: data.userId, actorId: data.actorId });
  });
/** Waits until the consumer has handled everything published so far. */
const drained = () =>
  until('the ban consumer has handled every event', async () => {
    const { pending, ackPending } = await consumerBacklog(h.nats.jsm, STREAM, durable);
    return pending === 0 && ackPending === 0;
  });
const login = (username: string, password: string) => call(h.identity.base, 'POST', '/api/local-login', { body: { username, password } });
const whoami = (cookie: string) => call(probe, 'GET', '/api/whoami', { cookie });

async function register() {
  const u = newUser();
  const res = await call(h.identity.base, 'POST', '/api/register', { body: u });
  expect(res.status).toBe(201);
  return { ...u, id: res.body.id as string, cookie: res.cookie! };
}

it('a ban ends every session of the user at once, everywhere; the user cannot log in and is told why; unban lets them in again', async () => {
  const admin = await h.newAdminSession();
  const user = await register();
  const second = await call(h.identity.base, 'POST', '/api/local-login', { body: { username: user.username, password: user.password, rememberMe: true } });
  expect(second.status).toBe(200);
  const bystander = await register();
  for (const cookie of [user.cookie, second.cookie!, bystander.cookie]) expect((await whoami(cookie)).status).toBe(200); // cached as active now

  await announce(UserBanned, { userId: user.id, actorId: admin.userId, reason: 'Scam listings' });

  await until('the other service refuses both sessions', async () => (await whoami(user.cookie)).status === 401 && (await whoami(second.cookie!)).status === 401);
  // identity: signed out (spec §7: the current user is null, not an error) and 401 on what needs a user.
  expect((await call(h.identity.base, 'GET', '/api/auth/user', { cookie: user.cookie })).body).toBeNull();
  expect((await call(h.identity.base, 'POST', '/api/auth/resend-verification', { cookie: second.cookie })).status).toBe(401);
  expect(await h.identity.deps.sessions.listForUser(user.id)).toEqual([]);
  expect((await whoami(bystander.cookie)).status).toBe(200);
  const stored = await h.identity.deps.users.findById(user.id);
  expect(stored).toMatchObject({ banReason: 'Scam listings', bannedBy: admin.userId, bannedAt: expect.any(Date) });

  // The right password: 403 with the sentence; a wrong one: the usual 401, which tells a stranger nothing.
  const refused = await login(user.username, user.password);
  expect(refused.status).toBe(403);
  expect(refused.body.error).toBe(MODERATION_MESSAGES.banned);
  expect(refused.cookie).toBeUndefined();
  const wrong = await login(user.username, 'not-the-password');
  expect(wrong.status).toBe(401);
  expect(wrong.body.error).toBe(INVALID_CREDENTIALS);

  // A session that survived the ban (made in the same instant) counts for nothing: identity's session check says so.
  const survivor = await startSession(h.identity.deps, { id: user.id, isAdmin: false }, false);
  expect((await call(h.identity.base, 'GET', `/internal/sessions/${survivor.sid}`)).status).toBe(404);
  expect((await call(h.identity.base, 'GET', '/api/auth/user', { cookie: `cp_session=${survivor.token}` })).body).toBeNull();
  expect((await call(h.identity.base, 'GET', `/internal/users/${user.id}`)).body).toMatchObject({ id: user.id, banned: true, isAdmin: false });
  expect((await call(h.identity.base, 'GET', `/internal/users/${admin.userId}`)).body).toMatchObject({ banned: false, isAdmin: true });

  // A password reset changes the password, never the ban.
  await call(h.identity.base, 'POST', '/api/forgot-password', { body: { email: user.email } });
  const mail = await mailbox(testEnv()).waitFor(user.email, (m) => m.subject === 'Reset your password', 20_000);
  const token = decodeURIComponent(/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!);
  expect((await call(h.identity.base, 'POST', '/api/reset-password', { body: { token, password: 'brand-new-pass' } })).status).toBe(200);
  expect((await login(user.username, 'brand-new-pass')).status).toBe(403);

  await announce(UserUnbanned, { userId: user.id, actorId: admin.userId });
  await until('the unban is applied', async () => (await login(user.username, 'brand-new-pass')).status === 200);
  const back = await login(user.username, 'brand-new-pass');
  expect((await whoami(back.cookie!)).status).toBe(200);
  expect((await call(h.identity.base, 'GET', `/internal/users/${user.id}`)).body).toMatchObject({ banned: false });
  expect(await h.identity.deps.users.findById(user.id)).not.toHaveProperty('bannedAt');
});

it('a ban covers the mailbox however it is spelled (case, plus tag, Gmail\'s dots and other domain): a new account with it is refused like a taken address, until the unban', async () => {
  const tag = randomUUID().slice(0, 8);
  const banned = { ...newUser(), email: `Ravi.Kumar.${tag}@gmail.com` };
  const res = await call(h.identity.base, 'POST', '/api/register', { body: banned });
  expect(res.status).toBe(201);
  const bannedId = res.body.id as string;
  await announce(UserBanned, { userId: bannedId, actorId: randomUUID() });
  await until('the ban applied', async () => Boolean((await h.identity.deps.users.findById(bannedId))?.bannedAt));
  for (const email of [`ravi.kumar.${tag}+ads@gmail.com`, `RAVIKUMAR${tag.toUpperCase()}@googlemail.com`, `r.a.v.i.kumar.${tag}+x@GMAIL.com`]) {
    const again = await call(h.identity.base, 'POST', '/api/register', { body: { ...newUser(), email } });
    expect({ email, status: again.status, body: again.body }).toEqual({ email, status: 409, body: expect.objectContaining({ error: 'Email already registered' }) });
  }
  // Another mailbox, and the same name at a provider that keeps dots: new people.
  expect((await call(h.identity.base, 'POST', '/api/register', { body: { ...newUser(), email: `ravi.kumar.${tag}@example.com` } })).status).toBe(201);
  expect((await call(h.identity.base, 'POST', '/api/register', { body: { ...newUser(), email: `ravikumar.${tag}@example.com` } })).status).toBe(201);
  // Unbanned: the mailbox is free again (for a new account with a spelling of it).
  await announce(UserUnbanned, { userId: bannedId, actorId: randomUUID() });
  await until('the unban applied', async () => !(await h.identity.deps.users.findById(bannedId))?.bannedAt);
  expect((await call(h.identity.base, 'POST', '/api/register', { body: { ...newUser(), email: `ravi.kumar.${tag}+again@gmail.com` } })).status).toBe(201);
});

it('an older ban or unban that arrives after a newer one changes nothing; a ban delivered twice or of an unknown user is harmless', async () => {
  const admin = await h.newAdminSession();
  const user = await register();
  const publish = (event: object) => h.nats.js.publish(`events.${(event as { type: string }).type}.v1`, JSON.stringify(event), { msgID: randomUUID() });
  // Every occurredAt from one instant: an event's "older" or "newer" must not depend on how long the steps between take.
  const t0 = Date.now();
  const at = (ms: number) => new Date(t0 + ms).toISOString();

  const unban = { ...makeEvent(UserUnbanned, { userId: user.id, actorId: admin.userId }), occurredAt: at(0) };
  await publish(unban);
  await drained();
  // A ban decided before that unban, delivered late: the user stays free, their session alive.
  await publish({ ...makeEvent(UserBanned, { userId: user.id, actorId: admin.userId, reason: 'Old news' }), occurredAt: at(-60_000) });
  await drained();
  expect((await whoami(user.cookie)).status).toBe(200);
  expect((await login(user.username, user.password)).status).toBe(200);

  const ban = { ...makeEvent(UserBanned, { userId: user.id, actorId: admin.userId, reason: 'Spam' }), occurredAt: at(1_000) };
  await publish(ban);
  await publish(ban); // the same event again (another message id): handled once (the kit's processed record), harmless anyway
  await drained();
  await until('the ban reached the other service', async () => (await whoami(user.cookie)).status === 401);
  expect((await login(user.username, user.password)).status).toBe(403);
  // The unban from before the ban, once more as a new event: still banned.
  await publish({ ...makeEvent(UserUnbanned, { userId: user.id, actorId: admin.userId }), occurredAt: at(500) });
  await drained();
  expect((await login(user.username, user.password)).status).toBe(403);

  // A ban of a user identity does not know is logged and left: nothing retried, nothing dead-lettered.
  const nobody = makeEvent(UserBanned, { userId: randomUUID(), actorId: admin.userId, reason: 'Nobody' });
  await publish(nobody);
  await drained();
  const dead = await streamMessages(h.nats.jsm, DEAD_LETTER_STREAM);
  expect(dead.filter((m) => m.subject === deadLetterSubject(STREAM, durable))).toEqual([]);
  expect(await h.identity.deps.users.findById(nobody.data.userId)).toBeNull();
});
