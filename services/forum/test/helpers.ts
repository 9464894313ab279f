import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { POSTING_ACTIONS } from '@cp/contracts';
import { ensureStream, type NatsHandle, type PostingLimitOverrides } from '@cp/service-kit';
import { call, newUser, startBehindIdentity, until, type IdentityHarness } from '../../identity/test/helpers.ts';
import { buildForumApp } from '../src/app.ts';
import { viewCounterConsumer } from '../src/events/view-counter.ts';
import { moderationConsumer } from '../src/events/moderation.ts';
import type { ForumDeps } from '../src/use-cases/deps.ts';

export { call, newUser, until };

/** A browser's User-Agent (views of known bots, Node's fetch among them, are not counted). */
export const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

export interface ForumHarness {
  base: string;
  identity: IdentityHarness;
  deps: ForumDeps;
  conn: Connection;
  nats: NatsHandle;
  /** Registers a user at identity; returns the session cookie, the user's id and name. */
  newSession(): Promise<{ cookie: string; userId: string; username: string }>;
  close(): Promise<void>;
}

/**
 * The real identity app and the forum app side by side on the real test MongoDB (a database each), NATS and SMTP;
 * both outbox relays run, the forum checks sessions at identity over HTTP, and its view counter and its consumer of the
 * moderation stream run (durables of this harness's own: test files share the streams, never a consumer). The
 * moderation stream is made as the moderation service makes it.
 */
export async function startForum(opts: { postingLimits?: PostingLimitOverrides } = {}): Promise<ForumHarness> {
  const base = await startBehindIdentity('forum');
  const { app, deps } = await buildForumApp({ conn: base.conn, js: base.nats.js, logger: base.logger, auth: base.auth, postingLimits: opts.postingLimits ?? LIFTED_LIMITS });
  const counter = await viewCounterConsumer.start(deps, base.nats, { durable: `view-counter-test-${randomUUID().slice(0, 8)}` });
  await ensureStream(base.nats.jsm, 'moderation');
  const moderation = await moderationConsumer.start(deps, base.nats, { durable: `forum-moderation-test-${randomUUID().slice(0, 8)}` });
  return {
    ...(await base.harness(app, deps)),
    newSession: base.newSession,
    close: () => base.close(counter, moderation),
  };
}

/**
 * Every posting limit lifted: the tests' fresh accounts post far more than a person would (as the browser tests' stack
 * does). test/posting-limits.test.ts starts the forum with the real defaults.
 */
export const LIFTED_LIMITS: PostingLimitOverrides = Object.fromEntries(POSTING_ACTIONS.map((action) => [action, { limit: 100_000, newAccountLimit: 100_000 }]));

/** A valid post body (spec §5), with overrides. */
export function postBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { category: 'General', title: 'Cricket this Sunday', content: 'Tennis-ball cricket at the Carlisle park, all welcome.', ...overrides };
}
