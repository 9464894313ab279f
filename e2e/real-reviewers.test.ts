/**
 * Reviews from real people (issue 26) in the browser, on the real identity and directory services and the real mail:
 * a visitor registers (the toast says a link was mailed); where the review form goes, one sentence asks them to verify
 * their e-mail, with "Resend the link"; the link from the mail catcher verifies once (a second visit, and the link it
 * replaced, are not valid); then the review posts — held, since the account is new: shown to its author as Pending,
 * the rating unchanged. axe on the dialog in each state.
 */
import type { Page } from 'playwright-core';
import { REVIEW_PENDING } from '@cp/contracts';
import { mailbox } from '../infra/src/mailbox.ts';
import { describeViolations, seriousAxeViolations, withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { createAdmin, expectToast, loginDirect, mailedVerificationLink, newUser, registerThroughForm } from './support/site.ts';

const run = Date.now().toString(36);
const business = `Masala Mart ${run}`;
let businessId = '';
let adminToken = '';

beforeAll(async () => {
  const admin = newUser('rradmin');
  await createAdmin(admin);
  adminToken = await loginDirect(admin);
  const res = await fetch(`${e2eEnv().serviceUrls.directory}/api/admin/businesses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `cp_session=${adminToken}` },
    body: JSON.stringify({ name: business, mainCategory: 'Grocers', description: 'Spices, lentils and fresh curry leaves.', address: '5 Front St, Enola, PA', phone: '717-555-0123' }),
  });
  if (res.status !== 201) throw new Error(`create business: ${res.status} ${await res.text()}`);
  businessId = ((await res.json()) as { id: string }).id;
});

// Other files count the businesses: this one goes again.
afterAll(async () => {
  if (businessId) await fetch(`${e2eEnv().serviceUrls.directory}/api/admin/businesses/${businessId}`, { method: 'DELETE', headers: { cookie: `cp_session=${adminToken}` }, signal: AbortSignal.timeout(15_000) });
});

async function expectNoSeriousViolations(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(describeViolations(await seriousAxeViolations(page))).toBe('');
}

/** Opens the business's reviews from its card on /businesses; returns the dialog. */
async function openReviews(page: Page) {
  await page.goto('/businesses');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: business }) });
  await card.getByRole('button', { name: `Reviews of ${business}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  return { card, dialog };
}

test('register → the sentence at the review button → the mailed link → verified → the review posts, held while the account is new', async () => {
  const user = newUser('realrev');
  const box = mailbox(e2eEnv().infra);
  await withPage(async ({ page, site }) => {
    await registerThroughForm(page, user);
    await expectToast(page, 'Your account has been created successfully.', `We sent a link to ${user.email}`);
    const first = await mailedVerificationLink(user.email);
    expect(new URL(first).origin).toBe(new URL(site).origin);

    // Where the review form goes: one sentence, and the way to get a new link.
    let { dialog } = await openReviews(page);
    await dialog.getByText(`Please verify your e-mail address to write a review: open the link we sent to ${user.email}.`).waitFor();
    expect(await dialog.getByRole('button', { name: 'Post Review' }).count()).toBe(0);
    await expectNoSeriousViolations(page);
    const seen = new Set((await box.list(user.email)).map((m) => m.id));
    await dialog.getByRole('button', { name: 'Resend the link' }).click();
    await expectToast(page, 'Link sent', `A new verification link is on its way to ${user.email}.`);
    const link = await mailedVerificationLink(user.email, seen);
    expect(link).not.toBe(first);

    // Opening the link verifies nothing (mail scanners run pages, issue 41): the button does. It verifies once; the
    // link it replaced no longer works.
    await page.goto(link);
    await page.getByRole('heading', { name: 'Verify Your E-mail Address' }).waitFor();
    const me = async () => ((await (await page.request.get('/api/auth/user')).json()) as { emailVerified?: boolean }).emailVerified;
    expect(await me()).toBe(false);
    await page.getByRole('button', { name: 'Verify E-mail' }).click();
    await page.getByRole('heading', { name: 'E-mail Verified' }).waitFor();
    expect(await me()).toBe(true);
    await page.getByText('Your e-mail address is verified. You can now write reviews.').waitFor();
    await expectNoSeriousViolations(page);
    for (const used of [link, first]) {
      await page.goto(used);
      await page.getByRole('button', { name: 'Verify E-mail' }).click();
      await page.getByRole('heading', { name: 'Link Not Valid' }).waitFor();
      await page.getByText('This verification link is invalid, expired or already used.').waitFor();
    }

    // Verified: the form is there and the review posts; the account is new, so it is held.
    const opened = await openReviews(page);
    dialog = opened.dialog;
    await dialog.locator('label', { has: page.getByRole('radio', { name: '5 stars' }) }).click();
    await dialog.getByLabel('Your review').fill('Best curry leaves in Enola.');
    await dialog.getByRole('button', { name: 'Post Review' }).click();
    await expectToast(page, 'Thank you!', REVIEW_PENDING);
    const reviews = dialog.getByRole('list', { name: 'Reviews' });
    await reviews.getByText('Best curry leaves in Enola.').waitFor();
    await reviews.getByText('Pending').waitFor();
    await dialog.getByText(REVIEW_PENDING).waitFor();
    expect(await dialog.getByRole('button', { name: 'Post Review' }).count()).toBe(0);
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await opened.card.getByText('(0 reviews)').waitFor();
  });

  // Nobody else sees the held review.
  const id = ((await (await fetch(`${e2eEnv().site}/api/businesses`)).json()) as Array<{ id: string; name: string }>).find((b) => b.name === business)!.id;
  expect(await (await fetch(`${e2eEnv().site}/api/businesses/${id}/reviews`)).json()).toEqual({ items: [], nextCursor: null });
});
