import type { Page } from 'playwright-core';
import { mainHeading, pageJavaScript, type JsFile } from '../scripts/bench/page-javascript.ts';
import { HOME_JS_BUDGET_KB, javascriptShare, OWN_CODE, OWN_CODE_BUDGET_KB, packagesIn } from '../scripts/bench/stack-share.ts';
import { withPage } from './support/browser.ts';
import { createAdmin, loginDirect, newUser, registerDirect, signIn } from './support/site.ts';

/**
 * /admin keeps to the page budget (issue 20 §7: every page, signed in or out, loads at most 190 KB gzip of
 * JavaScript): its gates load no dashboard, an admin's first view is the Advertisements list without the forms (their
 * zod schemas, Radix's dialog and select), the other tabs and the forms load on intent (mf-admin/README.md).
 */
const GUARD_KB = HOME_JS_BUDGET_KB;
const isZod = (pkg: string) => pkg === 'zod' || pkg.startsWith('@zod/');

/**
 * The page's JavaScript as the budget counts it, the header's Messages link included for a signed-in visitor (the
 * shell draws it from the registry's metadata: no remote of its own).
 */
async function adminJavaScript(page: Page, site: string, ready: (page: Page) => Promise<unknown>): Promise<JsFile[]> {
  const files = await pageJavaScript(page, `${site}/admin`, ready);
  expect(files.filter((f) => f.path.startsWith('/mf/messages/')).map((f) => f.path)).toEqual([]);
  return files;
}

function overBudget(files: JsFile[]): string | undefined {
  const total = files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
  if (total <= GUARD_KB) return undefined;
  return `/admin JavaScript ${total.toFixed(1)} KB gzip > ${GUARD_KB} KB:\n${files.map((f) => `  ${f.path} ${(f.gzip / 1024).toFixed(1)}`).join('\n')}`;
}

/** The source files of mf-admin's own code the served files at `urls` were built from (by their source maps). */
async function adminSources(urls: string[]): Promise<string[]> {
  const sources: string[] = [];
  for (const url of urls.filter((u) => new URL(u).pathname.startsWith('/mf/admin/'))) {
    const text = await (await fetch(url)).text();
    const name = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(text)?.[1];
    if (!name) throw new Error(`${url} names no source map`);
    const map = (await (await fetch(new URL(name, url))).json()) as { sources: string[] };
    sources.push(...map.sources.filter((s) => /\/src\//.test(s) && !/node_modules/.test(s)));
  }
  return sources;
}

describe('/admin JavaScript', () => {
  const admin = newUser('budgetadmin');
  let adminToken = '';

  beforeAll(async () => {
    await createAdmin(admin);
    adminToken = await loginDirect(admin);
  });

  test(`an admin's first view loads at most ${GUARD_KB} KB gzip (${OWN_CODE_BUDGET_KB} KB of our code) and no zod; Create Advertisement then loads its form, which validates`, async () => {
    await withPage(async ({ page, context, site }) => {
      await signIn(context, adminToken);
      const files = await adminJavaScript(page, site, async (p) => {
        await p.getByRole('heading', { name: 'Advertisements', level: 2 }).waitFor({ timeout: 60_000 });
        await mainHeading(p);
        await p.getByRole('link', { name: /^Messages/ }).waitFor(); // the header's link (signed in) is counted too
      });
      const problem = overBudget(files);
      if (problem) throw new Error(problem);
      const urls = files.map((f) => new URL(f.path, site).href);
      const ownKb = (await javascriptShare(urls)).gzip[OWN_CODE] / 1024;
      if (ownKb > OWN_CODE_BUDGET_KB) throw new Error(`our code on /admin ${ownKb.toFixed(1)} KB gzip > ${OWN_CODE_BUDGET_KB} KB`);
      const packages = await packagesIn(urls);
      expect(packages.has('react-dom')).toBe(true); // the source maps were read
      expect([...packages].filter(isZod)).toEqual([]);
      // The default tab's list came with the page; the forms and the other tabs did not.
      const sources = await adminSources(urls);
      expect(sources.some((s) => s.endsWith('/AdvertisementsTab.tsx'))).toBe(true);
      expect(sources.filter((s) => /\/(AdFormDialog|BusinessFormDialog|BusinessesTab|ReportsTab|ReportActionDialog|ReleasesTab|OperationsTab|OperationsChart)\.tsx$/.test(s))).toEqual([]);

      // Create Advertisement: its dialog's code comes now (on the pointer over it, or the press), with zod, and the
      // form checks an empty submit with the contracts' schema.
      const later: string[] = [];
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script' && response.ok()) later.push(response.url());
      });
      await page.getByRole('button', { name: 'Create Advertisement' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Advertisement' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Create Advertisement' }).click();
      await dialog.getByText('Title is required').waitFor();
      expect([...(await packagesIn(later))].filter(isZod)).not.toEqual([]);
    });
  });

  test.each([
    { who: 'a visitor', heading: 'Authentication Required' },
    { who: 'a member', heading: 'Access Denied' },
  ])(`$who: the gate loads at most ${GUARD_KB} KB gzip, and none of the dashboard`, async ({ who, heading }) => {
    const token = who === 'a member' ? await registerDirect(newUser('budgetmember')) : undefined;
    await withPage(async ({ page, context, site }) => {
      if (token) await signIn(context, token);
      const files = await adminJavaScript(page, site, async (p) => {
        await p.getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: 60_000 });
        await mainHeading(p);
        if (token) await p.getByRole('link', { name: /^Messages/ }).waitFor(); // the header's link is counted too
      });
      const problem = overBudget(files);
      if (problem) throw new Error(problem);
      const sources = await adminSources(files.map((f) => new URL(f.path, site).href));
      expect(sources.some((s) => s.endsWith('/AdminPage.tsx'))).toBe(true); // the gate's own code was measured
      expect(sources.filter((s) => /\/(AdminDashboard|AdvertisementsTab|CollectionTab)\.tsx$/.test(s))).toEqual([]);
    });
  });
});
