import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { connectMongo, createLogger, createMailer, listen, type Mailer, type RunningServer } from '@cp/service-kit';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { buildIdentityApp } from '../src/app.ts';
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
  close(): Promise<void>;
}

/** Identity on the real test MongoDB (a database of its own) and the real SMTP catcher. */
export async function startIdentity(): Promise<IdentityHarness> {
  const env = testEnv();
  const conn = await connectMongo(env.MONGO_URL, `identity_${randomUUID().slice(0, 8)}`);
  const logger = createLogger('identity-test');
  const mailer: Mailer = createMailer({ SMTP_HOST: env.SMTP_HOST, SMTP_PORT: Number(env.SMTP_PORT), SMTP_SECURE: false, MAIL_FROM: 'Test <test@example.com>' }, logger);
  const keys = makeKeys();
  const clock = testClock();
  const { app, deps } = await buildIdentityApp({
    conn,
    mailer,
    logger,
    now: clock.now,
    config: { ...keys, JWT_ISSUER: 'cp-identity', JWT_AUDIENCE: 'cp-web', PUBLIC_URL, COOKIE_SECURE: false },
  });
  const server: RunningServer = await listen(app, 0, '127.0.0.1', logger);
  return {
    base: `http://127.0.0.1:${server.port}`,
    deps,
    conn,
    clock,
    keys,
    async close() {
      await server.close();
      mailer.close();
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

let counter = 0;
export function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { username: `user_${id}`, password: 'secret-pass-1', email: `user_${id}@example.com`, firstName: 'Asha', lastName: 'Patel', termsAccepted: true, ...overrides };
}
