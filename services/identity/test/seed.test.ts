import { DEMO_ACCOUNTS } from '@cp/contracts';
import { harnessForFile } from '../../../infra/src/jest/for-file.ts';
import { loadIdentityConfig } from '../src/config.ts';
import { seedDemoAccounts } from '../src/seed/seed.ts';
import { call, newUser, startIdentity } from './helpers.ts';

const h = harnessForFile(startIdentity);

const PASSWORD = 'demo-password-for-tests';

describe('demo accounts (local dev stack only)', () => {
  it('creates the demo accounts once, with their fixed ids; members and the admin can sign in', async () => {
    // Someone registered one of the demo usernames first: that account is left alone.
    const squatter = await call(h.base, 'POST', '/api/register', { body: newUser({ username: DEMO_ACCOUNTS.vikram.username }) });
    expect(squatter.status).toBe(201);

    const created = await seedDemoAccounts(h.deps, PASSWORD);
    expect(created.sort()).toEqual(Object.values(DEMO_ACCOUNTS).map((a) => a.username).filter((u) => u !== DEMO_ACCOUNTS.vikram.username).sort());
    expect(await seedDemoAccounts(h.deps, PASSWORD)).toEqual([]); // again: nothing new

    const priya = await h.deps.users.findById(DEMO_ACCOUNTS.priya.id);
    expect(priya?.username).toBe('priya');
    expect(priya?.isAdmin).toBe(false);
    // Seeded verified (their fictional addresses receive nothing); the squatter's account is not.
    expect(priya?.emailVerified).toBe(true);
    expect((await h.deps.users.findByUsername(DEMO_ACCOUNTS.vikram.username))?.emailVerified).toBe(false);
    expect((await h.deps.users.findByUsername(DEMO_ACCOUNTS.vikram.username))?._id).toBe(squatter.body.id);

    const login = await call(h.base, 'POST', '/api/local-login', { body: { username: 'priya', password: PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ id: DEMO_ACCOUNTS.priya.id, firstName: 'Priya', isAdmin: false });
    const admin = await call(h.base, 'POST', '/api/local-login', { body: { username: DEMO_ACCOUNTS.admin.username, password: PASSWORD } });
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject({ isAdmin: true });
  });

  it('marks a demo account made before e-mail verification existed as verified, and nothing else of it', async () => {
    const account = DEMO_ACCOUNTS.rajesh;
    await h.deps.users.model.collection.updateOne({ _id: account.id as never }, { $unset: { emailVerified: 1, emailVerifiedAt: 1 }, $set: { firstName: 'Changed' } });
    expect((await call(h.base, 'POST', '/api/local-login', { body: { username: account.username, password: PASSWORD } })).body).toMatchObject({ emailVerified: false });
    await seedDemoAccounts(h.deps, PASSWORD);
    expect(await h.deps.users.findById(account.id)).toMatchObject({ emailVerified: true, firstName: 'Changed' });
  });

  it('config: demo accounts need a password and are refused in production', () => {
    const base = { MONGO_URL: 'mongodb://x', NATS_URL: 'nats://x', PUBLIC_URL: 'http://localhost:8080', JWT_PRIVATE_KEY: h.keys.privateKey, JWT_PUBLIC_KEY: h.keys.publicKey, SMTP_HOST: 'x', SMTP_PORT: '1025', MAIL_FROM: 'a@b.c' };
    expect(() => loadIdentityConfig({ ...base, SEED_DEMO_DATA: 'true' })).toThrow(/DEMO_ACCOUNTS_PASSWORD/);
    expect(() => loadIdentityConfig({ ...base, SEED_DEMO_DATA: 'true', DEMO_ACCOUNTS_PASSWORD: PASSWORD, NODE_ENV: 'production', COOKIE_SECURE: 'true' })).toThrow(/SEED_DEMO_DATA/);
    expect(loadIdentityConfig({ ...base, SEED_DEMO_DATA: 'true', DEMO_ACCOUNTS_PASSWORD: PASSWORD }).SEED_DEMO_DATA).toBe(true);
  });
});
