import type { Page } from 'playwright-core';
import { mainHeading, pageJavaScript, type JsFile } from '../scripts/bench/page-javascript.ts';
import { HOME_JS_BUDGET_KB, javascriptShare, OWN_CODE, OWN_CODE_BUDGET_KB, packagesIn, sourcesIn } from '../scripts/bench/stack-share.ts';
import { withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { createAdmin, createDirect, loginDirect, newUser, openConversationDirect, registerDirect, signIn } from './support/site.ts';

/**
 * Issue 20 §7 on the content pages beside home: every page loads at most HOME_JS_BUDGET_KB gzip of JavaScript, of
 * which at most OWN_CODE_BUDGET_KB is our own code (stack-share.ts: all but the required stack), signed out and signed in (a member who owns the listing shown, so the owner's controls are on /my-listings and the listing's
 * page), and none of them loads a validation library. What only a click needs — a dialog, a form and its zod schemas,
 * a confirmation — comes on intent (the remotes' READMEs say how), and so do the shell's forms' schemas (login,
 * register, contact); the Yellow Pages' tree is a plain value of the contracts (yellow-pages-values.ts), not a
 * neighbour of the schemas. Signed in, the header's Messages link is counted too: the shell draws it from the
 * registry's metadata, with no remote of its own. Sizes, not timings: the same build always gives the same figures.
 */
const owner = newUser('pagebudget');
let ownerToken = '';
let adminToken = '';
const ids = { listing: '', business: '', post: '', conversation: '' };

beforeAll(async () => {
  const { serviceUrls } = e2eEnv();
  ownerToken = await registerDirect(owner);
  ids.listing = await createDirect(`${serviceUrls.listings}/api/listings`, ownerToken, {
    title: 'Page budget test study table',
    category: 'Buy & Sell',
    description: 'A sturdy study table with two drawers. Pick up in Camp Hill, message for details.',
    location: 'Camp Hill PA',
    price: 40,
    tier: 'free',
  });
  // A neighbour asks the owner about the listing: the owner's conversation page, with its Block user confirmation.
  ids.conversation = await openConversationDirect(await registerDirect(newUser('pagebudgetbuyer')), ids.listing, 'Hello! Is the study table still available?');
  ids.post = await createDirect(`${serviceUrls.forum}/api/forum/posts`, ownerToken, { category: 'General', title: 'Page budget test: a quiet park for a morning walk?', content: 'Looking for a quiet park near Camp Hill for morning walks, any suggestions?' });
  const admin = newUser('pagebudgetadmin');
  await createAdmin(admin);
  adminToken = await loginDirect(admin);
  ids.business = await createDirect(`${serviceUrls.directory}/api/admin/businesses`, adminToken, {
    name: 'Page Budget Meals',
    mainCategory: 'Food & Dining',
    subCategory: 'Food Delivery',
    description: 'Home-style meals delivered weekly.',
    address: '3 Market St, Camp Hill, PA',
    phone: '(717) 555-0142',
  });
});

// Other files count listings and businesses: these go again (a forum post cannot be deleted).
afterAll(async () => {
  const { serviceUrls } = e2eEnv();
  const remove = (url: string, token: string) => fetch(url, { method: 'DELETE', headers: { cookie: `cp_session=${token}` }, signal: AbortSignal.timeout(15_000) }).catch(() => undefined);
  if (ids.listing) await remove(`${serviceUrls.listings}/api/listings/${ids.listing}`, ownerToken);
  if (ids.business) await remove(`${serviceUrls.directory}/api/admin/businesses/${ids.business}`, adminToken);
});

const PAGES: Array<[string, () => string]> = [
  ['/yellow-pages', () => '/yellow-pages'],
  ['/my-listings', () => '/my-listings'],
  ['/listings', () => '/listings'],
  ['/businesses', () => '/businesses'],
  ['/listing/:id', () => `/listing/${ids.listing}`],
  ['/business/:id', () => `/business/${ids.business}`],
  ['/forum/post/:id', () => `/forum/post/${ids.post}`],
  ['/search', () => '/search?q=tiffin'],
  ['/forum', () => '/forum'],
  ['/about', () => '/about'],
  ['/terms', () => '/terms'],
  ['/contact', () => '/contact'],
];
/**
 * Pages of one state only: the login page, and a signed-in person's own pages (their inbox and a conversation). A link shared into a chat is opened in
 * either state, so the other state is measured too where it shows something else: /messages signed out shows the login
 * page inside the messages remote's route, and /auth signed in sends the visitor home, having loaded the login page.
 */
const SIGNED_OUT_ONLY: Array<[string, () => string]> = [
  ['/auth', () => '/auth'],
  ['/messages (the login page)', () => '/messages'],
];
const SIGNED_IN_ONLY: Array<[string, () => string]> = [
  ['/saved', () => '/saved'],
  ['/alerts', () => '/alerts'],
  ['/messages', () => '/messages'],
  ['/messages/:id (a conversation, with Block user)', () => `/messages/${ids.conversation}`],
  ['/auth (sent home)', () => '/auth'],
];

/** The header's link is the shell's: no page but the messages remote's own loads that remote. */
function counted(path: string, files: JsFile[]): JsFile[] {
  if (!path.startsWith('/messages')) expect(files.filter((f) => f.path.startsWith('/mf/messages/')).map((f) => f.path)).toEqual([]);
  return files;
}

async function measure(page: Page, site: string, path: string, signedIn: boolean): Promise<JsFile[]> {
  return counted(
    path,
    await pageJavaScript(page, `${site}${path}`, async (p) => {
      await mainHeading(p);
      // Signed in, the session's answer is in (the account menu shows): what it brings (owner controls, the review
      // form) is asked for before the network goes idle.
      if (signedIn) await p.getByRole('button', { name: /^Account menu for/ }).waitFor({ timeout: 60_000 });
      if (signedIn) await p.getByRole('link', { name: /^Messages/ }).first().waitFor({ timeout: 60_000 });
      // My Listings' cards (with their Edit, Delete and Mark as … buttons) are there.
      if (signedIn && path === '/my-listings') await p.getByRole('link', { name: 'Page budget test study table' }).waitFor({ timeout: 60_000 });
      // The conversation is there, with its Block user button (a confirmation: its dialog's code is not).
      if (path === `/messages/${ids.conversation}`) await p.getByRole('button', { name: 'Block user' }).waitFor({ timeout: 60_000 });
    }),
  );
}

describe.each([
  ['signed out', false, [...PAGES, ...SIGNED_OUT_ONLY]],
  ['signed in (the listing and post owner)', true, [...PAGES, ...SIGNED_IN_ONLY]],
] as const)('the content pages, %s', (_state, signedIn, pages) => {
  test.each(pages)(`%s loads at most ${HOME_JS_BUDGET_KB} KB gzip of JavaScript, ${OWN_CODE_BUDGET_KB} KB of it our code, and no zod`, async (_name, pathOf) => {
    await withPage(async ({ page, context, site }) => {
      if (signedIn) await signIn(context, ownerToken);
      const path = pathOf();
      const files = await measure(page, site, path, signedIn);
      const total = files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
      const report = files.map((f) => `  ${f.path} ${(f.gzip / 1024).toFixed(1)}`).join('\n');
      if (total > HOME_JS_BUDGET_KB) throw new Error(`${path} JavaScript ${total.toFixed(1)} KB gzip > ${HOME_JS_BUDGET_KB} KB:\n${report}`);
      if (!['/about', '/terms', '/contact', '/auth'].includes(path)) expect(files.some((f) => f.path.startsWith('/mf/'))).toBe(true); // the page's own remote was measured
      const urls = files.map((f) => new URL(f.path, site).href);
      const own = (await javascriptShare(urls)).gzip[OWN_CODE] / 1024;
      if (own > OWN_CODE_BUDGET_KB) throw new Error(`${path}: our code ${own.toFixed(1)} KB gzip > ${OWN_CODE_BUDGET_KB} KB (of ${total.toFixed(1)} KB):\n${report}`);
      const packages = await packagesIn(urls);
      expect(packages.has('react-dom')).toBe(true); // the source maps were read
      expect([...packages].filter((p) => p === 'zod' || p.startsWith('@zod/'))).toEqual([]);
      // A remote's lucide icons are made by the page's one icon component, the host's (@cp/ui's createLucideIcon).
      const remoteSources = await sourcesIn(urls.filter((u) => new URL(u).pathname.startsWith('/mf/')));
      expect([...remoteSources].filter((s) => /lucide-react\/dist\/esm\/(?:Icon|createLucideIcon)\.mjs$/.test(s))).toEqual([]);
    });
  });
});
