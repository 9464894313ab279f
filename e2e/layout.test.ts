import { withPage } from './support/browser.ts';

/**
 * Pages do not jump while they load: the cumulative layout shift stays in Core Web Vitals' "good" range (≤ 0.1), on a
 * phone and on a desktop. A page comes from a remote after the shell has started, so two rules keep things still:
 * - home: until all of its first screen is there, the shell shows one placeholder as tall as the screen (Lighthouse
 *   mobile measured 0.17 before: the sections below the hero moved when it replaced its shorter skeleton);
 * - every page: the main area is at least as tall as the screen, so the footer starts below the fold and never moves
 *   on screen, whether the page is longer than its skeleton or shorter (before: 0.38 on /listings, 0.12–0.23 on short
 *   pages, the footer pushed down or pulled up).
 * A layout property, not a timing: the shifts are read from Chromium's layout-shift entries once the page is idle.
 */
const GOOD_CLS = 0.1;

interface Shift {
  value: number;
  sources: string[];
}

const VIEWPORTS = [
  ['a phone', { width: 412, height: 823 }],
  ['a desktop', { width: 1280, height: 900 }],
] as const;

/** Long and short pages of every remote and of the shell; the forum's service does not exist yet (its error state). */
const PAGES = ['/', '/listings', '/listing/00000000-0000-4000-8000-000000000999', '/my-listings', '/forum', '/businesses', '/auth', '/about', '/no-such-page'];

describe('layout stability while a page loads', () => {
  test.each(PAGES.flatMap((path) => VIEWPORTS.map(([name, viewport]) => [path, name, viewport] as const)))(`%s on %s shifts less than ${GOOD_CLS}`, async (path, _name, viewport) => {
    await withPage(
      async ({ page }) => {
        await page.addInitScript(() => {
          const shifts: Shift[] = [];
          (window as unknown as { __shifts: Shift[] }).__shifts = shifts;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
              if (entry.hadRecentInput) continue;
              shifts.push({ value: entry.value, sources: (entry.sources ?? []).map((s) => (s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${s.node.className}` : String(s.node?.nodeName))) });
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(path, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        if (path === '/') await page.getByRole('heading', { name: 'Browse by Category' }).waitFor();
        // Two frames after the last response: every layout of the loaded page has happened.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
        const cls = shifts.reduce((sum, s) => sum + s.value, 0);
        if (cls > GOOD_CLS) throw new Error(`layout shift ${cls.toFixed(3)} > ${GOOD_CLS}:\n${shifts.map((s) => `  ${s.value.toFixed(4)} ${s.sources.join(' | ')}`).join('\n')}`);
      },
      { viewport },
    );
  });
});
