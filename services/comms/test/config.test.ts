import { ConfigError } from '@cp/service-kit';
import { configRefusal } from '../../../packages/service-kit/test/support/config-refusal.ts';
import { loadCommsConfig } from '../src/config.ts';

/** The operators' inbox (CONTACT_INBOX): required in every environment, no default, an e-mail address. */

const BASE = {
  MONGO_URL: 'mongodb://127.0.0.1:27017',
  NATS_URL: 'nats://127.0.0.1:4222',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '1025',
  IDENTITY_URL: 'http://127.0.0.1:4001',
  JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\ntest\n-----END PUBLIC KEY-----',
  PUBLIC_URL: 'http://localhost:8080',
};

const refusal = (env: Record<string, string>) => configRefusal(loadCommsConfig, env);

describe('CONTACT_INBOX', () => {
  test.each(['development', 'test', 'production'])('%s: required, no inbox is made up', (NODE_ENV) => {
    expect(refusal({ ...BASE, NODE_ENV })).toMatch(/CONTACT_INBOX: /);
    expect(refusal({ ...BASE, NODE_ENV, CONTACT_INBOX: '' })).toMatch(/CONTACT_INBOX: /);
    expect(refusal({ ...BASE, NODE_ENV, CONTACT_INBOX: 'operators at centralpadesi.org' })).toMatch(/CONTACT_INBOX: /);
    expect(loadCommsConfig({ ...BASE, NODE_ENV, CONTACT_INBOX: 'operators@centralpadesi.org' }).CONTACT_INBOX).toBe('operators@centralpadesi.org');
  });
});

describe('JWT_PUBLIC_KEY', () => {
  test('required: the newsletter sign-up verifies who is signed in', () => {
    const { JWT_PUBLIC_KEY: _omit, ...withoutKey } = BASE;
    expect(refusal({ ...withoutKey, CONTACT_INBOX: 'operators@centralpadesi.org' })).toMatch(/JWT_PUBLIC_KEY: /);
    expect(loadCommsConfig({ ...BASE, CONTACT_INBOX: 'operators@centralpadesi.org' }).publicKey).toContain('BEGIN PUBLIC KEY');
  });
});

/** REPLY_NOTICE_WINDOW_S: how long reply notices to one post are collected into one mail. */
describe('REPLY_NOTICE_WINDOW_S', () => {
  const VALID = { ...BASE, CONTACT_INBOX: 'operators@centralpadesi.org' };
  it('is 15 minutes unless set', () => {
    expect(loadCommsConfig(VALID).REPLY_NOTICE_WINDOW_S).toBe(900);
  });

  it('takes whole seconds from 1 to a day', () => {
    expect(loadCommsConfig({ ...VALID, REPLY_NOTICE_WINDOW_S: '1' }).REPLY_NOTICE_WINDOW_S).toBe(1);
    expect(loadCommsConfig({ ...VALID, REPLY_NOTICE_WINDOW_S: '86400' }).REPLY_NOTICE_WINDOW_S).toBe(86_400);
  });

  it.each(['0', '-5', '1.5', 'soon', '86401'])('refuses %s', (value) => {
    expect(() => loadCommsConfig({ ...VALID, REPLY_NOTICE_WINDOW_S: value })).toThrow(ConfigError);
    expect(() => loadCommsConfig({ ...VALID, REPLY_NOTICE_WINDOW_S: value })).toThrow(/REPLY_NOTICE_WINDOW_S/);
  });
});
