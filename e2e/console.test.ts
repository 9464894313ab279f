import type { Page } from 'playwright-core';
import { withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { createAdmin, loginDirect, newUser, registerDirect, scrollThroughPage, signIn } from './support/site.ts';

/**
 * Every page of the site, signed out and signed in (as an admin, who sees every page a user sees and /admin), logs
 * nothing to the browser's console as an error, throws nothing and breaks no rule of the Content-Security-Policy
 * (issue 26 §7). zod's check whether `new Function` works was one: under the site's CSP (no 'unsafe-eval') it is a
 * `script-src` violation on every page that builds a schema, so browsers run zod jitless (packages/contracts/src/zod-config.ts).
 */

interface Visit {
  name: string;
  path: () => string;
  /** What the page shows when it is ready. */
  ready: (page: Page) => Promise<void>;
  /** What a visitor does there after it is ready (opening a dialog, a tab). */
  then?: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', typeof name === 'string' ? { name, exact: true } : { name }).first().waitFor();
const text = (value: string) => (page: Page) => page.getByText(value).first().waitFor();

const run = Date.now().toString(36);
const ids = { listing: '', post: '', business: '' };
const TITLES = { listing: `Console check sofa ${run}`, post: `Console check question ${run}`, business: `Console check sweets ${run}` };
let adminToken = '';
let userToken = '';

async function create(url: string, token: string, body: unknown): Promise<string> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `cp_session=${token}` }, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
  if (res.status !== 201) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

beforeAll(async () => {
  const { serviceUrls } = e2eEnv();
  const user = newUser('console');
  const token = await registerDirect(user);
  userToken = token;
  ids.listing = await create(`${serviceUrls.listings}/api/listings`, token, {
    title: TITLES.listing,
    category: 'Buy & Sell',
    description: 'Three seater sofa, in good condition, pick up only.',
    price: 150,
    location: 'Harrisburg PA',
  });
  ids.post = await create(`${serviceUrls.forum}/api/forum/posts`, token, {
    category: 'General',
    title: TITLES.post,
    content: 'Which grocery in Mechanicsburg keeps fresh curry leaves?',
  });
  const admin = newUser('consoleadmin');
  await createAdmin(admin);
  adminToken = await loginDirect(admin);
  ids.business = await create(`${serviceUrls.directory}/api/admin/businesses`, adminToken, {
    name: TITLES.business,
    mainCategory: 'Food & Dining',
    description: 'Fresh mithai every morning.',
    address: '2 Market St, Carlisle, PA',
    phone: '717-555-0177',
    website: 'https://sweets.example.com',
  });
});

// Other files count listings and businesses: what this file made goes again (a forum post cannot be deleted).
afterAll(async () => {
  const { serviceUrls } = e2eEnv();
  const remove = (url: string, token: string) => fetch(url, { method: 'DELETE', headers: { cookie: `cp_session=${token}` }, signal: AbortSignal.timeout(15_000) });
  if (ids.listing) await remove(`${serviceUrls.listings}/api/listings/${ids.listing}`, userToken);
  if (ids.business) await remove(`${serviceUrls.directory}/api/admin/businesses/${ids.business}`, adminToken);
});

/** The Post Ad dialog's listing form (signed in) or its login prompt (signed out). */
async function openPostAd(page: Page, signedIn: boolean): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Post Ad' }).click();
  await page.getByRole('menuitem', { name: 'Post a Listing' }).click();
  const dialog = page.getByRole('dialog');
  if (signedIn) await dialog.getByRole('textbox', { name: 'Title' }).waitFor();
  else await dialog.getByText('You need to be logged in to post an ad').waitFor();
}

function visits(signedIn: boolean): Visit[] {
  return [
    { name: 'home', path: () => '/', ready: heading(/Your Desi Community in/) },
    { name: 'listings', path: () => '/listings', ready: heading('Browse Listings') },
    { name: 'a listing', path: () => `/listing/${ids.listing}`, ready: heading(TITLES.listing) },
    { name: 'post ad', path: () => '/about', ready: heading(/^About /), then: (page) => openPostAd(page, signedIn) },
    { name: 'my listings', path: () => '/my-listings', ready: signedIn ? heading('My Listings') : text('Please Log In') },
    { name: 'saved listings', path: () => '/saved', ready: signedIn ? heading('Saved Listings') : text('Please Log In') },
    { name: 'forum', path: () => '/forum', ready: heading('Community Forum') },
    { name: 'a forum post', path: () => `/forum/post/${ids.post}`, ready: heading(TITLES.post) },
    { name: 'businesses', path: () => '/businesses', ready: heading('Business Directory') },
    { name: 'a business', path: () => `/business/${ids.business}`, ready: heading(TITLES.business) },
    { name: 'yellow pages', path: () => '/yellow-pages', ready: heading('Yellow Pages') },
    { name: 'search', path: () => `/search?q=${encodeURIComponent('sofa')}`, ready: heading(/Results for/) },
    { name: 'about', path: () => '/about', ready: heading(/^About /) },
    { name: 'contact', path: () => '/contact', ready: heading('Contact Us') },
    { name: 'terms', path: () => '/terms', ready: heading('Terms & Conditions') },
    ...(signedIn
      ? // Signed in, /auth leads home.
        [{ name: 'login (signed in: home)', path: () => '/auth', ready: async (page: Page) => { await page.waitForURL((url) => url.pathname === '/'); await heading(/Your Desi Community in/)(page); } }]
      : [
          { name: 'login', path: () => '/auth', ready: heading('Welcome') },
          {
            name: 'register',
            path: () => '/auth',
            ready: heading('Welcome'),
            then: async (page: Page) => {
              await page.getByRole('tab', { name: 'Register' }).click();
              await page.getByRole('button', { name: 'Create Account' }).waitFor();
            },
          },
        ]),
    { name: 'forgot password', path: () => '/forgot-password', ready: heading('Forgot Password') },
    { name: 'reset password', path: () => '/reset-password?token=x', ready: heading('Reset Password') },
    { name: 'admin', path: () => '/admin', ready: signedIn ? (page) => page.getByRole('tab', { name: 'Advertisements' }).waitFor() : text('Authentication Required') },
    { name: '404', path: () => '/no/such/page', ready: heading('404 Page Not Found') },
  ];
}

/** Console errors, uncaught exceptions and CSP violations of the page, from before its first script on. */
async function watch(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // A missing page is a real 404 (issue 20: the renderer's status, the SPA document kept), which Chromium reports on
    // the console for the document itself; a failed load of anything else still counts.
    if (/^Failed to load resource: the server responded with a status of (404|410) /.test(m.text()) && m.location().url === page.url()) return;
    problems.push(`console error: ${m.text()} (${m.location().url}:${m.location().lineNumber})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.exposeBinding('__cpPolicyViolation', (_source, v: string) => void problems.push(`CSP violation: ${v}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __cpPolicyViolation(v: string): void }).__cpPolicyViolation;
      void report(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return problems;
}

describe.each([
  { state: 'signed out', signedIn: false },
  { state: 'signed in (admin)', signedIn: true },
])('$state', ({ signedIn }) => {
  test.each(visits(signedIn).map((v) => [v.name, v] as const))('%s: no console error, no uncaught exception, no CSP violation', async (_name, visit) => {
    await withPage(async ({ page, context }) => {
      if (signedIn) await signIn(context, adminToken);
      const problems = await watch(page);
      await page.goto(visit.path());
      await visit.ready(page);
      await scrollThroughPage(page);
      await visit.then?.(page);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });
  });
});
