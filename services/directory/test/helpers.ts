import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { POSTING_ACTIONS } from '@cp/contracts';
import { ensureStream, type NatsHandle, type PostingLimitOverrides } from '@cp/service-kit';
import { call, newUser, openMailedVerificationLink, startBehindIdentity, until, type IdentityHarness } from '../../identity/test/helpers.ts';
import { buildDirectoryApp } from '../src/app.ts';
import { moderationConsumer } from '../src/events/moderation.ts';
import type { DirectoryDeps } from '../src/use-cases/deps.ts';

export { call, newUser, until };

export interface Session {
  cookie: string;
  userId: string;
  username: string;
}

/** The directory's clock: real time moved by an offset, so a test can look at an account from a day later. */
export function offsetClock() {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), set: (ms: number) => (offset = ms) };
}

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface DirectoryHarness {
  base: string;
  identity: IdentityHarness;
  deps: DirectoryDeps;
  conn: Connection;
  nats: NatsHandle;
  clock: ReturnType<typeof offsetClock>;
  /** Registers a user at identity (e-mail not verified); returns the session cookie, the user's id and name. */
  newSession(): Promise<Session>;
  /** A registered user who opened the verification link mailed to them (the SMTP catcher), as a person does. */
  newVerifiedSession(): Promise<Session>;
  newAdminSession(): Promise<Session>;
  /** An admin whose e-mail is verified. */
  newVerifiedAdminSession(): Promise<Session>;
  close(): Promise<void>;
}

/**
 * Every posting limit lifted: the tests' accounts review far more than a person would (as the browser tests' stack
 * does). test/posting-limits.test.ts starts the directory with the real defaults.
 */
export const LIFTED_LIMITS: PostingLimitOverrides = Object.fromEntries(POSTING_ACTIONS.map((action) => [action, { limit: 100_000, newAccountLimit: 100_000 }]));

/** Session answers are cached this long here: far longer than any test waits, so only identity's events can drop them. */
export const SESSION_TTL_MS = 120_000;

/**
 * The real identity app (with its verification mails) and the directory app side by side on the real test MongoDB,
 * NATS and both outbox relays; the directory on an offset clock (real time unless a test moves it). Its consumer of the
 * moderation stream runs (a durable of this harness's own: test files share the stream, never a consumer); the stream
 * is made as the moderation service makes it.
 */
export async function startDirectory(opts: { postingLimits?: PostingLimitOverrides } = {}): Promise<DirectoryHarness> {
  const base = await startBehindIdentity('directory', { verificationMail: true, sessionTtlMs: SESSION_TTL_MS });
  const clock = offsetClock();
  const { app, deps } = await buildDirectoryApp({ conn: base.conn, logger: base.logger, auth: base.auth, now: clock.now, postingLimits: opts.postingLimits ?? LIFTED_LIMITS });
  await ensureStream(base.nats.jsm, 'moderation');
  const moderation = await moderationConsumer.start(deps, base.nats, { durable: `directory-moderation-test-${randomUUID().slice(0, 8)}` });
  // A registered user who opened the link mailed to them. Named at random: the mail catcher is shared by the test files
  // that run at once, and newUser's names (time and a per-file counter) can meet across files, and so their mails.
  const newVerifiedSession = async (): Promise<Session> => {
    const name = `user_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    const user = newUser({ username: name, email: `${name}@example.com` });
    const reg = await call(base.identity.base, 'POST', '/api/register', { body: user });
    if (reg.status !== 201 || !reg.cookie) throw new Error(`register failed: ${reg.status} ${JSON.stringify(reg.body)}`);
    const res = await openMailedVerificationLink(base.identity.base, user.email);
    if (res.status !== 200) throw new Error(`verify failed: ${res.status} ${JSON.stringify(res.body)}`);
    return { cookie: reg.cookie, userId: reg.body.id as string, username: name };
  };
  return {
    ...(await base.harness(app, deps)),
    clock,
    newSession: () => base.newSession(),
    newVerifiedSession,
    newAdminSession: () => base.newAdminSession(),
    async newVerifiedAdminSession() {
      const s = await newVerifiedSession();
      await base.identity.deps.users.setAdmin(s.userId, true);
      return s;
    },
    close: () => base.close(moderation),
  };
}

/** A valid admin body (spec §5 Business), with overrides (undefined removes a field). */
export function businessBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: 'Saffron Kitchen',
    category: 'Food & Dining',
    mainCategory: 'Food & Dining',
    subCategory: 'Indian Restaurants',
    description: 'North and South Indian dishes.',
    address: '4820 Carlisle Pike, Mechanicsburg, PA 17050',
    phone: '(717) 555-0101',
    email: 'hello@saffron.example',
    website: 'https://saffron.example',
    logoUrl: '',
    premium: false,
    ...overrides,
  };
  for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
  return body;
}
