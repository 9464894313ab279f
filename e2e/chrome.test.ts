import type { Page } from 'playwright-core';
import { withPage } from './support/browser.ts';

/** The page's JavaScript files so far. */
const scripts = (page: Page) =>
  page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /\.js(\?|$)/.test(e.name)).map((e) => e.name));

/**
 * The header's Radix parts (tooltip, menus) are not part of the first view's JavaScript: they load when the pointer or
 * the focus first reaches their button (@cp/ui createDeferredPart). These tests prove they still work for mouse and
 * keyboard users, including a key pressed on the bare button.
 */
describe('header parts loaded on intent', () => {
  test('the theme toggle tooltip loads on hover and shows its label; on keyboard focus too', async () => {
    await withPage(async ({ page, pageErrors }) => {
      await page.goto('/');
      const toggle = page.getByRole('button', { name: 'Switch to dark theme' });
      await toggle.waitFor();
      await page.waitForLoadState('networkidle');
      const before = await scripts(page);
      await toggle.hover();
      await page.getByRole('tooltip').filter({ hasText: 'Switch to dark theme' }).waitFor();
      expect((await scripts(page)).length).toBeGreaterThan(before.length);

      await page.goto('/about');
      await page.getByRole('button', { name: 'Switch to dark theme' }).focus();
      await page.getByRole('tooltip').filter({ hasText: 'Switch to dark theme' }).waitFor();
      // The focus stayed on the toggle when the tooltip replaced the bare button: Enter flips the theme.
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
      expect(pageErrors).toEqual([]);
    });
  });

  test('the Post Ad menu opens from the keyboard, also when Enter comes before its code', async () => {
    await withPage(async ({ page, pageErrors }) => {
      await page.goto('/about');
      const postAd = page.getByRole('banner').getByRole('button', { name: 'Post Ad' });
      await postAd.waitFor();
      // Focus and Enter in one go: the menu opens once its code is there, with the focus inside it.
      await postAd.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.waitFor();
      await menu.getByRole('menuitem', { name: 'Post a Listing' }).waitFor();
      expect(await page.evaluate(() => document.activeElement?.closest('[role="menu"]') !== null)).toBe(true);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      // Escape gives the focus back to the (loaded) Post Ad button; ArrowDown opens it again.
      expect(await page.evaluate(() => document.activeElement?.textContent?.includes('Post Ad'))).toBe(true);
      await page.keyboard.press('ArrowDown');
      await page.getByRole('menuitem', { name: 'Post an Event' }).waitFor();
      expect(pageErrors).toEqual([]);
    });
  });
});
