import { ConfigError } from '@cp/service-kit';
import { behindIdentityVars } from '@cp/service-kit/testing';
import { loadMessagesConfig } from '../src/config.ts';

const base = {
  ...behindIdentityVars,
  LISTINGS_URL: 'http://127.0.0.1:4002',
};

describe('messages configuration', () => {
  it('defaults: port 4010, database messages, no demo conversation, the default posting limits', () => {
    expect(loadMessagesConfig(base)).toMatchObject({ PORT: 4010, MONGO_DB: 'messages', SEED_DEMO_DATA: false, POSTING_LIMITS: {} });
  });

  it('takes POSTING_LIMITS for messages', () => {
    expect(loadMessagesConfig({ ...base, POSTING_LIMITS: '{"message":{"limit":7,"windowHours":2}}' }).POSTING_LIMITS).toEqual({ message: { limit: 7, windowHours: 2 } });
  });

  it.each([
    ['the listings service missing', { LISTINGS_URL: undefined }, 'LISTINGS_URL'],
    ['no public key', { JWT_PUBLIC_KEY: undefined }, 'JWT_PUBLIC_KEY'],
    ['demo data in production', { NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }, 'SEED_DEMO_DATA'],
    ['bad posting limits', { POSTING_LIMITS: '{"message":{"limit":0}}' }, 'POSTING_LIMITS'],
  ])('refuses %s, naming the variable', (_label, override, name) => {
    expect(() => loadMessagesConfig({ ...base, ...override })).toThrow(ConfigError);
    expect(() => loadMessagesConfig({ ...base, ...override })).toThrow(name);
  });
});
