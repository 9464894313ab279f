import { randomBytes } from 'node:crypto';
import { EMAIL_VERIFICATION_TTL_MS, EmailVerificationRequested, EmailVerified, eventStream, INVALID_VERIFICATION_LINK, parseEvent, PublicUserSchema } from '@cp/contracts';
import { outboxModel, streamMessages, type Mail, type NatsHandle } from '@cp/service-kit';
import { mailbox } from '../../../infra/src/mailbox.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { ALREADY_VERIFIED, NO_EMAIL_TO_VERIFY, RESEND_WAIT_DAY, RESEND_WAIT_MINUTE } from '../src/use-cases/resend-verification.ts';
import { sendAccountMail } from '../../comms/src/use-cases/account-mails.ts';
import { call, mailedVerificationToken, newUser, PUBLIC_URL, startIdentity, until, type IdentityHarness } from './helpers.ts';

let h: IdentityHarness & { nats?: NatsHandle };
beforeAll(async () => {
  h = await startIdentity({ accountMails: true });
});
afterAll(async () => {
  await h?.close();
});

const box = () => mailbox(testEnv());
const register = async (overrides: Record<string, unknown> = {}) => {
  const user = newUser(overrides);
  const res = await call(h.base, 'POST', '/api/register', { body: user });
  expect(res.status).toBe(201);
  return { ...user, id: res.body.id as string, cookie: res.cookie!, body: res.body };
};
const verify = (token: unknown) => call(h.base, 'POST', '/api/auth/verify-email', { body: { token } });
const resend = (cookie?: string) => call(h.base, 'POST', '/api/auth/resend-verification', { cookie });
const me = async (cookie: string) => PublicUserSchema.parse((await call(h.base, 'GET', '/api/auth/user', { cookie })).body);
const mailIds = async (email: string) => new Set((await box().list(email)).map((m) => m.id));

describe('e-mail verification at registration', () => {
  it('the mailer run again for the same request (a redelivery) mails the same link, which works; once used, nothing more is mailed', async () => {
    const u = await register({ email: `again_${randomBytes(6).toString('hex')}@example.com` });
    const registration = await mailedVerificationToken(u.email); // the registration's own mail, by comms' consumer
    const event = await outboxModel(h.conn).findOne({ type: EmailVerificationRequested.type, 'data.userId': u.id }).lean();
    const requestId = (event?.data as { requestId: string }).requestId;
    expect(await sendAccountMail(h.mail!, 'email-verification', u.id, requestId)).toBe('sent');
    await until('the second mail of the request arrived', async () => (await box().list(u.email)).length === 2);
    const links = (await box().list(u.email)).map((m) => /verify-email\?token=([A-Za-z0-9_-]+)/.exec(m.text ?? '')?.[1]);
    expect(links).toEqual([registration, registration]);
    expect((await verify(registration)).status).toBe(200);
    expect(await sendAccountMail(h.mail!, 'email-verification', u.id, requestId)).toBe('no-link');
    // identity's internal endpoint answers the link only while it works, and nothing for a made-up request
    expect((await call(h.base, 'GET', `/internal/users/${u.id}/mail-links/email-verification/${requestId}`)).status).toBe(404);
    expect((await call(h.base, 'GET', `/internal/users/${u.id}/mail-links/password-reset/${requestId}`)).status).toBe(404);
    expect((await call(h.base, 'GET', `/internal/users/${u.id}/mail-links/nonsense/${requestId}`)).status).toBe(404);
  });

  it('the event carries no token: only the user and the request', async () => {
    const u = await register();
    const token = await mailedVerificationToken(u.email);
    const event = await outboxModel(h.conn).findOne({ type: EmailVerificationRequested.type, 'data.userId': u.id }).lean();
    expect(Object.keys(event?.data as object).sort()).toEqual(['requestId', 'userId']);
    expect(JSON.stringify(event)).not.toContain(token);
  });

  it('registers unverified and mails a link to PUBLIC_URL/verify-email; the token is stored hashed', async () => {
    const u = await register();
    expect(u.body.emailVerified).toBe(false);
    expect((await me(u.cookie)).emailVerified).toBe(false);
    const token = await mailedVerificationToken(u.email);
    const mail = (await box().list(u.email))[0]!;
    expect(mail.subject).toBe('Verify your e-mail address');
    expect(mail.text).toContain(`${PUBLIC_URL}/verify-email?token=${token}`);
    expect(mail.text).toContain('expires in 48 hours and works once');
    const stored = await h.deps.users.findById(u.id);
    expect(stored?.emailVerifyToken).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.emailVerifyToken).not.toBe(token);
    expect(token.length).toBeGreaterThanOrEqual(43); // 256 random bits
    // The session check other services use tells them too.
    const [sid] = await h.deps.sessions.listForUser(u.id);
    expect((await call(h.base, 'GET', `/internal/sessions/${sid}`)).body).toMatchObject({ emailVerified: false, createdAt: u.body.createdAt });
  });

  it('the link verifies once: the user is verified (also for other services, with an email-verified event); a second use is a 400', async () => {
    const u = await register();
    const token = await mailedVerificationToken(u.email);
    const first = await verify(token);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Your e-mail address is verified. You can now write reviews.');
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    expect((await me(u.cookie)).emailVerified).toBe(true);
    const [sid] = await h.deps.sessions.listForUser(u.id);
    expect((await call(h.base, 'GET', `/internal/sessions/${sid}`)).body).toMatchObject({ emailVerified: true });
    const stored = await h.deps.users.findById(u.id);
    expect(stored?.emailVerifyToken).toBeUndefined();
    expect(stored?.emailVerifiedAt).toBeInstanceOf(Date);

    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.body.error).toBe(INVALID_VERIFICATION_LINK);

    await until('the outbox is published', async () => (await outboxModel(h.conn).countDocuments({ status: 'pending' })) === 0);
    const events = (await streamMessages(h.nats!.jsm, eventStream('identity').name))
      .map((m) => parseEvent(m.json()))
      .filter((p) => p.ok && p.event.type === EmailVerified.type && (p.event.data as { userId: string }).userId === u.id);
    expect(events).toHaveLength(1);
  });

  it('an expired link (older than 48 hours) is a 400 and changes nothing', async () => {
    const u = await register();
    const token = await mailedVerificationToken(u.email);
    h.clock.advance(EMAIL_VERIFICATION_TTL_MS + 1_000);
    const res = await verify(token);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(INVALID_VERIFICATION_LINK);
    expect(await h.deps.users.findById(u.id)).toMatchObject({ emailVerified: false, emailVerifyToken: expect.any(String) });
  });

  it('a forged or malformed token is a 400 and verifies nobody', async () => {
    const u = await register();
    await mailedVerificationToken(u.email);
    const before = await h.deps.users.findById(u.id);
    for (const token of [randomBytes(32).toString('base64url'), before!.emailVerifyToken!, 'x']) {
      const res = await verify(token);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(INVALID_VERIFICATION_LINK);
    }
    for (const body of [{}, { token: '' }, { token: { $ne: null } }, { token: 'a'.repeat(300) }, { token: 'abc', emailVerified: true }, 'a string']) {
      const res = await call(h.base, 'POST', '/api/auth/verify-email', { body });
      expect(res.status).toBe(400);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect(await h.deps.users.findById(u.id)).toEqual(before);
  });

  it('a registration without an e-mail address sends nothing; asking for a link says there is no address', async () => {
    const u = await register({ email: '' });
    const res = await resend(u.cookie);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(NO_EMAIL_TO_VERIFY);
    expect((await h.deps.users.findById(u.id))?.emailVerifyToken).toBeUndefined();
  });

  it('a mail server that is down does not fail the registration: the mail goes out once it is back', async () => {
    const mail = h.mail!;
    const real = mail.mailer;
    let refused = 0;
    mail.mailer = { send: async () => Promise.reject(new Error(`connect ECONNREFUSED (${++refused})`)), close: () => {} };
    try {
      const u = await register();
      await until('the mail server refused the verification mail', async () => refused >= 2);
      expect(await box().list(u.email)).toHaveLength(0);
      mail.mailer = real;
      expect((await verify(await mailedVerificationToken(u.email))).status).toBe(200);
    } finally {
      mail.mailer = real;
    }
  });

  it('an existing user stored without the field counts as not verified', async () => {
    const u = await register();
    await h.deps.users.model.collection.updateOne({ _id: u.id as never }, { $unset: { emailVerified: 1 } });
    expect((await me(u.cookie)).emailVerified).toBe(false);
    const [sid] = await h.deps.sessions.listForUser(u.id);
    expect((await call(h.base, 'GET', `/internal/sessions/${sid}`)).body).toMatchObject({ emailVerified: false });
  });
});

describe('POST /api/auth/resend-verification', () => {
  it('needs a login (401)', async () => {
    const res = await resend();
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it('mails a new link that replaces the old one', async () => {
    const u = await register();
    const old = await mailedVerificationToken(u.email);
    const seen = await mailIds(u.email);
    const res = await resend(u.cookie);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`A new verification link is on its way to ${u.email}.`);
    const fresh = await mailedVerificationToken(u.email, seen);
    expect(fresh).not.toBe(old);
    expect((await verify(old)).status).toBe(400);
    expect((await verify(fresh)).status).toBe(200);
    const done = await resend(u.cookie);
    expect(done.status).toBe(409);
    expect(done.body.error).toBe(ALREADY_VERIFIED);
  });

  it('is limited per account to one a minute and five a day (429 with Retry-After), sending nothing more', async () => {
    const u = await register();
    await mailedVerificationToken(u.email);
    const sent: Mail[] = [];
    const mail = h.mail!;
    const real = mail.mailer;
    mail.mailer = { send: (m: Mail) => (sent.push(m), real.send(m)), close: () => {} };
    try {
      // Each link is mailed before the next is asked for, as a minute apart does: a link replaced before comms mailed
      // it is not mailed at all (identity answers comms only for the account's current link).
      const mailedToU = (n: number) => until(`link ${n} mailed`, async () => sent.filter((m) => m.to === u.email).length >= n);
      for (let i = 0; i < 4; i++) {
        expect((await resend(u.cookie)).status).toBe(200);
        await mailedToU(i + 1);
        const soon = await resend(u.cookie);
        expect(soon.status).toBe(429);
        expect(soon.body.error).toBe(RESEND_WAIT_MINUTE);
        expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
        h.clock.advance(60_000);
      }
      expect((await resend(u.cookie)).status).toBe(200);
      await mailedToU(5);
      h.clock.advance(60_000);
      const sixth = await resend(u.cookie);
      expect(sixth.status).toBe(429);
      expect(sixth.body.error).toBe(RESEND_WAIT_DAY);
      expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(3600);
      // Another account is not limited by this one.
      const other = await register();
      expect((await resend(other.cookie)).status).toBe(200);
      await until('the five resent links and the other account’s are mailed', async () => sent.filter((m) => m.to === u.email).length >= 5 && sent.some((m) => m.to === other.email));
      await new Promise((r) => setTimeout(r, 1_000));
      expect(sent.filter((m) => m.to === u.email)).toHaveLength(5);
      // A day later the account may ask again (signed in again: a session without "remember me" lasts a day).
      h.clock.advance(24 * 60 * 60_000);
      const login = await call(h.base, 'POST', '/api/local-login', { body: { username: u.username, password: u.password } });
      expect((await resend(login.cookie)).status).toBe(200);
    } finally {
      mail.mailer = real;
    }
  });
});
