import { MongoClient } from 'mongodb';
import { withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { createDirect, expectToast, loginDirect, newUser, openAccountMenu, registerDirect, signIn, submitLogin } from './support/site.ts';

/**
 * Saved listings (issue 22 §2) in the browser on the real stack: a save made signed out follows its person into the
 * account at login, another browser signed in as them finds it on /saved, and a saved listing that expired or was
 * removed shows as such and can be dropped. The listings are created by a poster through the listings service (set-up)
 * and deleted again at the end (other files count the listings).
 */

const saver = newUser('saver');
const poster = newUser('poster');
let posterToken = '';
let saverToken = '';
const made: string[] = [];

async function listing(title: string): Promise<string> {
  const id = await createDirect(`${e2eEnv().serviceUrls.listings}/api/listings`, posterToken, {
    title,
    category: 'Buy & Sell',
    description: `${title}. Pick up in Camp Hill, serious enquiries only please.`,
    price: 120,
    location: 'Camp Hill PA',
    tier: 'free',
  });
  made.push(id);
  return id;
}

const api = async (method: string, path: string, token: string, body?: unknown) => {
  const res = await fetch(`${e2eEnv().serviceUrls.listings}${path}`, {
    method,
    headers: { cookie: `cp_session=${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: res.status, body: (await res.json()) as unknown };
};
const savedIds = async (token: string) => ((await api('GET', '/api/saved-listings/ids', token)).body as { listingIds: string[] }).listingIds;

/** Test set-up for what only time makes: the listing's expiry moved into the past (the lifecycle is tested on an injected clock in the service). */
async function expireNow(id: string): Promise<void> {
  const client = await MongoClient.connect(e2eEnv().infra.MONGO_URL);
  try {
    const res = await client.db('listings').collection<{ _id: string }>('listings').updateOne({ _id: id }, { $set: { expiresAt: new Date(Date.now() - 60_000) } });
    if (res.matchedCount !== 1) throw new Error(`expire ${id}: no such listing`);
  } finally {
    await client.close();
  }
}

beforeAll(async () => {
  posterToken = await registerDirect(poster);
  saverToken = await registerDirect(saver);
});
afterAll(async () => {
  for (const id of made) await api('DELETE', `/api/listings/${id}`, posterToken);
});

describe('saved listings (issue 22 §2)', () => {
  test('saved signed out, then logged in: the save is in the account, and another browser signed in sees it on /saved', async () => {
    const sofa = await listing('Leather sofa, barely used');
    const lamp = await listing('Brass floor lamp');
    await withPage(async ({ page, pageErrors }) => {
      await page.goto(`/listing/${sofa}`);
      await page.getByRole('heading', { name: 'Leather sofa, barely used', level: 1 }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByRole('button', { name: 'Saved', pressed: true }).waitFor();
      await page.goto('/listings');
      await page.waitForLoadState('networkidle');
      await page.getByRole('button', { name: 'Save Brass floor lamp' }).click();
      await page.getByRole('button', { name: 'Saved Brass floor lamp', pressed: true }).waitFor();
      expect(await savedIds(saverToken)).toEqual([]); // nothing left the browser

      await page.goto('/saved');
      await page.getByRole('heading', { name: 'Please Log In', level: 1 }).waitFor();
      await page.getByText('The 2 listings you saved in this browser will be added to your account.').waitFor();

      await page.getByRole('link', { name: 'Login' }).first().click();
      await page.waitForURL((url) => url.pathname === '/auth');
      await submitLogin(page, saver.username, saver.password);
      // The login's full-page redirect comes once the merge is done; the new page shows the login's toast.
      await expectToast(page, 'You have successfully logged in.');
      expect((await savedIds(saverToken)).sort()).toEqual([sofa, lamp].sort());
      expect(await page.evaluate(() => localStorage.getItem('cp.savedListings'))).toBeNull();

      // The account menu leads to /saved.
      const menu = await openAccountMenu(page, `${saver.firstName} ${saver.lastName}`);
      await menu.getByRole('menuitem', { name: 'Saved Listings' }).click();
      await page.waitForURL((url) => url.pathname === '/saved');
      await page.getByRole('link', { name: 'Leather sofa, barely used' }).waitFor();
      expect(pageErrors).toEqual([]);
    });

    // Another browser (the phone), signed in as the same person.
    const token = await loginDirect(saver);
    await withPage(async ({ page, context, pageErrors }) => {
      await signIn(context, token);
      await page.goto('/saved');
      await page.getByRole('heading', { name: 'Saved Listings', level: 1 }).waitFor();
      await page.getByRole('link', { name: 'Leather sofa, barely used' }).waitFor();
      await page.getByRole('link', { name: 'Brass floor lamp' }).waitFor();
      await page.getByText('2 saved listings').waitFor();
      // Its toggle on the listing's page reads the account.
      await page.goto(`/listing/${lamp}`);
      await page.getByRole('button', { name: 'Saved', pressed: true }).waitFor();
      expect(pageErrors).toEqual([]);
    });
  });

  test('a saved listing that expired or was removed shows as such and can be dropped', async () => {
    const user = newUser('dropper');
    const token = await registerDirect(user);
    const kept = await listing('Bookshelf, solid oak');
    const expiring = await listing('Mountain bike, 21 speeds');
    const deleted = await listing('Rice cooker, 10 cups');
    for (const id of [deleted, expiring, kept]) expect((await api('POST', '/api/saved-listings', token, { listingId: id })).status).toBe(201);
    await expireNow(expiring);
    expect((await api('DELETE', `/api/listings/${deleted}`, posterToken)).status).toBe(200);

    await withPage(async ({ page, context, pageErrors }) => {
      await signIn(context, token);
      await page.goto('/saved');
      await page.getByRole('link', { name: 'Bookshelf, solid oak' }).waitFor();
      await page.getByRole('heading', { name: 'Mountain bike, 21 speeds' }).waitFor();
      await page.getByText('This listing has expired').waitFor();
      await page.getByText('This listing was removed').waitFor();

      await page.getByRole('button', { name: 'Remove Mountain bike, 21 speeds from your saved listings' }).click();
      await page.getByText('This listing has expired').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Remove A saved listing from your saved listings' }).click();
      await page.getByText('This listing was removed').waitFor({ state: 'detached' });
      await page.getByText('1 saved listing').waitFor();
      expect(await savedIds(token)).toEqual([kept]);

      // After a reload, the same.
      await page.reload();
      await page.getByRole('link', { name: 'Bookshelf, solid oak' }).waitFor();
      expect(await page.getByText('This listing has expired').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    });
  });
});
