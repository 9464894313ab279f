/**
 * The business directory on the real directory service (issue 12): the Yellow Pages flow (letter → category →
 * subcategory → Clear Selection; a letter clears the selection and scrolls to its section) on businesses an admin
 * created through the API, a review that changes the rating shown (a visitor asked to log in first, a second review
 * refused), Add Business suggesting one through the contact form, the admin's Yellow Pages tab (create, edit, delete
 * with every toast), and axe on the directory's screens.
 */
import type { Page } from 'playwright-core';
import { describeViolations, seriousAxeViolations, withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { backdateAccount, createAdmin, expectToast, loginDirect, newUser, registerDirect, signIn, verifyDirect } from './support/site.ts';

const admin = newUser('diradmin');
let adminToken = '';
const run = Date.now().toString(36);
const plumber = `Pipe Pros ${run}`;
const roofer = `Top Roofs ${run}`;

async function createBusiness(body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${e2eEnv().serviceUrls.directory}/api/admin/businesses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `cp_session=${adminToken}` },
    body: JSON.stringify({ description: 'Licensed and insured, serving the West Shore.', address: '1 Market St, Camp Hill, PA', phone: '717-555-0142', ...body }),
  });
  if (res.status !== 201) throw new Error(`create business: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

beforeAll(async () => {
  await createAdmin(admin);
  adminToken = await loginDirect(admin);
  await createBusiness({ name: plumber, mainCategory: 'Home Repairs', subCategory: 'Plumbing', phone: '(717) 555-0142', premium: true });
  await createBusiness({ name: roofer, mainCategory: 'Home Repairs', subCategory: 'Roofing' });
});

async function expectNoSeriousViolations(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(describeViolations(await seriousAxeViolations(page))).toBe('');
}

describe('the Yellow Pages on the real directory', () => {
  test('letter → category → subcategory → Clear Selection', async () => {
    await withPage(async ({ page }) => {
      await page.goto('/yellow-pages');
      await page.getByRole('heading', { name: 'Yellow Pages', level: 1 }).waitFor();
      await expectNoSeriousViolations(page);
      // Letters without a category are disabled; H jumps to Home Repairs.
      expect(await page.getByRole('button', { name: 'No categories starting with Q' }).isDisabled()).toBe(true);
      await page.getByRole('link', { name: 'Categories starting with H' }).click();
      await page.getByRole('heading', { name: 'H', level: 2, exact: true }).waitFor();

      await page.getByRole('link', { name: 'Home Repairs', exact: true }).click();
      await page.getByText('Current Selection').waitFor();
      const results = page.getByRole('region', { name: 'Businesses' });
      await results.getByRole('heading', { name: plumber }).waitFor();
      await results.getByRole('heading', { name: roofer }).waitFor();
      // The call link and WhatsApp (digits only, 1 before a 10-digit number).
      await results.getByRole('link', { name: /WhatsApp/ }).first().waitFor();
      expect(await page.locator('a[href="https://wa.me/17175550142"]').count()).toBeGreaterThan(0);

      await page.getByRole('list', { name: 'Home Repairs subcategories' }).first().getByRole('link', { name: 'Plumbing' }).click();
      await results.getByRole('heading', { name: plumber }).waitFor();
      await page.waitForFunction((name) => !document.body.innerText.includes(name), roofer);

      await page.getByRole('list', { name: 'Home Repairs subcategories' }).first().getByRole('link', { name: 'Electrical' }).click();
      await results.getByText('No businesses are listed in this category yet.').waitFor();
      await expectNoSeriousViolations(page);

      await page.getByRole('link', { name: 'Clear Selection' }).click();
      await page.getByRole('heading', { name: 'A', level: 2, exact: true }).waitFor();
      expect(await page.getByText('Current Selection').count()).toBe(0);
    });
  });

  test('choosing a letter clears the selection and scrolls to that letter', async () => {
    await withPage(
      async ({ page }) => {
        await page.goto('/yellow-pages');
        await page.getByRole('link', { name: 'Automotive', exact: true }).click();
        await page.getByText('Current Selection').waitFor();
        // While a category is chosen the tree is hidden.
        expect(await page.getByRole('heading', { name: 'S', level: 2, exact: true }).count()).toBe(0);
        await page.getByRole('link', { name: 'Categories starting with S' }).click();
        await page.getByRole('heading', { name: 'S', level: 2, exact: true }).waitFor();
        expect(await page.getByText('Current Selection').count()).toBe(0);
        // The page scrolls until the S section is on screen.
        await page.waitForFunction(() => {
          const top = document.getElementById('yp-letter-S')?.getBoundingClientRect().top ?? -1;
          return window.scrollY > 0 && top >= 0 && top < window.innerHeight / 2;
        });
        expect(await page.getByRole('link', { name: 'Shopping', exact: true }).isVisible()).toBe(true);
      },
      { viewport: { width: 1280, height: 600 } },
    );
  });

  test('/businesses: a visitor is asked to log in to review; a user rates one and the rating shown changes; axe', async () => {
    // A reviewer whose review counts at once: e-mail verified through the mailed link, account older than a day.
    const reviewer = newUser('reviewer');
    const token = await registerDirect(reviewer);
    await verifyDirect(reviewer);
    await backdateAccount(reviewer, 2);
    await withPage(async ({ page, context }) => {
      await page.goto('/businesses');
      await page.getByRole('heading', { name: 'Business Directory' }).first().waitFor();
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plumber }) });
      await card.getByText('(0 reviews)').waitFor();
      await expectNoSeriousViolations(page);
      await card.getByRole('button', { name: `Reviews of ${plumber}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('No reviews yet. Be the first to review this business!').waitFor();
      await dialog.getByRole('link', { name: 'Login to Review' }).waitFor();
      await page.keyboard.press('Escape');

      await signIn(context, token);
      await page.reload();
      await card.getByRole('button', { name: `Reviews of ${plumber}` }).click();
      // The stars are the radio buttons' labels: a click on the fourth star picks 4.
      await dialog.locator('label', { has: page.getByRole('radio', { name: '4 stars' }) }).click();
      expect(await dialog.getByRole('radio', { name: '4 stars' }).isChecked()).toBe(true);
      await dialog.getByLabel('Your review').fill('Fixed our water heater the same day.');
      await expectNoSeriousViolations(page);
      await dialog.getByRole('button', { name: 'Post Review' }).click();
      await expectToast(page, 'Thank you!');
      await dialog.getByRole('list', { name: 'Reviews' }).getByText('Fixed our water heater the same day.').waitFor();
      await dialog.getByText(reviewer.username).waitFor();
      // The dialog shows the new rating too; closed, the card does.
      await dialog.getByText('(1 review)').waitFor();
      await dialog.getByRole('button', { name: 'Close' }).click();
      await card.getByText('(1 review)').waitFor();
      expect(await card.locator('p', { hasText: '(1 review)' }).innerText()).toMatch(/Rated\s+4\s*\/5/);

      // A second review by the same user is refused with the server's reason.
      await card.getByRole('button', { name: `Reviews of ${plumber}` }).click();
      await dialog.locator('label', { has: page.getByRole('radio', { name: '1 star' }) }).click();
      await dialog.getByRole('button', { name: 'Post Review' }).click();
      await expectToast(page, 'Review not posted', 'You have already reviewed this business');
    });
  });

  test('Add Business opens the contact form to suggest a business', async () => {
    await withPage(async ({ page }) => {
      await page.goto('/businesses');
      await page.getByRole('link', { name: 'Add Business' }).click();
      await page.waitForURL('**/contact?subject=*');
      expect(await page.getByLabel(/Subject/).inputValue()).toBe('Suggest a business for the directory');
    });
  });
});

describe("the admin's Yellow Pages tab on the real directory", () => {
  test('an admin adds a business, edits it and deletes it, with the toasts', async () => {
    const name = `Chai Corner ${run}`;
    await withPage(async ({ page, context }) => {
      await signIn(context, adminToken);
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Yellow Pages' }).click();
      await page.getByRole('button', { name: 'Add Business' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Business name').fill(name);
      // The subcategory waits for a main category; changing the main category clears it.
      expect(await dialog.getByRole('combobox', { name: 'Subcategory' }).isDisabled()).toBe(true);
      await dialog.getByRole('combobox', { name: 'Main category' }).click();
      await page.getByRole('option', { name: 'Food & Dining', exact: true }).click();
      await dialog.getByRole('combobox', { name: 'Subcategory' }).click();
      await page.getByRole('option', { name: 'Bakeries & Desserts', exact: true }).click();
      await dialog.getByLabel('Description').fill('Masala chai, samosas and fresh jalebi every weekend.');
      await dialog.getByLabel('Address').fill('12 High St, Carlisle, PA 17013');
      await dialog.getByLabel('Phone').fill('717-555-0177');
      await dialog.getByLabel('Email').fill('hello@chaicorner.example');
      await dialog.getByRole('button', { name: 'Add Business' }).click();
      await expectToast(page, 'Success', 'Business created successfully');
      await page.getByRole('heading', { name, level: 3 }).waitFor();
      await page.getByText('Food & Dining › Bakeries & Desserts').first().waitFor();

      await page.getByRole('button', { name: `Edit ${name}` }).click();
      const edit = page.getByRole('dialog');
      await edit.getByLabel('Business name').fill(`${name} & Sweets`);
      await edit.getByRole('button', { name: 'Update Business' }).click();
      await expectToast(page, 'Success', 'Business updated successfully');
      await page.getByRole('heading', { name: `${name} & Sweets`, level: 3 }).waitFor();

      // The public directory shows the change.
      const list = (await (await fetch(`${e2eEnv().site}/api/businesses`)).json()) as Array<{ name: string; category: string }>;
      expect(list.find((b) => b.name === `${name} & Sweets`)).toMatchObject({ category: 'Food & Dining' });

      page.once('dialog', (d) => {
        expect(d.message()).toBe('Are you sure you want to delete this business?');
        void d.accept();
      });
      await page.getByRole('button', { name: `Delete ${name} & Sweets` }).click();
      await expectToast(page, 'Success', 'Business deleted successfully');
      await page.waitForFunction((n) => !document.body.innerText.includes(n), `${name} & Sweets`);
    });
  });

  test('a refused change shows the failure toast', async () => {
    await withPage(async ({ page, context }) => {
      await signIn(context, adminToken);
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Yellow Pages' }).click();
      await page.getByRole('button', { name: `Edit ${roofer}` }).click();
      // Deleted behind the admin's back: the update is a 404.
      const id = ((await (await fetch(`${e2eEnv().site}/api/businesses`)).json()) as Array<{ id: string; name: string }>).find((b) => b.name === roofer)!.id;
      await fetch(`${e2eEnv().serviceUrls.directory}/api/admin/businesses/${id}`, { method: 'DELETE', headers: { cookie: `cp_session=${adminToken}` } });
      await page.getByRole('dialog').getByRole('button', { name: 'Update Business' }).click();
      await expectToast(page, 'Error', 'Failed to update business');
    });
  });
});
