import { ConfigError } from '@cp/service-kit';
import { behindIdentityVars } from '@cp/service-kit/testing';
import { loadEventsConfig } from '../src/config.ts';

const base = {
  ...behindIdentityVars,
  PUBLIC_URL: 'https://centralpadesi.example',
  LINK_SIGNING_KEY: 'a'.repeat(64),
};

describe('events configuration', () => {
  it('defaults: port 4100, database events, no demo data, reminders every 10 minutes', () => {
    expect(loadEventsConfig(base)).toMatchObject({ PORT: 4100, MONGO_DB: 'events', SEED_DEMO_DATA: false, REMINDER_EVERY_S: 600, REMINDER_FROM_HOUR: 9 });
  });

  it('takes the reminder interval (0: off)', () => {
    expect(loadEventsConfig({ ...base, REMINDER_EVERY_S: '0' }).REMINDER_EVERY_S).toBe(0);
  });

  it.each([
    ['no site address', { PUBLIC_URL: undefined }, 'PUBLIC_URL'],
    ['no signing key (no default secret)', { LINK_SIGNING_KEY: undefined }, 'LINK_SIGNING_KEY'],
    ['a short signing key', { LINK_SIGNING_KEY: 'short' }, 'LINK_SIGNING_KEY'],
    ['no identity', { IDENTITY_URL: undefined }, 'IDENTITY_URL'],
    ['no public key', { JWT_PUBLIC_KEY: undefined }, 'JWT_PUBLIC_KEY'],
    ['demo data in production', { NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }, 'SEED_DEMO_DATA'],
    ['a bad reminder interval', { REMINDER_EVERY_S: '-1' }, 'REMINDER_EVERY_S'],
    ['a reminder hour that is not one', { REMINDER_FROM_HOUR: '24' }, 'REMINDER_FROM_HOUR'],
  ])('refuses %s, naming the variable', (_label, override, name) => {
    expect(() => loadEventsConfig({ ...base, ...override })).toThrow(ConfigError);
    expect(() => loadEventsConfig({ ...base, ...override })).toThrow(name);
  });
});
