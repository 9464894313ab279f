import { PasswordResetRequested, SessionCheckAnswerSchema } from '@cp/contracts';
import { outboxModel } from '@cp/service-kit';
import { call, newUser, startIdentity, type IdentityHarness } from './helpers.ts';
import { mailbox } from '../../../infra/src/index.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity({ accountMails: true });
});
afterAll(async () => {
  await h?.close();
});

describe('register', () => {
  it('creates the user, logs them in with a browser-session cookie and never returns the password', async () => {
    const u = newUser();
    const res = await call(h.base, 'POST', '/api/register', { body: u });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: u.username, email: u.email, firstName: 'Asha', lastName: 'Patel', isAdmin: false, termsAccepted: true });
    expect(res.body.id).toEqual(expect.any(String));
    expect(res.body).not.toHaveProperty('password');
    expect(res.body).not.toHaveProperty('resetToken');
    const setCookie = res.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/cp_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    expect(setCookie).not.toMatch(/Max-Age/);
    const me = await call(h.base, 'GET', '/api/auth/user', { cookie: res.cookie });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: res.body.id, username: u.username });
  });

  it.each([
    [{ password: 'short' }, 'password'],
    [{ username: '' }, 'username'],
    [{ termsAccepted: false }, 'termsAccepted'],
    [{ email: 'not-an-email' }, 'email'],
  ])('rejects %j with a 400 naming the field', async (override, field) => {
    const res = await call(h.base, 'POST', '/api/register', { body: newUser(override) });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
    expect((res.body.issues as Array<{ path: string }>).map((i) => i.path)).toContain(field);
  });

  it('tells the user to accept the terms with the spec message', async () => {
    const res = await call(h.base, 'POST', '/api/register', { body: newUser({ termsAccepted: false }) });
    expect(res.body.error).toBe('You must accept the Terms & Conditions to create an account');
  });

  it('never lets a client make itself admin', async () => {
    const res = await call(h.base, 'POST', '/api/register', { body: { ...newUser(), isAdmin: true } });
    expect(res.status).toBe(400);
  });

  it('answers 409 with distinct codes for a taken username (any case) and a registered email', async () => {
    const u = newUser();
    expect((await call(h.base, 'POST', '/api/register', { body: u })).status).toBe(201);
    const sameName = await call(h.base, 'POST', '/api/register', { body: newUser({ username: u.username.toUpperCase() }) });
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({ error: 'Username already exists', code: 'username_taken' });
    const sameEmail = await call(h.base, 'POST', '/api/register', { body: newUser({ email: u.email.toUpperCase() }) });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body).toMatchObject({ error: 'Email already registered', code: 'email_taken' });
  });

  it('rejects a body that is not JSON with 415', async () => {
    const res = await fetch(`${h.base}/api/register`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'username=x' });
    expect(res.status).toBe(415);
    expect(await res.json()).toEqual(expect.objectContaining({ error: expect.any(String) }));
  });

  it('rejects malformed JSON with 400, not 500', async () => {
    const res = await fetch(`${h.base}/api/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"username":' });
    expect(res.status).toBe(400);
  });
});

describe('login and sessions', () => {
  it('logs in; remember me sets a 30-day persistent cookie', async () => {
    const u = newUser();
    await call(h.base, 'POST', '/api/register', { body: u });
    const plain = await call(h.base, 'POST', '/api/local-login', { body: { username: u.username, password: u.password } });
    expect(plain.status).toBe(200);
    expect(plain.headers.getSetCookie().join()).not.toMatch(/Max-Age/);
    const remembered = await call(h.base, 'POST', '/api/local-login', { body: { username: u.username, password: u.password, rememberMe: true } });
    expect(remembered.status).toBe(200);
    expect(remembered.body).toMatchObject({ username: u.username, email: u.email });
    expect(remembered.headers.getSetCookie().join()).toMatch(/Max-Age=2592000/);
    expect(remembered.cookie).not.toBe(plain.cookie);
  });

  it('answers 401 "Invalid username or password" for a wrong password and for an unknown user alike', async () => {
    const u = newUser();
    await call(h.base, 'POST', '/api/register', { body: u });
    const wrong = await call(h.base, 'POST', '/api/local-login', { body: { username: u.username, password: 'wrong-password' }, headers: { 'x-forwarded-for': '10.9.9.1' } });
    const unknown = await call(h.base, 'POST', '/api/local-login', { body: { username: 'nobody_here', password: 'whatever' }, headers: { 'x-forwarded-for': '10.9.9.1' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid username or password');
    expect(unknown.body.error).toBe('Invalid username or password');
  });

  it('GET /api/auth/user answers null (200, "none") without a session and with a forged token', async () => {
    const none = await call(h.base, 'GET', '/api/auth/user');
    expect([none.status, none.body]).toEqual([200, null]);
    expect(none.headers.get('content-type')).toMatch(/^application\/json/);
    const forged = await call(h.base, 'GET', '/api/auth/user', { cookie: 'cp_session=eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.' });
    expect([forged.status, forged.body]).toEqual([200, null]);
  });

  it('logout ends the session on the server: a copied cookie stops working', async () => {
    const u = newUser();
    const reg = await call(h.base, 'POST', '/api/register', { body: u });
    const copied = reg.cookie;
    const out = await call(h.base, 'POST', '/api/logout', { cookie: copied });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/cp_session=; .*Max-Age=0/);
    expect((await call(h.base, 'GET', '/api/auth/user', { cookie: copied })).body).toBeNull();
    const sid = h.deps.sessions.model;
    expect(await sid.countDocuments({ 'sess.userId': reg.body.id as string })).toBe(0);
  });

  it('logout without a session still answers 200 and clears the cookie', async () => {
    const out = await call(h.base, 'POST', '/api/logout');
    expect(out.status).toBe(200);
  });

  it("the internal session check answers for active sessions only, with the current role, the username and the account's standing", async () => {
    const user = newUser();
    const reg = await call(h.base, 'POST', '/api/register', { body: user });
    const [sid] = await h.deps.sessions.listForUser(reg.body.id as string);
    const active = await call(h.base, 'GET', `/internal/sessions/${sid}`);
    const standing = { emailVerified: false, createdAt: reg.body.createdAt };
    expect(active.body).toEqual({ userId: reg.body.id, isAdmin: false, username: user.username, ...standing });
    // The contracts' one schema, which the other services' session checker parses it with: nothing more, nothing less.
    expect(SessionCheckAnswerSchema.strict().parse(active.body)).toEqual(active.body);
    await h.deps.users.setAdmin(reg.body.id as string, true);
    expect((await call(h.base, 'GET', `/internal/sessions/${sid}`)).body).toEqual({ userId: reg.body.id, isAdmin: true, username: user.username, ...standing });
    await call(h.base, 'POST', '/api/logout', { cookie: reg.cookie });
    expect((await call(h.base, 'GET', `/internal/sessions/${sid}`)).status).toBe(404);
  });
});

describe('throttling failed logins', () => {
  it('slows one address after 5 failures without locking the user out elsewhere or for long', async () => {
    const u = newUser();
    await call(h.base, 'POST', '/api/register', { body: u });
    const from = (ip: string, password: string) =>
      call(h.base, 'POST', '/api/local-login', { body: { username: u.username, password }, headers: { 'x-forwarded-for': ip } });
    for (let i = 0; i < 6; i += 1) expect((await from('10.1.1.1', 'wrong-pass')).status).toBe(401);
    const blocked = await from('10.1.1.1', u.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('Too many failed login attempts. Please try again later.');
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The real user at another address is not affected.
    expect((await from('10.2.2.2', u.password)).status).toBe(200);
    // And the wait is short: once it has passed, the right password works again.
    h.clock.advance(61_000);
    expect((await from('10.1.1.1', u.password)).status).toBe(200);
  });

  it('after many failures from many addresses waits at most minutes for everyone', async () => {
    const u = newUser();
    await call(h.base, 'POST', '/api/register', { body: u });
    for (let i = 0; i < 21; i += 1) {
      const r = await call(h.base, 'POST', '/api/local-login', { body: { username: u.username, password: 'nope-nope' }, headers: { 'x-forwarded-for': `10.3.0.${i}` } });
      expect(r.status).toBe(401);
    }
    const anyone = await call(h.base, 'POST', '/api/local-login', { body: { username: u.username, password: u.password }, headers: { 'x-forwarded-for': '10.4.4.4' } });
    expect(anyone.status).toBe(429);
    h.clock.advance(5 * 60_000 + 1_000);
    const later = await call(h.base, 'POST', '/api/local-login', { body: { username: u.username, password: u.password }, headers: { 'x-forwarded-for': '10.4.4.4' } });
    expect(later.status).toBe(200);
  });
});

describe('forgot and reset password', () => {
  const box = () => mailbox(testEnv());

  it('answers the same whether or not the account exists', async () => {
    const unknown = await call(h.base, 'POST', '/api/forgot-password', { body: { email: 'nobody@example.com' } });
    const u = newUser();
    await call(h.base, 'POST', '/api/register', { body: u });
    const known = await call(h.base, 'POST', '/api/forgot-password', { body: { email: u.email } });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toBe('If an account exists with this email, a password reset link has been sent.');
  });

  it('mails a single-use link; reset ends every session; the new password works, the old does not', async () => {
    const u = newUser();
    const reg = await call(h.base, 'POST', '/api/register', { body: u });
    await call(h.base, 'POST', '/api/forgot-password', { body: { email: u.email } });
    const mail = await box().waitFor(u.email, (m) => m.subject === 'Reset your password', 20_000);
    expect(mail.text).toContain(`Hello ${u.firstName},`);
    expect(mail.text).toContain('it expires in 1 hour and works once');
    const link = /http:\/\/localhost:8080\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    // the stored token is a hash, never the token itself
    const stored = await h.deps.users.findByUsername(u.username);
    expect(stored?.resetToken).toBeDefined();
    expect(stored?.resetToken).not.toBe(token);

    const tooShort = await call(h.base, 'POST', '/api/reset-password', { body: { token, password: 'short7!' } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error).toBe('Password must be at least 8 characters long');

    const done = await call(h.base, 'POST', '/api/reset-password', { body: { token, password: 'brand-new-pass' } });
    expect(done.status).toBe(200);
    expect(done.body.message).toEqual(expect.any(String));
    expect(done.headers.get('referrer-policy')).toBe('no-referrer');
    expect((await call(h.base, 'GET', '/api/auth/user', { cookie: reg.cookie })).body).toBeNull();
    expect((await call(h.base, 'POST', '/api/local-login', { body: { username: u.username, password: u.password } })).status).toBe(401);
    expect((await call(h.base, 'POST', '/api/local-login', { body: { username: u.username, password: 'brand-new-pass' } })).status).toBe(200);

    const again = await call(h.base, 'POST', '/api/reset-password', { body: { token, password: 'another-pass-9' } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('This password reset link is invalid or expired.');
  });

  it('asks comms to mail through the outbox, never with the token; at most 3 requests per account per hour, the same answer after', async () => {
    const u = newUser();
    const reg = await call(h.base, 'POST', '/api/register', { body: u });
    const userId = reg.body.id as string;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await call(h.base, 'POST', '/api/forgot-password', { body: { email: u.email.toUpperCase() } }));
    expect(new Set(answers.map((a) => JSON.stringify([a.status, a.body]))).size).toBe(1);
    const events = await outboxModel(h.conn).find({ type: PasswordResetRequested.type, 'data.userId': userId }).lean();
    expect(events).toHaveLength(3);
    for (const e of events) expect(Object.keys(e.data as object).sort()).toEqual(['requestId', 'userId']);
    // the newest link replaced the others: identity gives the mailer only its link (a mail of an older request not
    // sent yet is not sent at all), and its mail arrives
    const newest = (events.at(-1)!.data as { requestId: string }).requestId;
    let link = '';
    for (const e of events) {
      const res = await call(h.base, 'GET', `/internal/users/${userId}/mail-links/password-reset/${(e.data as { requestId: string }).requestId}`);
      if ((e.data as { requestId: string }).requestId !== newest) expect(res.status).toBe(404);
      else {
        expect(res.body).toMatchObject({ to: u.email, name: u.firstName, link: expect.stringMatching(/^http:\/\/localhost:8080\/reset-password\?token=/) });
        link = res.body.link as string;
      }
    }
    const mail = await box().waitFor(u.email, (m) => m.subject === 'Reset your password' && (m.text ?? '').includes(link), 20_000);
    const token = decodeURIComponent(/token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!);
    for (const e of events) expect(JSON.stringify(e)).not.toContain(token);
    expect((await call(h.base, 'POST', '/api/reset-password', { body: { token, password: 'brand-new-pass' } })).status).toBe(200);
  });

  it('a link older than 1 hour no longer works', async () => {
    const u = newUser();
    await call(h.base, 'POST', '/api/register', { body: u });
    await call(h.base, 'POST', '/api/forgot-password', { body: { email: u.email } });
    const mail = await box().waitFor(u.email, (m) => m.subject === 'Reset your password', 20_000);
    const token = decodeURIComponent(/token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!);
    h.clock.advance(60 * 60_000 + 1_000);
    const res = await call(h.base, 'POST', '/api/reset-password', { body: { token, password: 'brand-new-pass' } });
    expect(res.status).toBe(400);
  });

  it('requires a token', async () => {
    const res = await call(h.base, 'POST', '/api/reset-password', { body: { password: 'brand-new-pass' } });
    expect(res.status).toBe(400);
  });
});

describe('health', () => {
  it('is alive and ready', async () => {
    expect((await call(h.base, 'GET', '/healthz')).status).toBe(200);
    const ready = await call(h.base, 'GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual([expect.objectContaining({ name: 'mongodb', ok: true })]);
  });
});
