import { call, newUser } from '../../identity/test/helpers.ts';
import { commsUnderTest, mailTestKit, PUBLIC_URL } from './mail-test-kit.ts';
import { accountMailsConsumer } from '../src/events/account-mails.ts';
import { accountMailMessageId } from '../src/use-cases/account-mails.ts';

// Issue 25 §4: comms alone sends mail. Identity stores the reset link's hash and announces the request through its
// outbox (relayed here); comms' consumer asks identity for the link and mails it. Real identity, MongoDB, NATS and
// SMTP catcher; two comms replicas on one durable.
const kit = mailTestKit('account-mails-test');
const { box, recorded } = kit;
const h = commsUnderTest(kit, { streams: ['identity'], consumers: [accountMailsConsumer], replicas: 2, relay: (upstream) => upstream.identity.conn });
const drained = () => h.drained(accountMailsConsumer);
const base = () => h.upstream.identity.base;

it('forgot password: one mail across two replicas, with the spec text and a link that resets the password', async () => {
  const u = newUser();
  const reg = await call(base(), 'POST', '/api/register', { body: u });
  expect(reg.status).toBe(201);
  const answer = await call(base(), 'POST', '/api/forgot-password', { body: { email: u.email } });
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
  expect((await call(base(), 'POST', '/api/reset-password', { body: { token, password: 'brand-new-pass' } })).status).toBe(200);
  expect((await call(base(), 'POST', '/api/local-login', { body: { username: u.username, password: 'brand-new-pass' } })).status).toBe(200);
});

it('an unknown address mails nothing; a registration mails the verification link', async () => {
  const u = newUser();
  await call(base(), 'POST', '/api/forgot-password', { body: { email: u.email } });
  await call(base(), 'POST', '/api/register', { body: u });
  const mail = await box.waitFor(u.email, (m) => m.subject === 'Verify your e-mail address', 20_000);
  await drained();
  expect(recorded.to(u.email).map((m) => m.subject)).toEqual(['Verify your e-mail address']);
  const token = decodeURIComponent(/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!);
  expect((await call(base(), 'POST', '/api/auth/verify-email', { body: { token } })).status).toBe(200);
});
