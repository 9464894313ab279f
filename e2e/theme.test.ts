import type { Page } from 'playwright-core';
import { withPage } from './support/browser.ts';

interface ThemeRecord {
  /** The class of <html> at each DOM mutation batch from the moment <body> exists, so before anything can paint. */
  fromBody: string[];
  /** At DOMContentLoaded. */
  atDomContentLoaded?: { className: string };
}

/**
 * Runs in every document before its own scripts: records the class on <html> from the creation of <body> on
 * (nothing is painted before <body> exists), and at DOMContentLoaded.
 */
function recordTheme(): void {
  const w = window as unknown as { __theme: ThemeRecord };
  w.__theme = { fromBody: [] };
  const observer = new MutationObserver(() => {
    if (document.body) w.__theme.fromBody.push(document.documentElement.className);
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  document.addEventListener('DOMContentLoaded', () => {
    w.__theme.atDomContentLoaded = { className: document.documentElement.className };
    observer.disconnect();
  });
}

const themeRecord = (page: Page) => page.evaluate(() => (window as unknown as { __theme: ThemeRecord }).__theme);
const htmlClasses = (page: Page) => page.evaluate(() => [...document.documentElement.classList]);

describe('theme (spec §1: localStorage theme, class on <html>, default light, no flash)', () => {
  test('light by default; dark saved by the toggle and applied before first paint after a reload; back to light', async () => {
    await withPage(async ({ page }) => {
      await page.addInitScript(recordTheme);
      await page.goto('/');
      await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
      expect(await htmlClasses(page)).toContain('light');
      expect(await htmlClasses(page)).not.toContain('dark');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();

      await page.getByRole('button', { name: 'Switch to dark theme' }).click();
      await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
      expect(await htmlClasses(page)).toContain('dark');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');

      await page.reload({ waitUntil: 'domcontentloaded' });
      const dark = await themeRecord(page);
      expect(dark.fromBody.length).toBeGreaterThan(0);
      for (const className of dark.fromBody) expect(className.split(/\s+/)).toContain('dark');
      expect(dark.atDomContentLoaded?.className.split(/\s+/)).toContain('dark');
      await page.getByRole('button', { name: 'Switch to light theme' }).waitFor();
      expect(await htmlClasses(page)).toEqual(['dark']);

      await page.getByRole('button', { name: 'Switch to light theme' }).click();
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
      await page.reload({ waitUntil: 'domcontentloaded' });
      const light = await themeRecord(page);
      for (const className of light.fromBody) expect(className.split(/\s+/)).not.toContain('dark');
      expect(light.atDomContentLoaded?.className.split(/\s+/)).toContain('light');
    });
  });
});
