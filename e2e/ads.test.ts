/**
 * Sponsored ads on the real ads service (issue 13): the admin's Advertisements tab creates, pauses and deletes an ad
 * (with the §8 toasts; axe on the tab), and what visitors get follows it.
 */
import type { Page } from 'playwright-core';
import { describeViolations, seriousAxeViolations, withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { createAdmin, expectToast, loginDirect, newUser, signIn } from './support/site.ts';

const admin = newUser('adadmin');
let adminToken = '';
const run = Date.now().toString(36);

beforeAll(async () => {
  await createAdmin(admin);
  adminToken = await loginDirect(admin);
});

async function expectNoSeriousViolations(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(describeViolations(await seriousAxeViolations(page))).toBe('');
}

/** The ads a visitor gets. */
async function visitorAds(): Promise<Array<{ title: string }>> {
  return (await (await fetch(`${e2eEnv().site}/api/advertisements`)).json()) as Array<{ title: string }>;
}

describe("the admin's Advertisements tab on the real ads service", () => {
  test('an admin creates an ad (§5 defaults), pauses it and deletes it; visitors see it only while active', async () => {
    const title = `Diwali sweets sale ${run}`;
    await withPage(async ({ page, context }) => {
      await signIn(context, adminToken);
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Advertisements' }).waitFor();
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'Create Advertisement' }).first().click();
      const dialog = page.getByRole('dialog');
      // The §5 defaults.
      await dialog.getByRole('combobox', { name: 'Placement' }).getByText('homepage-top').waitFor();
      await dialog.getByRole('combobox', { name: 'Status' }).getByText('active').waitFor();
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Description').fill('Kaju katli and gift boxes, 20% off this week.');
      await dialog.getByLabel('Call-to-action text').fill('Shop now');
      await dialog.getByLabel('Call-to-action URL').fill('https://mithaicorner.example/diwali');
      await dialog.getByRole('button', { name: 'Create Advertisement' }).click();
      await expectToast(page, 'Success', 'Advertisement created successfully');
      const card = page.locator('div', { has: page.getByRole('heading', { name: title }) }).filter({ has: page.getByRole('button', { name: `Edit ${title}` }) }).last();
      await card.getByText('active', { exact: true }).waitFor();
      await card.getByText('homepage-top', { exact: true }).waitFor();
      const cta = card.getByRole('link', { name: /mithaicorner\.example\/diwali/ });
      expect(await cta.getAttribute('target')).toBe('_blank');
      expect(await cta.getAttribute('rel')).toContain('noopener');
      await card.getByText('CTR').waitFor();
      expect((await visitorAds()).map((a) => a.title)).toContain(title);
      await expectNoSeriousViolations(page);

      await page.getByRole('button', { name: `Edit ${title}` }).click();
      const edit = page.getByRole('dialog');
      await edit.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'paused', exact: true }).click();
      await edit.getByRole('button', { name: 'Update Advertisement' }).click();
      await expectToast(page, 'Success', 'Advertisement updated successfully');
      await card.getByText('paused', { exact: true }).waitFor();
      expect((await visitorAds()).map((a) => a.title)).not.toContain(title);

      page.once('dialog', (d) => {
        expect(d.message()).toBe('Are you sure you want to delete this advertisement?');
        void d.accept();
      });
      await page.getByRole('button', { name: `Delete ${title}` }).click();
      await expectToast(page, 'Success', 'Advertisement deleted successfully');
      await page.waitForFunction((t) => !document.body.innerText.includes(t), title);
    });
  });

  test('a javascript: link is refused by the form and never stored; a refused update shows the failure toast', async () => {
    await withPage(async ({ page, context }) => {
      await signIn(context, adminToken);
      await page.goto('/admin');
      await page.getByRole('button', { name: 'Create Advertisement' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Title').fill(`Refused ${run}`);
      await dialog.getByLabel('Description').fill('Should never be stored.');
      await dialog.getByLabel('Call-to-action text').fill('Click');
      await dialog.getByLabel('Call-to-action URL').fill('javascript:alert(1)');
      await dialog.getByRole('button', { name: 'Create Advertisement' }).click();
      // The form's own check (the shared schema) stops it before the server; the field says why.
      await dialog.getByText('Please enter a valid URL').waitFor();
      expect((await visitorAds()).map((a) => a.title)).not.toContain(`Refused ${run}`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // An ad deleted behind the admin's back: the update is a 404 and the tab says it failed.
      const gone = `Gone ${run}`;
      const created = await fetch(`${e2eEnv().serviceUrls.ads}/api/advertisements`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `cp_session=${adminToken}` },
        body: JSON.stringify({ title: gone, description: 'About to go.', ctaText: 'Go', ctaUrl: 'https://gone.example' }),
      });
      const { id } = (await created.json()) as { id: string };
      await page.reload();
      await page.getByRole('button', { name: `Edit ${gone}` }).click();
      await fetch(`${e2eEnv().serviceUrls.ads}/api/advertisements/${id}`, { method: 'DELETE', headers: { cookie: `cp_session=${adminToken}` } });
      await page.getByRole('dialog').getByRole('button', { name: 'Update Advertisement' }).click();
      await expectToast(page, 'Error', 'Failed to update advertisement');
    });
  });
});
