import { ConfigError } from '@cp/service-kit';
import { loadCommsConfig } from '../src/config.ts';

/** The operators' inbox (CONTACT_INBOX): required, no default; in production a domain that receives mail. */

const BASE = {
  MONGO_URL: 'mongodb://127.0.0.1:27017',
  NATS_URL: 'nats://127.0.0.1:4222',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '1025',
  IDENTITY_URL: 'http://127.0.0.1:4001',
  PUBLIC_URL: 'http://localhost:8080',
};

function refusal(env: Record<string, string>): string {
  try {
    loadCommsConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('CONTACT_INBOX', () => {
  test('required everywhere: no inbox is made up', () => {
    for (const NODE_ENV of ['development', 'production']) expect(refusal({ ...BASE, NODE_ENV })).toContain('CONTACT_INBOX');
    expect(refusal({ ...BASE, CONTACT_INBOX: 'not-an-address' })).toContain('CONTACT_INBOX');
  });

  test('development takes a sample inbox; production refuses domains that never receive mail', () => {
    expect(loadCommsConfig({ ...BASE, CONTACT_INBOX: 'support@centralpadesi.local' }).CONTACT_INBOX).toBe('support@centralpadesi.local');
    for (const inbox of ['support@centralpadesi.local', 'ops@example.com', 'ops@mail.example.org', 'a@b.test', 'a@localhost.localhost', 'x@y.invalid']) {
      expect(refusal({ ...BASE, NODE_ENV: 'production', CONTACT_INBOX: inbox })).toContain('CONTACT_INBOX: must be a real inbox in production');
    }
    expect(loadCommsConfig({ ...BASE, NODE_ENV: 'production', CONTACT_INBOX: 'operators@centralpadesi.org' }).CONTACT_INBOX).toBe('operators@centralpadesi.org');
    expect(loadCommsConfig({ ...BASE, NODE_ENV: 'production', CONTACT_INBOX: 'ops@notexample.com' }).CONTACT_INBOX).toBe('ops@notexample.com');
  });
});
