import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { ContactMessageReceived } from '@cp/contracts';
import { connectMongo, connectNats, createLogger, createMailer, ensureStream, listen, OutboxRelay, streamMessages, type Mail, type Mailer, type NatsHandle, type RunningServer } from '@cp/service-kit';
import { mailbox } from '../../../infra/src/mailbox.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { buildCommsApp } from '../src/app.ts';
import { identityUserDirectory } from '../src/data/user-directory.ts';
import { notifyOperatorsConsumer } from '../src/events/notify-operators.ts';
import type { CommsDeps } from '../src/use-cases/deps.ts';

const env = testEnv();
const logger = createLogger('comms-test', 'silent');
const INBOX = `operators_${randomUUID().slice(0, 8)}@centralpadesi.test`;
const smtp = (port: number) => createMailer({ SMTP_HOST: env.SMTP_HOST, SMTP_PORT: port, SMTP_SECURE: false, MAIL_FROM: 'Site <site@example.com>' }, logger);
const working = smtp(Number(env.SMTP_PORT));
const refused = smtp(1); // nothing listens on port 1: every send fails like a mail server that is down
let current: Mailer = working;
/** The service's mailer: real SMTP, pointed at the catcher or at a closed port. */
const mailer: Mailer = { send: (m: Mail) => current.send(m), close: () => {} };

let conn: Connection;
let nats: NatsHandle;
let relay: OutboxRelay;
let handlers: { stop(): Promise<void> };
let server: RunningServer;
let deps: CommsDeps;
let base: string;

beforeAll(async () => {
  conn = await connectMongo(env.MONGO_URL, `comms_${randomUUID().slice(0, 8)}`);
  nats = await connectNats({ url: env.NATS_URL, name: 'comms-test', logger });
  await ensureStream(nats.jsm, 'comms');
  // No reply notices in this file (reply-notices.test.ts): nobody's address is ever asked for.
  const built = await buildCommsApp({ conn, mailer, users: identityUserDirectory('http://127.0.0.1:1'), logger, config: { CONTACT_INBOX: INBOX, PUBLIC_URL: 'http://localhost:8080' } });
  deps = built.deps;
  relay = new OutboxRelay({ connection: conn, js: nats.js, logger });
  relay.start();
  handlers = await notifyOperatorsConsumer.start(deps, nats, { backoffMs: [300] });
  server = await listen(built.app, 0, '127.0.0.1', logger);
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.close();
  await handlers?.stop();
  await relay?.stop();
  await nats?.close();
  await conn?.dropDatabase();
  await conn?.close();
  working.close();
  refused.close();
});

async function post(path: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const res = await fetch(base + path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The events of one type in the comms stream whose data matches. */
async function published(type: string, match: (data: Record<string, unknown>) => boolean): Promise<number> {
  let n = 0;
  for (const m of await streamMessages(nats.jsm, 'EVENTS_COMMS')) {
    const e = m.json<{ type: string; data: Record<string, unknown> }>();
    if (e.type === type && match(e.data)) n += 1;
  }
  return n;
}

async function eventually(check: () => Promise<boolean>, boundMs = 20_000): Promise<boolean> {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return check();
}

const box = mailbox(env);
const valid = () => ({ name: 'Ravi Shah', email: `ravi_${randomUUID().slice(0, 6)}@example.com`, subject: 'Advertising', message: 'I would like to advertise my restaurant in Camp Hill.' });

describe('POST /api/contact', () => {
  it('stores the message unread, publishes its event once and mails the operators with the visitor as reply-to', async () => {
    const input = valid();
    const res = await post('/api/contact', input);
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    const stored = await deps.messages.findById(id);
    expect(stored).toMatchObject({ name: 'Ravi Shah', email: input.email, subject: 'Advertising', read: false });

    const mail = await box.waitFor(INBOX, (m) => (m.text ?? '').includes(input.email), 20_000);
    expect(mail.subject).toBe('Contact: Advertising');
    expect(mail.text).toContain('I would like to advertise my restaurant in Camp Hill.');
    expect(JSON.stringify(mail)).toContain(input.email);
    expect(await eventually(async () => Boolean((await deps.messages.findById(id))?.notifiedAt))).toBe(true);
    // notified means the handler read the event from the stream: it was published, and only once
    expect(await published(ContactMessageReceived.type, (d) => d.messageId === id)).toBe(1);
    // one notice only
    await new Promise((r) => setTimeout(r, 500));
    expect((await box.list(INBOX)).filter((m) => (m.text ?? '').includes(input.email))).toHaveLength(1);
  });

  it('takes a message without a subject', async () => {
    const { subject: _omit, ...input } = valid();
    expect((await post('/api/contact', input)).status).toBe(201);
    expect((await post('/api/contact', { ...input, subject: '' })).status).toBe(201);
  });

  it.each([
    [{ name: 'R' }, 'Name must be at least 2 characters'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ subject: 'Hi' }, 'Subject must be at least 3 characters'],
    [{ message: 'Too short' }, 'Message must be at least 10 characters'],
    [{ name: '   ' }, 'Name must be at least 2 characters'],
  ])('rejects %j with the spec message', async (patch, message) => {
    const res = await post('/api/contact', { ...valid(), ...patch });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('rejects unknown fields, malformed JSON and other content types without storing anything', async () => {
    const before = await deps.messages.model.countDocuments();
    expect((await post('/api/contact', { ...valid(), read: true })).status).toBe(400);
    expect((await post('/api/contact', '{"name": ')).status).toBe(400);
    expect((await post('/api/contact', 'name=x', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect(await deps.messages.model.countDocuments()).toBe(before);
  });

  it('keeps the message while the mail server is down and notifies the operators once it is back', async () => {
    current = refused;
    const input = valid();
    try {
      const res = await post('/api/contact', input);
      expect(res.status).toBe(201);
      // the handler tries and fails at least once
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await deps.messages.findById(res.body.id as string))?.notifiedAt).toBeUndefined();
    } finally {
      current = working;
    }
    const mail = await box.waitFor(INBOX, (m) => (m.text ?? '').includes(input.email), 30_000);
    expect(mail.text).toContain(input.message);
  });
});

describe('health', () => {
  it('is alive and ready', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });
});
