import { generateKeyPairSync, randomUUID } from 'node:crypto';
import http from 'node:http';
import jwt from 'jsonwebtoken';
import { accountOf, createApp, createAuth, createLogger, createRouter, httpSessionChecker, isKnownBot, SESSION_CHECK_UNAVAILABLE, listen, signSessionToken, type AuthUser, type RunningServer } from '../src/index.ts';

const keys = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
};
const { privateKey, publicKey } = keys();
const other = keys();
const userId = randomUUID();
const adminId = randomUUID();

/** Stands in for identity's internal endpoint: which sessions are active, and each user's role. */
const active = new Map<string, { userId: string; isAdmin: boolean; emailVerified?: boolean; createdAt?: string }>();
/** Answers of identity held back until released (an answer on its way while the cache is dropped). */
const holdAnswers: { until?: Promise<void> | undefined; onArrive?: (() => void) | undefined } = {};
let identityCalls = 0;
let identity: http.Server;
let server: RunningServer;
let base: string;
const checker = () => httpSessionChecker({ identityUrl: `http://127.0.0.1:${(identity.address() as { port: number }).port}`, ttlMs: 60_000 });
let sessions: ReturnType<typeof httpSessionChecker>;

beforeAll(async () => {
  identity = http.createServer(async (req, res) => {
    identityCalls += 1;
    const sid = decodeURIComponent((req.url ?? '').replace('/internal/sessions/', ''));
    const s = active.get(sid);
    holdAnswers.onArrive?.();
    await holdAnswers.until;
    res.writeHead(s ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(s ?? { error: 'Session not found' }));
  });
  await new Promise<void>((r) => identity.listen(0, '127.0.0.1', r));
  sessions = checker();
  const auth = createAuth({ publicKey, issuer: 'cp-identity', audience: 'cp-web', sessions });
  const logger = createLogger('auth-test', 'silent');
  const app = createApp({ name: 'auth-test', logger });
  const router = createRouter('/api');
  router.get('/me', auth.requireUser, (ctx) => {
    ctx.body = ctx.state.user;
  });
  router.get('/admin', auth.requireAdmin, (ctx) => {
    ctx.body = { ok: true };
  });
  router.get('/maybe', auth.authenticate, (ctx) => {
    ctx.body = { user: ctx.state.user };
  });
  app.use(router.routes());
  server = await listen(app, 0, '127.0.0.1', logger);
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((r) => identity.close(() => r()));
});

const token = (sub: string, sid: string, opts: { key?: string; isAdmin?: boolean; audience?: string; expiresInSeconds?: number } = {}) =>
  signSessionToken(opts.key ?? privateKey, { userId: sub, sid, isAdmin: opts.isAdmin ?? false }, { issuer: 'cp-identity', audience: opts.audience ?? 'cp-web', expiresInSeconds: opts.expiresInSeconds ?? 3600 });
const get = (path: string, t?: string) => fetch(base + path, t ? { headers: { cookie: `cp_session=${t}` } } : {});

describe('passport-jwt authentication', () => {
  it('accepts a valid token of an active session', async () => {
    const sid = `sid-${randomUUID()}`;
    active.set(sid, { userId, isAdmin: false });
    const res = await get('/api/me', token(userId, sid));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: userId, sid, isAdmin: false });
  });

  it('rejects missing, forged, foreign-key, wrong-audience, expired and alg=none tokens with 401', async () => {
    const sid = `sid-${randomUUID()}`;
    active.set(sid, { userId, isAdmin: false });
    expect((await get('/api/me')).status).toBe(401);
    expect((await get('/api/me', 'garbage')).status).toBe(401);
    expect((await get('/api/me', token(userId, sid, { key: other.privateKey }))).status).toBe(401);
    expect((await get('/api/me', token(userId, sid, { audience: 'someone-else' }))).status).toBe(401);
    const expired = jwt.sign({ sid, adm: false, iat: Math.floor(Date.now() / 1000) - 7200 }, privateKey, { algorithm: 'ES256', subject: userId, issuer: 'cp-identity', audience: 'cp-web', expiresIn: 60 });
    expect((await get('/api/me', expired)).status).toBe(401);
    const none = jwt.sign({ sid, adm: true }, '', { algorithm: 'none', subject: userId, issuer: 'cp-identity', audience: 'cp-web' });
    expect((await get('/api/me', none)).status).toBe(401);
    const body = (await (await get('/api/me')).json()) as { error: string };
    expect(body.error).toBe('Authentication required');
  });

  it('rejects a token whose session is not active (never trusts the token alone)', async () => {
    const res = await get('/api/me', token(userId, `sid-${randomUUID()}`));
    expect(res.status).toBe(401);
  });

  it('takes the role from the session check, not from the token', async () => {
    const sid = `sid-${randomUUID()}`;
    active.set(sid, { userId, isAdmin: false });
    const claimsAdmin = token(userId, sid, { isAdmin: true });
    expect((await get('/api/admin', claimsAdmin)).status).toBe(403);
    const adminSid = `sid-${randomUUID()}`;
    active.set(adminSid, { userId: adminId, isAdmin: true });
    expect((await get('/api/admin', token(adminId, adminSid))).status).toBe(200);
    expect((await get('/api/admin')).status).toBe(401);
  });

  it('caches session answers and drops them on revocation', async () => {
    const sid = `sid-${randomUUID()}`;
    active.set(sid, { userId, isAdmin: false });
    const t = token(userId, sid);
    const before = identityCalls;
    expect((await get('/api/me', t)).status).toBe(200);
    expect((await get('/api/me', t)).status).toBe(200);
    expect(identityCalls - before).toBe(1);
    active.delete(sid);
    expect((await get('/api/me', t)).status).toBe(200); // still cached
    sessions.invalidate(sid);
    expect((await get('/api/me', t)).status).toBe(401);
  });

  it("puts the account's standing from the session answer on the user; accountOf reads it, 503 when identity gave none", async () => {
    const sid = `sid-${randomUUID()}`;
    const createdAt = new Date(Date.now() - 3_600_000).toISOString();
    active.set(sid, { userId, isAdmin: false, emailVerified: true, createdAt });
    const me = (await (await get('/api/me', token(userId, sid))).json()) as AuthUser;
    expect(me).toEqual({ id: userId, sid, isAdmin: false, emailVerified: true, createdAt });
    expect(accountOf(me)).toEqual({ emailVerified: true, createdAt: new Date(createdAt) });
    expect(() => accountOf({ id: userId, sid, isAdmin: false })).toThrow(expect.objectContaining({ status: 503 }));
  });

  it("invalidateUser drops every cached answer of that user (and only theirs)", async () => {
    const [a, b, c] = [`sid-${randomUUID()}`, `sid-${randomUUID()}`, `sid-${randomUUID()}`];
    const someone = randomUUID();
    active.set(a, { userId, isAdmin: false, emailVerified: false, createdAt: new Date().toISOString() });
    active.set(b, { userId, isAdmin: false, emailVerified: false, createdAt: new Date().toISOString() });
    active.set(c, { userId: someone, isAdmin: false, emailVerified: false, createdAt: new Date().toISOString() });
    for (const sid of [a, b, c]) await sessions.check(sid);
    for (const sid of [a, b, c]) active.set(sid, { ...active.get(sid)!, emailVerified: true });
    const before = identityCalls;
    sessions.invalidateUser(userId);
    expect((await sessions.check(a))?.emailVerified).toBe(true);
    expect((await sessions.check(b))?.emailVerified).toBe(true);
    expect((await sessions.check(c))?.emailVerified).toBe(false); // another user's entry stays cached
    expect(identityCalls - before).toBe(2);
  });

  it('does not cache an answer that was on its way while the cache was dropped', async () => {
    const sid = `sid-${randomUUID()}`;
    active.set(sid, { userId, isAdmin: false, emailVerified: false, createdAt: new Date().toISOString() });
    let release!: () => void;
    holdAnswers.until = new Promise<void>((r) => (release = r));
    const arrived = new Promise<void>((r) => (holdAnswers.onArrive = r));
    const inFlight = sessions.check(sid);
    await arrived;
    holdAnswers.onArrive = undefined;
    active.set(sid, { ...active.get(sid)!, emailVerified: true });
    sessions.invalidateUser(userId);
    release();
    holdAnswers.until = undefined;
    expect((await inFlight)?.emailVerified).toBe(false); // the old answer is returned to the request that asked...
    expect((await sessions.check(sid))?.emailVerified).toBe(true); // ...but not kept
  });

  it('answers 503 with Retry-After, not 500, while identity cannot check the session (down or too slow)', async () => {
    const down = http.createServer();
    await new Promise<void>((r) => down.listen(0, '127.0.0.1', r));
    const port = (down.address() as { port: number }).port;
    await new Promise<void>((r) => down.close(() => r()));
    const slow = http.createServer(() => undefined); // never answers
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', r));
    try {
      for (const identityUrl of [`http://127.0.0.1:${port}`, `http://127.0.0.1:${(slow.address() as { port: number }).port}`]) {
        const unreachable = createAuth({ publicKey, issuer: 'cp-identity', audience: 'cp-web', sessions: httpSessionChecker({ identityUrl, timeoutMs: 300 }) });
        const app = createApp({ name: 'auth-down-test', logger: createLogger('auth-down-test', 'silent') });
        const router = createRouter('/api');
        router.get('/me', unreachable.requireUser, (ctx) => {
          ctx.body = ctx.state.user;
        });
        app.use(router.routes());
        const running = await listen(app, 0, '127.0.0.1', createLogger('auth-down-test', 'silent'));
        try {
          const res = await fetch(`http://127.0.0.1:${running.port}/api/me`, { headers: { cookie: `cp_session=${token(userId, `sid-${randomUUID()}`)}` } });
          expect(res.status).toBe(503);
          expect(res.headers.get('retry-after')).toBe('5');
          expect(await res.json()).toMatchObject({ error: SESSION_CHECK_UNAVAILABLE });
        } finally {
          await running.close();
        }
      }
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((r) => slow.close(() => r()));
    }
  });

  it('authenticate leaves anonymous requests through with no user', async () => {
    const res = await get('/api/maybe');
    expect(await res.json()).toEqual({ user: null });
  });
});

describe('isKnownBot', () => {
  it.each([
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36', true],
    ['facebookexternalhit/1.1', true],
    ['curl/8.5.0', true],
    ['python-requests/2.32', true],
    ['node', true], // Node's own fetch
    ['', true],
    [undefined, true],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1', false],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36', false],
    ['Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36', false],
  ])('%s → %s', (ua, bot) => {
    expect(isKnownBot(ua)).toBe(bot);
  });
});
