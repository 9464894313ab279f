import { DEFAULT_HIDE_THRESHOLD } from '@cp/contracts';
import { ConfigError } from '@cp/service-kit';
import { behindIdentityVars } from '@cp/service-kit/testing';
import { loadModerationConfig } from '../src/config.ts';

const base = {
  ...behindIdentityVars,
  LISTINGS_URL: 'http://127.0.0.1:4002',
  FORUM_URL: 'http://127.0.0.1:4003',
  DIRECTORY_URL: 'http://127.0.0.1:4004',
  MESSAGES_URL: 'http://127.0.0.1:4010',
};

describe('moderation configuration', () => {
  it('defaults: port 4009, database moderation, the contracts threshold, no demo report, the default posting limits', () => {
    const c = loadModerationConfig(base);
    expect(c).toMatchObject({ PORT: 4009, MONGO_DB: 'moderation', HIDE_THRESHOLD: DEFAULT_HIDE_THRESHOLD, SEED_DEMO_DATA: false, POSTING_LIMITS: {} });
  });

  it('takes HIDE_THRESHOLD and POSTING_LIMITS', () => {
    const c = loadModerationConfig({ ...base, HIDE_THRESHOLD: '5', POSTING_LIMITS: '{"report":{"limit":7}}' });
    expect(c.HIDE_THRESHOLD).toBe(5);
    expect(c.POSTING_LIMITS).toEqual({ report: { limit: 7 } });
  });

  it.each([
    ['the content owners missing', { LISTINGS_URL: undefined }, 'LISTINGS_URL'],
    ['the messages service missing', { MESSAGES_URL: undefined }, 'MESSAGES_URL'],
    ['a threshold of 0', { HIDE_THRESHOLD: '0' }, 'HIDE_THRESHOLD'],
    ['a threshold that is not a number', { HIDE_THRESHOLD: 'three' }, 'HIDE_THRESHOLD'],
    ['demo data in production', { NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }, 'SEED_DEMO_DATA'],
    ['bad posting limits', { POSTING_LIMITS: '{"report":{"limit":0}}' }, 'POSTING_LIMITS'],
  ])('refuses %s, naming the variable', (_label, override, name) => {
    expect(() => loadModerationConfig({ ...base, ...override })).toThrow(ConfigError);
    expect(() => loadModerationConfig({ ...base, ...override })).toThrow(name);
  });
});
