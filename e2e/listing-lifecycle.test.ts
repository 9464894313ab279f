import { MongoClient } from 'mongodb';
import { LISTING_EXPIRED_MESSAGE } from '@cp/contracts';
import { withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { createDirect, expectToast, gotoUntilStatus, newUser, registerDirect, signIn } from './support/site.ts';

/**
 * Issue 22 in the browser: My Listings shows when each listing expires, marks one sold (with a confirmation) and the
 * badge follows on its page for visitors; an expired listing is a 410 "expired" page for visitors, sits under Expired
 * in its owner's My Listings and comes back with Renew. The listings are this file's own and deleted at the end (other
 * files count listings).
 */
const owner = newUser('lifecycle');
let token = '';
const ids: string[] = [];

/** What only time makes: the listing's expiry moved into the past in the e2e database (the job or the 410 rule does the rest). */
async function expireNow(id: string): Promise<void> {
  const client = await MongoClient.connect(e2eEnv().infra.MONGO_URL);
  try {
    const res = await client.db('listings').collection('listings').updateOne({ _id: id as never }, { $set: { expiresAt: new Date(Date.now() - 60_000) } });
    if (res.matchedCount !== 1) throw new Error(`expire ${id}: no such listing`);
  } finally {
    await client.close();
  }
}

const body = (title: string, category: string) => ({
  title,
  category,
  description: `${title}. Pick up in town, message for details please.`,
  location: 'Enola PA',
  price: 120,
  tier: 'free',
});

beforeAll(async () => {
  token = await registerDirect(owner);
  const url = `${e2eEnv().serviceUrls.listings}/api/listings`;
  ids.push(await createDirect(url, token, body('Lifecycle test recliner chair', 'Buy & Sell')));
  ids.push(await createDirect(url, token, body('Lifecycle test bookshelf', 'Buy & Sell')));
});
afterAll(async () => {
  for (const id of ids) {
    await fetch(`${e2eEnv().serviceUrls.listings}/api/listings/${id}`, { method: 'DELETE', headers: { cookie: `cp_session=${token}` }, signal: AbortSignal.timeout(15_000) }).catch(() => undefined);
  }
});

test('My Listings: expiry shown, mark sold with its badge for visitors, renew an expired listing', async () => {
  const [recliner, bookshelf] = ids as [string, string];
  await expireNow(bookshelf);

  // A visitor meets the expired listing: 410 and the expired sentence.
  await withPage(async ({ page, pageErrors }) => {
    expect(await gotoUntilStatus(page, `/listing/${bookshelf}`, 410)).toBe(410);
    await page.getByRole('heading', { name: LISTING_EXPIRED_MESSAGE }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  await withPage(async ({ page, context, pageErrors }) => {
    await signIn(context, token);
    await page.goto('/my-listings');
    const current = page.getByRole('listitem').filter({ hasText: 'Lifecycle test recliner chair' });
    await current.getByText(/^Expires in 29 days \(/).waitFor();
    const expiredSection = page.getByRole('region', { name: 'Expired' });
    const expired = expiredSection.getByRole('listitem').filter({ hasText: 'Lifecycle test bookshelf' });
    await expired.getByText(/^Expired on /).waitFor();

    // Mark the recliner sold: the category's word, after a confirmation.
    await current.getByRole('button', { name: 'Mark as Sold Lifecycle test recliner chair' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('heading', { name: 'Mark as Sold?' }).waitFor();
    await dialog.getByRole('button', { name: 'Mark as Sold' }).click();
    await expectToast(page, 'Marked as Sold');
    await current.getByText('Sold', { exact: true }).waitFor();
    expect(await current.getByRole('button', { name: /Mark as/ }).count()).toBe(0);

    // Renew the expired bookshelf: it leaves the Expired section.
    await expired.getByRole('button', { name: 'Renew Lifecycle test bookshelf' }).click();
    await expectToast(page, 'Renewed');
    await expiredSection.waitFor({ state: 'detached' });
    await page.getByRole('listitem').filter({ hasText: 'Lifecycle test bookshelf' }).getByText(/^Expires in 29 days \(/).waitFor();
    expect(pageErrors).toEqual([]);
  });

  // Visitors: the sold badge on its page; the renewed listing is back.
  await withPage(async ({ page, pageErrors }) => {
    await page.goto(`/listing/${recliner}`);
    await page.getByRole('heading', { name: 'Lifecycle test recliner chair' }).waitFor();
    await page.locator('header').getByText('Sold', { exact: true }).waitFor();
    const res = await page.goto(`/listing/${bookshelf}`);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Lifecycle test bookshelf' }).waitFor();
    expect(pageErrors).toEqual([]);
  });
});

test("the reminder mail's one-click unsubscribe reaches the listings service through the gateway (a form POST, no login)", async () => {
  // A mailbox provider's POST (RFC 8058): form body, no cookie, no Origin. A token this test cannot sign is refused
  // with the service's own 400, so the gateway passed the form body through (no 415, no 403).
  const res = await fetch(`${e2eEnv().site}/api/listings/reminders/unsubscribe?token=${'A'.repeat(40)}.${'B'.repeat(43)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
    signal: AbortSignal.timeout(15_000),
  });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { error: string }).error).toBe('This unsubscribe link is invalid or has expired');
});
