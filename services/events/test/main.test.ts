import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import { connectMongo } from '@cp/service-kit';
import { behindIdentityVars } from '@cp/service-kit/testing';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { until } from './helpers.ts';

// The service as it is deployed: src/main.ts under startService, its config from the environment, its manifest (the
// notices stream it publishes on, the streams it consumes), its consumers and the reminder job, on the test MongoDB and
// NATS; it answers and stops on SIGTERM.
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let child: ChildProcess | undefined;
const db = `events_boot_${randomUUID().slice(0, 8)}`;
afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
  }
  const conn = await connectMongo(testEnv().MONGO_URL, db);
  await conn.dropDatabase();
  await conn.close();
});

it('starts from src/main.ts, answers its routes and stops on SIGTERM', async () => {
  const env = testEnv();
  const port = await freePort();
  let stderr = '';
  child = spawn(process.execPath, [path.join(__dirname, '..', 'src', 'main.ts')], {
    env: {
      PATH: process.env.PATH ?? '',
      ...behindIdentityVars,
      MONGO_URL: env.MONGO_URL,
      NATS_URL: env.NATS_URL,
      MONGO_DB: db,
      PORT: String(port),
      METRICS_PORT: '0',
      PUBLIC_URL: 'http://localhost:8080',
      LINK_SIGNING_KEY: randomBytes(32).toString('base64url'),
      REMINDER_EVERY_S: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  await until(`the service is ready (${stderr})`, async () => (await fetch(`${base}/readyz`).catch(() => null))?.status === 200, 45_000);
  const feed = await fetch(`${base}/events.ics`);
  expect(feed.status).toBe(200);
  expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
  const bad = await fetch(`${base}/api/events?from=x`);
  expect(bad.status).toBe(400);
  child.kill('SIGTERM');
  const code = await new Promise((r) => child!.once('exit', (c) => r(c)));
  expect(code).toBe(0);
});
