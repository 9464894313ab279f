/**
 * The gateway in front of the real identity service (real MongoDB, NATS and SMTP): what the browser does through the
 * one origin, and identity's user-registered event read back from JetStream by a durable consumer.
 */
import { randomUUID } from 'node:crypto';
import { UserRegistered, type EventEnvelope } from '@cp/contracts';
import { connectNats, createLogger, ensureStream, on, OutboxRelay, startConsumer, type NatsHandle } from '@cp/service-kit';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { newUser, startIdentity, type IdentityHarness } from '../../identity/test/helpers.ts';
import { closeAfterAll } from '../../../infra/src/jest/closing.ts';
import { client, eventually, PUBLIC_URL, startTestGateway } from './helpers.ts';

const logger = createLogger('gateway-identity-test', 'silent');
const closing = closeAfterAll();
const http = closing(client());
let identity: IdentityHarness;
let nats: NatsHandle;
let base: string;

beforeAll(async () => {
  identity = closing(await startIdentity());
  nats = closing(await connectNats({ url: testEnv().NATS_URL, name: 'gateway-identity-test', logger }));
  await ensureStream(nats.jsm, 'identity');
  closing(new OutboxRelay({ connection: identity.conn, js: nats.js, logger })).start();
  base = closing(await startTestGateway({ IDENTITY_URL: identity.base })).url;
});

/** A same-origin browser request through the gateway. */
function browser(method: string, path: string, opts: { body?: unknown; cookie?: string | undefined } = {}) {
  return http.call(base + path, {
    method,
    headers: {
      origin: PUBLIC_URL,
      'sec-fetch-site': 'same-origin',
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
}

function sessionCookie(setCookie: string | string[] | undefined): string | undefined {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.find((c) => c.startsWith('cp_session='))?.split(';')[0];
}

describe('the gateway in front of identity', () => {
  it('register, current user, logout and login work through the one origin; a copied cookie dies with logout', async () => {
    const user = newUser();
    const reg = await browser('POST', '/api/register', { body: user });
    expect(reg.status).toBe(201);
    const cookie = sessionCookie(reg.headers['set-cookie']);
    expect(cookie).toBeDefined();
    expect(reg.json()).toMatchObject({ username: user.username, email: user.email });
    expect(reg.json()).not.toHaveProperty('password');
    expect(reg.headers['x-request-id']).toBeDefined();

    const me = await browser('GET', '/api/auth/user', { cookie });
    expect(me.status).toBe(200);
    expect(me.json()).toMatchObject({ username: user.username, firstName: 'Asha' });

    expect((await browser('POST', '/api/logout', { cookie })).status).toBe(200);
    const after = await browser('GET', '/api/auth/user', { cookie });
    // "Current user or none" (spec §7): the ended session is nobody.
    expect([after.status, after.json()]).toEqual([200, null]);

    const login = await browser('POST', '/api/local-login', { body: { username: user.username, password: user.password, rememberMe: true } });
    expect(login.status).toBe(200);
    const setCookie = [login.headers['set-cookie']].flat().find((c) => c?.startsWith('cp_session='));
    expect(setCookie).toMatch(/Max-Age=2592000|Expires=/i);
    expect((await browser('GET', '/api/auth/user', { cookie: sessionCookie(login.headers['set-cookie']) })).status).toBe(200);
  });

  it('passes identity errors through unchanged: 401 for a wrong password, 409 for a taken username', async () => {
    const user = newUser();
    expect((await browser('POST', '/api/register', { body: user })).status).toBe(201);
    const wrong = await browser('POST', '/api/local-login', { body: { username: user.username, password: 'not-the-password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.json()).toMatchObject({ error: 'Invalid username or password' });
    const again = await browser('POST', '/api/register', { body: { ...user, email: `other_${randomUUID().slice(0, 6)}@example.com` } });
    expect(again.status).toBe(409);
  });

  it('rejects a cross-site login before identity sees it', async () => {
    const user = newUser();
    const res = await http.call(`${base}/api/register`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site', 'content-type': 'application/json' },
      body: JSON.stringify(user),
    });
    expect(res.status).toBe(403);
    expect(await identity.deps.users.findByUsername(user.username)).toBeNull();
  });

  it('never exposes identity\'s internal session endpoint', async () => {
    const res = await browser('GET', '/internal/sessions/anything');
    expect(res.status).toBe(404);
  });
});

describe('identity.user-registered', () => {
  it('reaches a durable consumer once, with the contract\'s payload', async () => {
    const seen: Array<EventEnvelope<{ userId: string; username: string; email: string | null }>> = [];
    const durable = `test_${randomUUID().slice(0, 8)}`;
    const consumer = await startConsumer({
      nats,
      connection: identity.conn,
      stream: 'EVENTS_IDENTITY',
      durable,
      logger,
      handlers: [on(UserRegistered, async (event) => void seen.push(event))],
    });
    try {
      const user = newUser();
      const reg = await browser('POST', '/api/register', { body: user });
      expect(reg.status).toBe(201);
      const userId = reg.json<{ id: string }>().id;
      const mine = () => seen.filter((e) => e.data.userId === userId);
      expect(await eventually(() => mine().length > 0, 30_000, 100)).toBe(true);
      // no second delivery arrives
      await new Promise((r) => setTimeout(r, 1_000));
      expect(mine()).toHaveLength(1);
      expect(mine()[0]).toMatchObject({ type: 'identity.user-registered', version: 1, data: { userId, username: user.username, email: user.email } });
      expect(UserRegistered.data.safeParse(mine()[0]!.data).success).toBe(true);
    } finally {
      await consumer.stop();
      await nats.jsm.consumers.delete('EVENTS_IDENTITY', durable).catch(() => undefined);
    }
  });
});
