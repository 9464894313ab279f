import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { EmailVerified, makeEvent, UserRegistered } from '@cp/contracts';
import { connectNats, createLogger } from '../src/index.ts';
import { closeAfterEach } from '../../../infra/src/jest/closing.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';

const FIXTURE = path.join(__dirname, 'fixtures', 'kit-service.ts');
const STATELESS_FIXTURE = path.join(__dirname, 'fixtures', 'kit-stateless-service.ts');

/** Runs the fixture service as a process of its own; resolves with its output once `until` matches it or it exits. */
function run(env: Record<string, string>, until: RegExp, fixture = FIXTURE) {
  const child = spawn(process.execPath, [fixture], { env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const matched = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${until} within 30 s: ${out}`)), 30_000);
    const onData = (c: Buffer) => {
      out += c.toString();
      if (until.test(out)) {
        clearTimeout(timer);
        resolve(out);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => {
      clearTimeout(timer);
      resolve(out);
    });
  });
  /** The output once it matches `pattern`, polled for up to 30 s (what the fixture logs once it handled an event). */
  const outputMatching = async (pattern: RegExp): Promise<string> => {
    for (const deadline = Date.now() + 30_000; !pattern.test(out) && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 100));
    return out;
  };
  /** Sends SIGTERM; resolves with the exit code (0: a graceful shutdown). */
  const terminate = (): Promise<number | null> => {
    child.kill('SIGTERM');
    return exited;
  };
  return { child, exited, matched, output: () => out, outputMatching, terminate };
}

/** A NATS connection of the test's own, to publish what the fixture consumes; closed when the test ends. */
const closing = closeAfterEach();
const publisher = async () => closing(await connectNats({ url: testEnv().NATS_URL, name: 'kit-service-test', logger: createLogger('kit-service-test', 'silent') }));

describe('startService: a service in one call', () => {
  it('serves the app with /healthz and /readyz on MongoDB and NATS, and shuts down gracefully on SIGTERM', async () => {
    const env = testEnv();
    const s = run({ MONGO_URL: env.MONGO_URL, NATS_URL: env.NATS_URL, MONGO_DB: `kit_${randomUUID().slice(0, 8)}`, PORT: '0' }, /listening (\d+)/);
    const port = /listening (\d+)/.exec(await s.matched)?.[1];
    expect(port).toBeDefined();
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/api/ping`)).json()).toMatchObject({ pong: true });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ status: 'ready', checks: [{ name: 'mongodb', ok: true }, { name: 'nats', ok: true }] });
    expect(await s.terminate()).toBe(0);
    expect(s.output()).toContain('closed');
  });

  it('starts the consumers a service declares (their stream made sure of) and stops them at shutdown', async () => {
    const env = testEnv();
    const userId = randomUUID();
    const s = run({ MONGO_URL: env.MONGO_URL, NATS_URL: env.NATS_URL, MONGO_DB: `kit_${randomUUID().slice(0, 8)}`, PORT: '0', KIT_CONSUMER_DURABLE: `kitfixture-${userId.slice(0, 8)}` }, /listening (\d+)/);
    await s.matched;
    const nats = await publisher();
    await nats.js.publish(UserRegistered.subject, JSON.stringify(makeEvent(UserRegistered, { userId, username: 'kit', email: null })), { msgID: randomUUID() });
    const consumed = new RegExp(`consumed ${userId}`);
    expect(await s.outputMatching(consumed)).toMatch(consumed);
    expect(await s.terminate()).toBe(0);
  });

  it('starts a declared batch consumer too: each event applied once, also when the stream holds it twice', async () => {
    const env = testEnv();
    const [twice, after] = [randomUUID(), randomUUID()];
    const tag = twice.slice(0, 8);
    const s = run(
      { MONGO_URL: env.MONGO_URL, NATS_URL: env.NATS_URL, MONGO_DB: `kit_${tag}`, PORT: '0', KIT_CONSUMER_DURABLE: `kitfixture-${tag}`, KIT_BATCH_DURABLE: `kitfixture-batch-${tag}` },
      /listening (\d+)/,
    );
    await s.matched;
    const nats = await publisher();
    // The same event stored twice (a re-publish after the duplicate window), then another: once that one is folded, the
    // first was handled in an earlier batch or the same one (one lane, stream order).
    const event = makeEvent(EmailVerified, { userId: twice });
    for (const msgID of [randomUUID(), randomUUID()]) await nats.js.publish(EmailVerified.subject, JSON.stringify(event), { msgID });
    await nats.js.publish(EmailVerified.subject, JSON.stringify(makeEvent(EmailVerified, { userId: after })), { msgID: randomUUID() });
    const done = new RegExp(`folded ${after}`);
    expect(await s.outputMatching(done)).toMatch(done);
    expect(s.output().match(new RegExp(`folded ${twice}`, 'g'))).toHaveLength(1);
    expect(await s.terminate()).toBe(0);
  });

  it('a service with `mongo: false` starts without MONGO_URL: no MongoDB, /readyz on NATS alone', async () => {
    const env = testEnv();
    const s = run({ NATS_URL: env.NATS_URL, PORT: '0' }, /listening (\d+)/, STATELESS_FIXTURE);
    const port = /listening (\d+)/.exec(await s.matched)?.[1];
    expect(port).toBeDefined();
    const base = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${base}/api/ping`)).json()).toEqual({ pong: true });
    expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({ status: 'ready', checks: [{ name: 'nats', ok: true }] });
    expect(await s.terminate()).toBe(0);
    expect(s.output()).toContain('closed');
  });

  it('refuses to start with every configuration problem listed, exit code 1', async () => {
    const s = run({ MONGO_URL: 'http://not-mongo', PORT: 'x', MONGO_DB: 'kit' }, /never/);
    expect(await s.exited).toBe(1);
    const out = s.output();
    expect(out).toMatch(/kitfixture: Invalid configuration/);
    for (const key of ['MONGO_URL', 'NATS_URL', 'PORT']) expect(out).toContain(key);
  });
});
