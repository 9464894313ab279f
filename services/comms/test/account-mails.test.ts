import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { eventStream } from '@cp/contracts';
import { connectMongo, connectNats, consumerBacklog, ensureStream, OutboxRelay, type NatsHandle } from '@cp/service-kit';
import { call, newUser, startIdentity, until, type IdentityHarness } from '../../identity/test/helpers.ts';
import { mailTestKit } from './reply-notice-helpers.ts';
import { identityAccountMailLinks } from '../src/data/account-mail-links.ts';
import { ACCOUNT_MAILS_DURABLE, accountMailsConsumer } from '../src/events/account-mails.ts';
import { accountMailMessageId } from '../src/use-cases/account-mails.ts';

// Issue 25 §4: comms alone sends mail. Identity stores the reset link's hash and announces the request through its
// outbox; comms' consumer asks identity for the link and mails it. Real identity, MongoDB, NATS and SMTP catcher; two
// comms replicas on one durable.
const { env, logger, box, working, recorded } = mailTestKit('account-mails-test');
const PUBLIC_URL = 'http://localhost:8080';
const STREAM = eventStream('identity').name;
const durable = `${ACCOUNT_MAILS_DURABLE}-test-${randomUUID().slice(0, 8)}`;

let identity: IdentityHarness;
let conn: Connection;
let nats: NatsHandle;
let relay: OutboxRelay;
const replicas: Array<{ stop(): Promise<void> }> = [];

beforeAll(async () => {
  identity = await startIdentity();
  conn = await connectMongo(env.MONGO_URL, `comms_account_mails_${randomUUID().slice(0, 8)}`);
  nats = await connectNats({ url: env.NATS_URL, name: 'account-mails-test', logger });
  await ensureStream(nats.jsm, 'identity');
  relay = new OutboxRelay({ connection: identity.conn, js: nats.js, logger, pollIntervalMs: 200 });
  relay.start();
  const deps = { conn, mailer: recorded.mailer, links: identityAccountMailLinks(identity.base), logger, config: { PUBLIC_URL } };
  for (let i = 0; i < 2; i++) replicas.push(await accountMailsConsumer.start(deps, nats, { durable, backoffMs: [200] }));
});
afterAll(async () => {
  for (const r of replicas) await r.stop();
  await relay?.stop();
  await nats?.jsm.consumers.delete(STREAM, durable).catch(() => undefined);
  await nats?.close();
  await conn?.dropDatabase();
  await conn?.close();
  await identity?.close();
  working.close();
});

const drained = () =>
  until('the account-mail consumer has handled every event', async () => {
    const { pending, ackPending } = await consumerBacklog(nats.jsm, STREAM, durable);
    return pending === 0 && ackPending === 0;
  });

it('forgot password: one mail across two replicas, with the spec text and a link that resets the password', async () => {
  const u = newUser();
  const reg = await call(identity.base, 'POST', '/api/register', { body: u });
  expect(reg.status).toBe(201);
  const answer = await call(identity.base, 'POST', '/api/forgot-password', { body: { email: u.email } });
  expect(answer.body.message).toBe('If an account exists with this email, a password reset link has been sent.');
  const mail = await box.waitFor(u.email, (m) => m.subject === 'Reset your password', 20_000);
  await drained();
  const sent = recorded.to(u.email).filter((m) => m.subject === 'Reset your password');
  expect(sent).toHaveLength(1);
  expect(sent[0]!.messageId).toMatch(/^<password-reset\.[0-9a-f-]{36}@localhost>$/);
  expect(sent[0]!.messageId).toBe(accountMailMessageId('password-reset', sent[0]!.messageId!.slice('<password-reset.'.length, -'@localhost>'.length), PUBLIC_URL));
  expect(mail.text).toContain(`Hello ${u.firstName},`);
  expect(mail.text).toContain('Open this link to choose a new password (it expires in 1 hour and works once):');
  expect(mail.html).toContain('Choose a new password');
  const token = decodeURIComponent(new RegExp(`^${PUBLIC_URL}/reset-password\\?token=([A-Za-z0-9_-]+)$`, 'm').exec(mail.text ?? '')![1]!);
  expect((await call(identity.base, 'POST', '/api/reset-password', { body: { token, password: 'brand-new-pass' } })).status).toBe(200);
  expect((await call(identity.base, 'POST', '/api/local-login', { body: { username: u.username, password: 'brand-new-pass' } })).status).toBe(200);
});

it('an unknown address mails nothing; a registration mails the verification link', async () => {
  const u = newUser();
  await call(identity.base, 'POST', '/api/forgot-password', { body: { email: u.email } });
  await call(identity.base, 'POST', '/api/register', { body: u });
  const mail = await box.waitFor(u.email, (m) => m.subject === 'Verify your e-mail address', 20_000);
  await drained();
  expect(recorded.to(u.email).map((m) => m.subject)).toEqual(['Verify your e-mail address']);
  const token = decodeURIComponent(/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!);
  expect((await call(identity.base, 'POST', '/api/auth/verify-email', { body: { token } })).status).toBe(200);
});
