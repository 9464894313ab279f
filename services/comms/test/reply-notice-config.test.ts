import { generateKeyPairSync } from 'node:crypto';
import { ConfigError } from '@cp/service-kit';
import { loadCommsConfig } from '../src/config.ts';

/** REPLY_NOTICE_WINDOW_S: how long reply notices to one post are collected into one mail. */

const BASE = {
  MONGO_URL: 'mongodb://127.0.0.1:27017',
  NATS_URL: 'nats://127.0.0.1:4222',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '1025',
  IDENTITY_URL: 'http://127.0.0.1:4001',
  PUBLIC_URL: 'http://localhost:8080',
  CONTACT_INBOX: 'operators@centralpadesi.org',
  JWT_PUBLIC_KEY: generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString(),
};

describe('REPLY_NOTICE_WINDOW_S', () => {
  it('is 15 minutes unless set', () => {
    expect(loadCommsConfig(BASE).REPLY_NOTICE_WINDOW_S).toBe(900);
  });

  it('takes whole seconds from 1 to a day', () => {
    expect(loadCommsConfig({ ...BASE, REPLY_NOTICE_WINDOW_S: '1' }).REPLY_NOTICE_WINDOW_S).toBe(1);
    expect(loadCommsConfig({ ...BASE, REPLY_NOTICE_WINDOW_S: '86400' }).REPLY_NOTICE_WINDOW_S).toBe(86_400);
  });

  it.each(['0', '-5', '1.5', 'soon', '86401'])('refuses %s', (value) => {
    expect(() => loadCommsConfig({ ...BASE, REPLY_NOTICE_WINDOW_S: value })).toThrow(ConfigError);
    expect(() => loadCommsConfig({ ...BASE, REPLY_NOTICE_WINDOW_S: value })).toThrow(/REPLY_NOTICE_WINDOW_S/);
  });
});
