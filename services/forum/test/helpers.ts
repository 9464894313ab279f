import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { connectMongo, connectNats, createLogger, ensureStream, httpSessionChecker, listen, OutboxRelay, subscribeSessionRevocations, type NatsHandle, type RunningServer } from '@cp/service-kit';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { call, newUser, startIdentity, type IdentityHarness } from '../../identity/test/helpers.ts';
import { buildForumApp } from '../src/app.ts';
import { startViewCounter } from '../src/events/view-counter.ts';
import type { ForumDeps } from '../src/use-cases/deps.ts';

export { call, newUser };

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
 * both outbox relays run, the forum checks sessions at identity over HTTP, and its view counter runs (a durable of
 * this harness's own: test files share the stream, never a consumer).
 */
export async function startForum(): Promise<ForumHarness> {
  const env = testEnv();
  const logger = createLogger('forum-test');
  const identity = await startIdentity();
  const nats = await connectNats({ url: env.NATS_URL, name: 'forum-test', logger });
  await ensureStream(nats.jsm, 'identity');
  await ensureStream(nats.jsm, 'forum');
  const identityRelay = new OutboxRelay({ connection: identity.conn, js: nats.js, logger, pollIntervalMs: 200 });
  identityRelay.start();
  const conn = await connectMongo(env.MONGO_URL, `forum_${randomUUID().slice(0, 8)}`);
  const sessions = httpSessionChecker({ identityUrl: identity.base, ttlMs: 10_000 });
  const revocations = subscribeSessionRevocations(nats.nc, sessions, logger);
  const { app, deps } = await buildForumApp({ conn, js: nats.js, logger, auth: { publicKey: identity.keys.publicKey, issuer: 'cp-identity', audience: 'cp-web', sessions } });
  const relay = new OutboxRelay({ connection: conn, js: nats.js, logger, pollIntervalMs: 200 });
  relay.start();
  const counter = await startViewCounter(deps, nats, { durable: `view-counter-test-${randomUUID().slice(0, 8)}` });
  const server: RunningServer = await listen(app, 0, '127.0.0.1', logger);
  return {
    base: `http://127.0.0.1:${server.port}`,
    identity,
    deps,
    conn,
    nats,
    async newSession() {
      const user = newUser();
      const res = await call(identity.base, 'POST', '/api/register', { body: user });
      if (res.status !== 201 || !res.cookie) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { cookie: res.cookie, userId: res.body.id as string, username: user.username };
    },
    async close() {
      await server.close();
      revocations.stop();
      await counter.stop();
      await relay.stop();
      await identityRelay.stop();
      await nats.close();
      await conn.dropDatabase();
      await conn.close();
      await identity.close();
    },
  };
}

export async function until(what: string, probe: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A valid post body (spec §5), with overrides. */
export function postBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { category: 'General', title: 'Cricket this Sunday', content: 'Tennis-ball cricket at the Carlisle park, all welcome.', ...overrides };
}
