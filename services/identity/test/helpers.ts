import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import type Koa from 'koa';
import {
  connectMongo,
  connectNats,
  createLogger,
  createMailer,
  ensureStream,
  httpSessionChecker,
  listen,
  OutboxRelay,
  subscribeSessionRevocations,
  type AuthOptions,
  type Logger,
  type NatsHandle,
  type RunningServer,
} from '@cp/service-kit';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { mailbox } from '../../../infra/src/mailbox.ts';
import { buildIdentityApp } from '../src/app.ts';
// The account mails (reset, verification) are comms' job: the harness runs comms' own consumer against this identity.
import { accountMailsConsumer } from '../../comms/src/events/account-mails.ts';
import { identityAccountMailLinks } from '../../comms/src/data/account-mail-links.ts';
import type { AccountMailDeps } from '../../comms/src/use-cases/account-mails.ts';
import type { IdentityDeps } from '../src/use-cases/deps.ts';

export function makeKeys(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export const PUBLIC_URL = 'http://localhost:8080';

/** A controllable clock: tests move time instead of waiting. */
export function testClock(start = new Date()) {
  let t = start.getTime();
  return { now: () => new Date(t), advance: (ms: number) => (t += ms) };
}

export interface IdentityHarness {
  base: string;
  deps: IdentityDeps;
  conn: Connection;
  clock: ReturnType<typeof testClock>;
  keys: { privateKey: string; publicKey: string };
  /** With `accountMails`: the deps of comms' account-mail consumer (a test may swap its `mailer`). */
  mail?: AccountMailDeps;
  close(): Promise<void>;
}

/**
 * comms' account-mail consumer (services/comms/src/events/account-mails.ts: the reset and verification links, asked of
 * this identity's internal endpoint, mailed to the real SMTP catcher), on its own durable and a database of its own:
 * the identity stream is shared by the test files, so each harness reads it all and mails only its own users (other
 * harnesses' requests are unknown to this identity: no link, no mail).
 */
async function accountMailConsumer(identityBase: string, nats: NatsHandle, logger: Logger) {
  const env = testEnv();
  const conn = await connectMongo(env.MONGO_URL, `comms_mail_${randomUUID().slice(0, 8)}`);
  const mailer = createMailer({ SMTP_HOST: env.SMTP_HOST, SMTP_PORT: Number(env.SMTP_PORT), SMTP_SECURE: false, MAIL_FROM: 'Test <test@example.com>' }, logger);
  const deps: AccountMailDeps & { conn: Connection } = { conn, mailer, links: identityAccountMailLinks(identityBase), logger, config: { PUBLIC_URL } };
  const consumer = await accountMailsConsumer.start(deps, nats, { durable: `comms-account-mails-test-${randomUUID().slice(0, 8)}`, backoffMs: [200] });
  return {
    deps,
    async stop() {
      await consumer.stop();
      mailer.close();
      await conn.dropDatabase();
      await conn.close();
    },
  };
}

/** The token of the newest verification link mailed to `email` (read from the SMTP catcher). */
export async function mailedVerificationToken(email: string, skip: ReadonlySet<string> = new Set()): Promise<string> {
  const mail = await mailbox(testEnv()).waitFor(email, (m) => m.subject === 'Verify your e-mail address' && !skip.has(m.id), 20_000);
  const link = new RegExp(`^${PUBLIC_URL}/verify-email\\?token=([A-Za-z0-9_-]+)$`, 'm').exec(mail.text ?? '');
  if (!link) throw new Error(`no verification link in ${JSON.stringify(mail.text)}`);
  return decodeURIComponent(link[1]!);
}

/**
 * Opens the verification link mailed to `email` (POST /api/auth/verify-email with its token) and answers identity's
 * response. The link's token was stored with the registration, before its event left the outbox, so it works as soon
 * as the mail is there.
 */
export async function openMailedVerificationLink(identityBase: string, email: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const token = await mailedVerificationToken(email);
  return call(identityBase, 'POST', '/api/auth/verify-email', { body: { token } });
}

/**
 * Identity on the real test MongoDB (a database of its own). With `accountMails`, also on the real NATS: its outbox
 * relay and comms' account-mail consumer run, so a registration or a forgotten password mails its link to the real
 * SMTP catcher.
 */
export async function startIdentity(opts: { accountMails?: boolean } = {}): Promise<IdentityHarness & { nats?: NatsHandle }> {
  const env = testEnv();
  const conn = await connectMongo(env.MONGO_URL, `identity_${randomUUID().slice(0, 8)}`);
  const logger = createLogger('identity-test');
  const keys = makeKeys();
  const clock = testClock();
  const { app, deps } = await buildIdentityApp({
    conn,
    logger,
    now: clock.now,
    config: { ...keys, JWT_ISSUER: 'cp-identity', JWT_AUDIENCE: 'cp-web', PUBLIC_URL, COOKIE_SECURE: false },
  });
  const server: RunningServer = await listen(app, 0, '127.0.0.1', logger);
  const stops: Array<() => Promise<void>> = [];
  let nats: NatsHandle | undefined;
  let mail: AccountMailDeps | undefined;
  if (opts.accountMails) {
    const handle = await connectNats({ url: env.NATS_URL, name: 'identity-test', logger });
    nats = handle;
    await ensureStream(handle.jsm, 'identity');
    const relay = new OutboxRelay({ connection: conn, js: handle.js, logger, pollIntervalMs: 200 });
    relay.start();
    const consumer = await accountMailConsumer(`http://127.0.0.1:${server.port}`, handle, logger);
    mail = consumer.deps;
    stops.push(() => consumer.stop(), () => relay.stop(), () => handle.close());
  }
  return {
    base: `http://127.0.0.1:${server.port}`,
    deps,
    conn,
    clock,
    keys,
    ...(nats ? { nats } : {}),
    ...(mail ? { mail } : {}),
    async close() {
      await server.close();
      for (const stop of stops) await stop();
      await conn.dropDatabase();
      await conn.close();
    },
  };
}

export interface Reply {
  status: number;
  body: Record<string, unknown>;
  headers: Headers;
  cookie: string | undefined;
}

/** JSON call; returns the session cookie (name=value) if the response set one. */
export async function call(base: string, method: string, path: string, opts: { body?: unknown; cookie?: string | undefined; headers?: Record<string, string> } = {}): Promise<Reply> {
  const res = await fetch(base + path, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.cookie ? { cookie: opts.cookie } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('cp_session='));
  return {
    status: res.status,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    headers: res.headers,
    cookie: setCookie ? setCookie.split(';')[0] : undefined,
  };
}

/** Polls `probe` every 100 ms until it holds; throws after `timeoutMs`. */
export async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let counter = 0;
export function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { username: `user_${id}`, password: 'secret-pass-1', email: `user_${id}@example.com`, firstName: 'Asha', lastName: 'Patel', termsAccepted: true, ...overrides };
}

/** What a service behind identity needs in its tests (startBehindIdentity). */
export interface BehindIdentity {
  identity: IdentityHarness;
  logger: Logger;
  /** The service's own database (a fresh one, dropped on close). */
  conn: Connection;
  nats: NatsHandle;
  /** Token verification against the real identity (its key, its session check over HTTP, revocations heard). */
  auth: AuthOptions;
  /** Registers a user at identity; returns the session cookie, the user's id and name. */
  newSession(): Promise<{ cookie: string; userId: string; username: string }>;
  /**
   * A registered user who opened the verification link mailed to them (by comms' consumer, read from the SMTP catcher):
   * the honest way, no shortcut. Needs `verificationMail` at start.
   */
  newVerifiedSession(): Promise<{ cookie: string; userId: string; username: string; email: string }>;
  /** A registered user made an admin at identity (before anything checked the session, so no cache holds the old role). */
  newAdminSession(): Promise<{ cookie: string; userId: string; username: string }>;
  /** Serves the service's app on a free port; closed by close(), first. */
  serve(app: Koa): Promise<string>;
  /**
   * Serves the app and gives what every service's harness holds: its URL (`base`), identity, its dependencies, its
   * database and NATS; a harness adds its own.
   */
  harness<D>(app: Koa, deps: D): Promise<{ base: string; identity: IdentityHarness; deps: D; conn: Connection; nats: NatsHandle }>;
  /** Stops whatever the test started on top (consumers) before the rest: call with them, once, at the end. */
  close(...first: Array<{ stop(): Promise<void> | void }>): Promise<void>;
}

/**
 * The real identity app and a service's infrastructure side by side, on the real test MongoDB (a database for each),
 * NATS (identity's and the service's streams) and both outbox relays: the set-up every service behind identity shares
 * in its tests (listings, forum...).
 */
export async function startBehindIdentity(
  service: string,
  /** `verificationMail`: comms' account-mail consumer runs (the verification and the password-reset links are mailed). */
  opts: { sessionTtlMs?: number; verificationMail?: boolean } = {},
): Promise<BehindIdentity> {
  const env = testEnv();
  const logger = createLogger(`${service}-test`);
  const identity = await startIdentity();
  const nats = await connectNats({ url: env.NATS_URL, name: `${service}-test`, logger });
  await ensureStream(nats.jsm, 'identity');
  await ensureStream(nats.jsm, service);
  const identityRelay = new OutboxRelay({ connection: identity.conn, js: nats.js, logger, pollIntervalMs: 200 });
  identityRelay.start();
  const conn = await connectMongo(env.MONGO_URL, `${service}_${randomUUID().slice(0, 8)}`);
  const relay = new OutboxRelay({ connection: conn, js: nats.js, logger, pollIntervalMs: 200 });
  relay.start();
  const sessions = httpSessionChecker({ identityUrl: identity.base, ttlMs: opts.sessionTtlMs ?? 10_000 });
  const revocations = subscribeSessionRevocations(nats.nc, sessions, logger);
  const verificationMails = opts.verificationMail ? await accountMailConsumer(identity.base, nats, logger) : undefined;
  let server: RunningServer | undefined;
  const serve = async (app: Koa) => {
    server = await listen(app, 0, '127.0.0.1', logger);
    return `http://127.0.0.1:${server.port}`;
  };
  const register = async () => {
    const user = newUser();
    const res = await call(identity.base, 'POST', '/api/register', { body: user });
    if (res.status !== 201 || !res.cookie) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { cookie: res.cookie, userId: res.body.id as string, username: user.username, email: user.email };
  };
  const newSession = async () => {
    const { cookie, userId, username } = await register();
    return { cookie, userId, username };
  };
  return {
    identity,
    logger,
    conn,
    nats,
    auth: { publicKey: identity.keys.publicKey, issuer: 'cp-identity', audience: 'cp-web', sessions },
    newSession,
    async newVerifiedSession() {
      if (!verificationMails) throw new Error('startBehindIdentity: newVerifiedSession needs { verificationMail: true }');
      const session = await register();
      const res = await openMailedVerificationLink(identity.base, session.email);
      if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${JSON.stringify(res.body)}`);
      return session;
    },
    async newAdminSession() {
      const session = await newSession();
      await identity.deps.users.setAdmin(session.userId, true);
      return session;
    },
    serve,
    harness: async (app, deps) => ({ base: await serve(app), identity, deps, conn, nats }),
    async close(...first) {
      await server?.close();
      revocations.stop();
      for (const f of first) await f.stop();
      await verificationMails?.stop();
      await relay.stop();
      await identityRelay.stop();
      await nats.close();
      await conn.dropDatabase();
      await conn.close();
      await identity.close();
    },
  };
}
