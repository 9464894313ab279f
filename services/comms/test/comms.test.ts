import { randomUUID } from 'node:crypto';
import { ContactMessageReceived } from '@cp/contracts';
import { commsUnderTest, eventually, mailTestKit, published } from './mail-test-kit.ts';
import { notifyOperatorsConsumer } from '../src/events/notify-operators.ts';

// The contact form's messages (stored, announced through comms' outbox, mailed to the operators by a consumer) on the
// real MongoDB, NATS and SMTP catcher, with a mail server the test can take down. No reply notices in this file
// (reply-notices.test.ts): nobody's address is ever asked for.
const kit = mailTestKit('comms-test');
const { box, mailServer } = kit;
const INBOX = `operators_${randomUUID().slice(0, 8)}@centralpadesi.test`;
const comms = commsUnderTest(kit, { noUpstream: true, streams: ['comms'], consumers: [notifyOperatorsConsumer], backoffMs: [300], relay: true, serve: true, config: { CONTACT_INBOX: INBOX } });
const deps = () => comms.deps;

async function post(path: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const res = await fetch(comms.base + path, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const valid = () => ({ name: 'Ravi Shah', email: `ravi_${randomUUID().slice(0, 6)}@example.com`, subject: 'Advertising', message: 'I would like to advertise my restaurant in Camp Hill.' });

describe('POST /api/contact', () => {
  it('stores the message unread, publishes its event once and mails the operators with the visitor as reply-to', async () => {
    const input = valid();
    const res = await post('/api/contact', input);
    expect(res.status).toBe(201);
    const id = res.body.id as string;
    const stored = await deps().messages.findById(id);
    expect(stored).toMatchObject({ name: 'Ravi Shah', email: input.email, subject: 'Advertising', read: false });

    const mail = await box.waitFor(INBOX, (m) => (m.text ?? '').includes(input.email), 20_000);
    expect(mail.subject).toBe('Contact: Advertising');
    expect(mail.text).toContain('I would like to advertise my restaurant in Camp Hill.');
    expect(JSON.stringify(mail)).toContain(input.email);
    expect(await eventually(async () => Boolean((await deps().messages.findById(id))?.notifiedAt))).toBe(true);
    // notified means the handler read the event from the stream: it was published, and only once
    expect(await published(comms.nats, 'EVENTS_COMMS', ContactMessageReceived.type, (d) => d.messageId === id)).toBe(1);
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
    const before = await deps().messages.model.countDocuments();
    expect((await post('/api/contact', { ...valid(), read: true })).status).toBe(400);
    expect((await post('/api/contact', '{"name": ')).status).toBe(400);
    expect((await post('/api/contact', 'name=x', { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415);
    expect(await deps().messages.model.countDocuments()).toBe(before);
  });

  it('keeps the message while the mail server is down and notifies the operators once it is back', async () => {
    mailServer.down();
    const input = valid();
    try {
      const res = await post('/api/contact', input);
      expect(res.status).toBe(201);
      // the handler tries and fails at least once
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await deps().messages.findById(res.body.id as string))?.notifiedAt).toBeUndefined();
    } finally {
      mailServer.up();
    }
    const mail = await box.waitFor(INBOX, (m) => (m.text ?? '').includes(input.email), 30_000);
    expect(mail.text).toContain(input.message);
  });
});

describe('health', () => {
  it('is alive and ready', async () => {
    expect((await fetch(`${comms.base}/healthz`)).status).toBe(200);
    expect((await fetch(`${comms.base}/readyz`)).status).toBe(200);
  });
});
