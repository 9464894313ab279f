import { homeFirstView, mainHeading, pageJavaScript } from '../scripts/bench/page-javascript.ts';
import { HOME_JS_BUDGET_KB, javascriptShare, OWN_CODE, OWN_CODE_BUDGET_KB, packagesIn, SHARE_GROUPS } from '../scripts/bench/stack-share.ts';
import { withPage } from './support/browser.ts';
import { newUser, registerDirect, signIn } from './support/site.ts';

/**
 * A regression guard on the home page's initial JavaScript (issue 3 §7; `npm run bench` prints the figures against the
 * same budget). The required stack — react-dom, the Module Federation runtime (the shell's and the remote container's),
 * RTK + RTK Query + react-redux and react-router — takes most of the budget before any code of ours (attributed here
 * from the served source maps; shell/README.md, "Size of the home page"). This guard keeps the page as a whole, and our
 * own code in it, the part the project controls, within the budget. Sizes, not timings: the same build always gives
 * the same figures.
 */
const GUARD_KB = HOME_JS_BUDGET_KB;
const OWN_CODE_GUARD_KB = OWN_CODE_BUDGET_KB;

describe('home page JavaScript', () => {
  test(`the first view loads at most ${GUARD_KB} KB gzip (${OWN_CODE_GUARD_KB} KB of our code), from the shell and mf-listings only`, async () => {
    await withPage(async ({ page, site }) => {
      const files = await pageJavaScript(page, `${site}/`, homeFirstView);
      const total = files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
      const byOrigin = [...new Set(files.map((f) => (f.path.startsWith('/mf/') ? f.path.split('/').slice(0, 3).join('/') : 'shell')))].sort();
      expect(byOrigin).toEqual(['/mf/listings', 'shell']);
      const share = await javascriptShare(files.map((f) => new URL(f.path, site).href));
      const parts = SHARE_GROUPS.map((g) => `  ${g}: ${(share.gzip[g] / 1024).toFixed(1)}`).join('\n');
      const report = `${files.map((f) => `  ${f.path} ${(f.gzip / 1024).toFixed(1)}`).join('\n')}\nmade of:\n${parts}`;
      if (total > GUARD_KB) throw new Error(`home page JavaScript ${total.toFixed(1)} KB gzip > ${GUARD_KB} KB:\n${report}`);
      if (share.gzip[OWN_CODE] / 1024 > OWN_CODE_GUARD_KB) throw new Error(`our code on the home page ${(share.gzip[OWN_CODE] / 1024).toFixed(1)} KB gzip > ${OWN_CODE_GUARD_KB} KB:\n${report}`);
      expect(total).toBeGreaterThan(50); // the measurement saw the page's code
      // The source maps accounted for the page: every part found, and the parts add up to the files (within 5 %; each
      // part is compressed alone, which costs a little).
      for (const group of SHARE_GROUPS) expect(share.gzip[group]).toBeGreaterThan(1024);
      const partsKb = SHARE_GROUPS.reduce((sum, g) => sum + share.gzip[g], 0) / 1024;
      expect(Math.abs(partsKb - total) / total).toBeLessThan(0.05);
    });
  });
});

/**
 * Pages that only show content load no validation library: the zod schemas come with the forms that need them (Post
 * Ad, edit, New Post), not with the pages. @cp/contracts keeps its plain values (categories, locations, tiers) apart
 * from its schemas for this (listing-values.ts, forum-values.ts), so /listings' filter options, /my-listings' page and
 * /forum's category filter need no zod; the forum's New Post dialog loads on intent. The Yellow Pages' tree and its
 * selection are plain values too (yellow-pages-values.ts), so /yellow-pages loads no zod either; e2e/page-budget.test.ts
 * holds it, with the other content pages, signed out and signed in.
 */
describe('pages that only show content', () => {
  test.each(['/', '/listings', '/listing/00000000-0000-4000-8000-000000000999', '/my-listings', '/forum'])('%s loads no zod', async (path) => {
    await withPage(async ({ page, site }) => {
      const files = await pageJavaScript(page, `${site}${path}`, mainHeading);
      const packages = await packagesIn(files.map((f) => new URL(f.path, site).href));
      expect(packages.has('react-dom')).toBe(true); // the source maps were read
      expect([...packages].filter((p) => p === 'zod' || p.startsWith('@zod/'))).toEqual([]);
    });
  });
});

/** The forum's first view keeps to the page budget too (it has no section on home, so the home guard never sees it). */
describe('the forum page JavaScript', () => {
  test(`/forum loads at most ${GUARD_KB} KB gzip`, async () => {
    await withPage(async ({ page, site }) => {
      const files = await pageJavaScript(page, `${site}/forum`, mainHeading);
      const total = files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
      if (total > GUARD_KB) throw new Error(`/forum JavaScript ${total.toFixed(1)} KB gzip > ${GUARD_KB} KB:\n${files.map((f) => `  ${f.path} ${(f.gzip / 1024).toFixed(1)}`).join('\n')}`);
      expect(files.some((f) => f.path.startsWith('/mf/forum/'))).toBe(true); // the page's own remote was measured
    });
  });
});

/**
 * Signed in, a page loads more: the header's account menu and its links — mf-messages' Messages link with the unread
 * badge, on every page of a signed-in visitor. That link is data the remote declares (its metadata's `headerLinks`)
 * and the shell draws, so a signed-in page loads no remote container for its header and stays within the budget
 * (issue 20 §7). It must not bring a validation library either.
 */
describe('a signed-in visitor', () => {
  test.each(['/', '/forum'])(`%s loads at most ${GUARD_KB} KB gzip, no zod, no remote for the header's Messages link`, async (path) => {
    const token = await registerDirect(newUser('budget'));
    await withPage(async ({ page, context, site }) => {
      await signIn(context, token);
      const files = await pageJavaScript(page, `${site}${path}`, async (p) => {
        await mainHeading(p);
        await p.getByRole('link', { name: /^Messages/ }).waitFor(); // the header's link is drawn
      });
      const total = files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
      if (total > GUARD_KB) throw new Error(`${path} signed in: JavaScript ${total.toFixed(1)} KB gzip > ${GUARD_KB} KB:\n${files.map((f) => `  ${f.path} ${(f.gzip / 1024).toFixed(1)}`).join('\n')}`);
      expect(files.filter((f) => f.path.startsWith('/mf/messages/')).map((f) => f.path)).toEqual([]);
      const packages = await packagesIn(files.map((f) => new URL(f.path, site).href));
      expect(packages.has('react-dom')).toBe(true); // the source maps were read
      expect([...packages].filter((p) => p === 'zod' || p.startsWith('@zod/'))).toEqual([]);
    });
  });
});
