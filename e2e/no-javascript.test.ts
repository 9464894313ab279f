import type { Page } from 'playwright-core';
import { withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { createAdmin, createDirect, loginDirect, newUser, registerDirect } from './support/site.ts';

/**
 * Every public first view reads without JavaScript (issue 20 §1, "browser tests with JavaScript disabled"): a Chromium
 * context with `javaScriptEnabled: false` opens each page through the gateway and finds in the server-rendered DOM the
 * page's h1, the items made here (a listing with two photos, a second listing in another category, a forum post with a
 * photo, a business with a logo) as links to their pages that lead there, every image with `width` and `height` (no
 * layout shift while the files arrive), and the real status: 404 with the not-found page for an unknown path, 410 for a
 * deleted listing. No page script runs, so nothing asks the API: what is on screen came with the document.
 */

const run = Date.now().toString(36);
const word = `nojs${run}`;
const TITLES = {
  listing: `Teak dining table ${word}`,
  other: `Tiffin service ${word}`,
  gone: `Sold bicycle ${word}`,
  post: `Best place for dosa batter ${word}`,
  business: `Kesar Sweets ${word}`,
};
const ids = { listing: '', other: '', gone: '', post: '', business: '' };
let images: string[] = [];
let userToken = '';
let adminToken = '';

const remove = (url: string, token: string) => fetch(url, { method: 'DELETE', headers: { cookie: `cp_session=${token}` }, signal: AbortSignal.timeout(15_000) });

/** Photos through the listings service's upload pipeline (re-encoded, stored in S3, served at /uploads). */
async function upload(token: string, count: number): Promise<string[]> {
  const { default: sharp } = await import('sharp');
  const form = new FormData();
  for (let i = 0; i < count; i++) {
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 180, g: 90 + i * 40, b: 40 } } }).png().toBuffer();
    form.append('images', new Blob([new Uint8Array(png)], { type: 'image/png' }), `photo-${i}.png`);
  }
  const res = await fetch(`${e2eEnv().serviceUrls.listings}/api/upload`, { method: 'POST', body: form, headers: { cookie: `cp_session=${token}` }, signal: AbortSignal.timeout(30_000) });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { urls: string[] }).urls;
}

beforeAll(async () => {
  const { serviceUrls, site } = e2eEnv();
  userToken = await registerDirect(newUser('nojs'));
  images = await upload(userToken, 3);
  const listing = { description: 'Solid teak, seats six, pick up in Camp Hill.', location: 'Camp Hill PA', contactPhone: '717-555-0142' };
  ids.listing = await createDirect(`${serviceUrls.listings}/api/listings`, userToken, { ...listing, title: TITLES.listing, category: 'Buy & Sell', price: 420, tier: 'platinum', imageUrls: images.slice(0, 2) });
  ids.other = await createDirect(`${serviceUrls.listings}/api/listings`, userToken, { ...listing, title: TITLES.other, category: 'Services', description: 'Home made lunch boxes delivered weekdays.' });
  ids.gone = await createDirect(`${serviceUrls.listings}/api/listings`, userToken, { ...listing, title: TITLES.gone, category: 'Buy & Sell', price: 60 });
  const deleted = await remove(`${serviceUrls.listings}/api/listings/${ids.gone}`, userToken);
  if (deleted.status !== 204 && deleted.status !== 200) throw new Error(`delete listing: ${deleted.status}`);
  ids.post = await createDirect(`${serviceUrls.forum}/api/forum/posts`, userToken, {
    category: 'General',
    title: TITLES.post,
    content: 'Which store in Mechanicsburg sells fresh dosa batter on weekends?',
    imageUrl: images[2],
  });
  const admin = newUser('nojsadmin');
  await createAdmin(admin);
  adminToken = await loginDirect(admin);
  ids.business = await createDirect(`${serviceUrls.directory}/api/admin/businesses`, adminToken, {
    name: TITLES.business,
    mainCategory: 'Food & Dining',
    description: 'Fresh mithai and namkeen every morning.',
    address: '12 Market St, Carlisle, PA',
    phone: '717-555-0188',
    // An absolute URL, as admins enter logos: here a stored image of this site.
    logoUrl: `${site}${images[0]}`,
  });
  // The search index (the listings pages, /search) follows the services' events: in before any page is asked for, so
  // no page is rendered (and kept by the gateway) without them.
  const indexed = async () => {
    const res = await fetch(`${serviceUrls.search}/api/search?q=${encodeURIComponent(word)}`, { signal: AbortSignal.timeout(15_000) });
    const text = res.ok ? await res.text() : '';
    return [TITLES.listing, TITLES.other, TITLES.post, TITLES.business].every((t) => text.includes(t));
  };
  for (const deadline = Date.now() + 30_000; !(await indexed()); ) {
    if (Date.now() > deadline) throw new Error('the search service did not index the test data within 30 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}, 90_000);

// Other files count a category's listings and the directory's businesses: what this file made goes again (a forum
// post cannot be deleted).
afterAll(async () => {
  const { serviceUrls } = e2eEnv();
  for (const id of [ids.listing, ids.other]) if (id) await remove(`${serviceUrls.listings}/api/listings/${id}`, userToken);
  if (ids.business) await remove(`${serviceUrls.directory}/api/admin/businesses/${ids.business}`, adminToken);
});

/**
 * Waits until the server's HTML of `path` is server-rendered with every text in its `#root`, bounded. Set-up, not the
 * behaviour under test: the home page's counts follow the services' events, and on this shared two-core machine a
 * render can miss the renderer's budget (PAGE_DATA_BUDGET_MS: the page then goes out without its body, by design).
 */
async function untilServed(path: string, texts: string[] = [], timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const html = await fetch(`${e2eEnv().site}${path}`, { signal: AbortSignal.timeout(15_000) }).then((r) => r.text());
    const root = /<div id="root">([\s\S]*)<script type="application\/json" id="cp-ssr-state">/.exec(html)?.[1];
    const missing = root === undefined ? ['(not rendered on the server)'] : texts.filter((t) => !root.includes(t));
    if (missing.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${path}: the server's HTML still lacks ${JSON.stringify(missing)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

interface Img {
  src: string;
  width: string | null;
  height: string | null;
}

interface View {
  status: number;
  h1: string;
  images: Img[];
  /** `href`s of the page's links, as written (not resolved). */
  hrefs: string[];
}

/**
 * Loads `path` with JavaScript off (or the page already there, after a click: `path` undefined) until the document came
 * rendered on the server with every text of `texts` in its `#root` (what the test goes on to check), bounded: every load
 * is a new render, and one that missed the renderer's budget on this shared machine goes out without its body, or with
 * a part whose data was late as loading (both by design; the browser would render it). Judging the first document that
 * came would judge the machine's load, not the page. Returns the last load's status.
 */
async function loadRendered(page: Page, path?: string, texts: readonly string[] = []): Promise<number> {
  const deadline = Date.now() + 30_000;
  for (let first = true; ; first = false) {
    const response = path === undefined && first ? null : path === undefined ? await page.reload() : await page.goto(path);
    const root = (await page.locator('#root').textContent()) ?? '';
    if ((await page.locator('#cp-ssr-state').count()) && texts.every((t) => root.includes(t))) return response?.status() ?? 200;
    if (Date.now() > deadline) throw new Error(`${path ?? page.url()} was not rendered on the server within 30 s`);
  }
}

/** Opens `path` with JavaScript off and reads the document as the server sent it, once it shows `texts` (loadRendered). */
async function open(page: Page, path: string, texts: readonly string[] = []): Promise<View> {
  const status = await loadRendered(page, path, texts);
  const h1 = page.locator('#root h1');
  expect(await h1.count()).toBe(1);
  return {
    status,
    h1: (await h1.innerText()).trim(),
    images: await page.locator('#root img').evaluateAll((els) => els.map((el) => ({ src: el.getAttribute('src') ?? '', width: el.getAttribute('width'), height: el.getAttribute('height') }))),
    hrefs: await page.locator('#root a[href]').evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? '')),
  };
}

/** Every image of the page has a positive whole `width` and `height`. */
function expectSized(view: View): void {
  const unsized = view.images.filter((img) => !/^[1-9]\d*$/.test(img.width ?? '') || !/^[1-9]\d*$/.test(img.height ?? ''));
  expect(unsized).toEqual([]);
}

/** The link to `href` shows `text`. */
async function expectLink(page: Page, href: string, text: string): Promise<void> {
  const link = page.locator(`#root a[href="${href}"]`).filter({ hasText: text });
  expect(await link.count()).toBeGreaterThan(0);
}

/** The page's scripts ran: the webpack runtime's chunk list or the Module Federation runtime is there. */
const scriptsRan = (page: Page) => page.evaluate(() => Object.keys(window).some((key) => key.startsWith('webpackChunk') || key === '__FEDERATION__'));

/** Runs `fn` in a context without JavaScript, and checks that no script of the page ran. */
function withoutJavaScript(fn: (page: Page) => Promise<void>): Promise<void> {
  return withPage(
    async ({ page }) => {
      await fn(page);
      expect(await scriptsRan(page)).toBe(false);
    },
    { javaScriptEnabled: false },
  );
}

const thumb = (url: string) => url.replace(/\.webp$/, '-thumb.webp');

describe('public first views with JavaScript disabled', () => {
  test('home: the hero h1, the featured listing linked with its sized photo', async () => {
    await untilServed('/', [TITLES.listing]);
    await withoutJavaScript(async (page) => {
      const view = await open(page, '/', [TITLES.listing]);
      expect(view.status).toBe(200);
      expect(view.h1).toMatch(/^Your Desi Community in\s*Central PA$/);
      await expectLink(page, `/listing/${ids.listing}`, TITLES.listing);
      expect(view.images.map((i) => i.src)).toContain(thumb(images[0]!));
      expectSized(view);
    });
  }, 120_000);

  test('/listings and a category: the cards link to their listings, sized photos; the filter holds; a card leads to its page', async () => {
    await untilServed('/listings', [TITLES.listing, TITLES.other]);
    const category = `/listings?category=${encodeURIComponent('Buy & Sell')}`;
    await untilServed(category, [TITLES.listing]);
    await withoutJavaScript(async (page) => {
      const all = await open(page, '/listings', [TITLES.listing, TITLES.other]);
      expect(all.status).toBe(200);
      expect(all.h1).toBe('Browse Listings');
      await expectLink(page, `/listing/${ids.listing}`, TITLES.listing);
      await expectLink(page, `/listing/${ids.other}`, TITLES.other);
      expect(all.images.map((i) => i.src)).toContain(thumb(images[0]!));
      expectSized(all);

      const filtered = await open(page, category, [TITLES.listing]);
      expect(filtered.status).toBe(200);
      expect(filtered.h1).toBe('Buy & Sell');
      await expectLink(page, `/listing/${ids.listing}`, TITLES.listing);
      expect(filtered.hrefs).not.toContain(`/listing/${ids.other}`);
      expectSized(filtered);

      // A plain link: without JavaScript the browser itself goes to the listing's page, rendered by the server.
      await page.locator(`#root a[href="/listing/${ids.listing}"]`).first().click();
      await page.waitForURL((url) => url.pathname === `/listing/${ids.listing}`);
      await loadRendered(page, undefined, [TITLES.listing]);
      expect((await page.locator('#root h1').innerText()).trim()).toBe(TITLES.listing);
    });
  }, 150_000);

  test('a listing: title, price, the gallery and its thumbnails sized', async () => {
    await withoutJavaScript(async (page) => {
      const view = await open(page, `/listing/${ids.listing}`, [TITLES.listing, '$420']);
      expect(view.status).toBe(200);
      expect(view.h1).toBe(TITLES.listing);
      expect(await page.locator('#root').getByText('$420').count()).toBeGreaterThan(0);
      expect(view.images.map((i) => i.src)).toEqual(expect.arrayContaining([images[0], thumb(images[0]!), thumb(images[1]!)]));
      expectSized(view);
    });
  });

  test('/forum and a post: the post linked with its sized photo; its page with the photo', async () => {
    await untilServed('/forum', [TITLES.post]);
    await withoutJavaScript(async (page) => {
      const forum = await open(page, '/forum', [TITLES.post]);
      expect(forum.status).toBe(200);
      expect(forum.h1).toBe('Community Forum');
      await expectLink(page, `/forum/post/${ids.post}`, TITLES.post);
      expect(forum.images.map((i) => i.src)).toContain(images[2]);
      expectSized(forum);

      await page.locator(`#root a[href="/forum/post/${ids.post}"]`).first().click();
      await page.waitForURL((url) => url.pathname === `/forum/post/${ids.post}`);
      const postView = await open(page, `/forum/post/${ids.post}`, [TITLES.post, 'Which store in Mechanicsburg sells fresh dosa batter']);
      expect(postView.status).toBe(200);
      expect(postView.h1).toBe(TITLES.post);
      expect(await page.locator('#root').getByText('Which store in Mechanicsburg sells fresh dosa batter').count()).toBe(1);
      expect(postView.images.map((i) => i.src)).toContain(images[2]);
      expectSized(postView);
    });
  }, 120_000);

  test('/businesses and a business: linked, with the logo sized; its page with the logo and phone', async () => {
    await untilServed('/businesses', [TITLES.business]);
    const logo = `${e2eEnv().site}${images[0]}`;
    await withoutJavaScript(async (page) => {
      const directory = await open(page, '/businesses', [TITLES.business]);
      expect(directory.status).toBe(200);
      expect(directory.h1).toBe('Business Directory');
      await expectLink(page, `/business/${ids.business}`, TITLES.business);
      expect(directory.images.map((i) => i.src)).toContain(logo);
      expectSized(directory);

      await page.locator(`#root a[href="/business/${ids.business}"]`).first().click();
      await page.waitForURL((url) => url.pathname === `/business/${ids.business}`);
      const business = await open(page, `/business/${ids.business}`, [TITLES.business]);
      expect(business.status).toBe(200);
      expect(business.h1).toBe(TITLES.business);
      expect(business.hrefs).toContain('tel:7175550188');
      expect(business.images.map((i) => i.src)).toContain(logo);
      expectSized(business);
    });
  }, 120_000);

  test('/yellow-pages: the A–Z index and the category tree', async () => {
    await withoutJavaScript(async (page) => {
      const view = await open(page, '/yellow-pages');
      expect(view.status).toBe(200);
      expect(view.h1).toBe('Yellow Pages');
      const root = page.locator('#root');
      for (const name of ['Food & Dining', 'Indian Restaurants', 'Grocery Stores']) expect(await root.getByText(name, { exact: true }).count()).toBeGreaterThan(0);
      // The letters with categories are links to their section; the others are disabled.
      const letters = page.getByRole('navigation', { name: 'Categories A to Z' });
      expect((await letters.getByRole('link').count()) + (await letters.getByRole('button').count())).toBe(26);
      expect(await letters.getByRole('link', { name: 'Categories starting with F' }).getAttribute('href')).toBe('/yellow-pages#yp-letter-F');
      expectSized(view);

      // A category is a link: without JavaScript the server renders its businesses, each linked to its page.
      await Promise.all([page.waitForURL(/mainCategory=Food/), root.getByRole('link', { name: 'Food & Dining', exact: true }).click()]);
      await loadRendered(page, undefined, [TITLES.business, 'Current Selection']);
      expect(new URL(page.url()).search).toBe('?mainCategory=Food+%26+Dining');
      await expectLink(page, `/business/${ids.business}`, TITLES.business);
      expect(await root.getByText('Current Selection').count()).toBe(1);
      // Its subcategories too; and Clear Selection is the page without one.
      await Promise.all([page.waitForURL(/subCategory=Food\+Delivery/), root.getByRole('link', { name: 'Food Delivery', exact: true }).click()]);
      await loadRendered(page, undefined, ['No businesses are listed in this category yet.']);
      expect(await root.getByText('No businesses are listed in this category yet.').count()).toBe(1);
      expect(await root.getByRole('link', { name: 'Food Delivery', exact: true }).getAttribute('aria-current')).toBe('true');
      await Promise.all([page.waitForURL((url) => url.search === ''), root.getByRole('link', { name: 'Clear Selection' }).click()]);
      await loadRendered(page, undefined, ['Yellow Pages']);
      expect(await root.getByText('Current Selection').count()).toBe(0);
    });
  });

  test('/search: a listing, a post and a business found, each linked to its page', async () => {
    const path = `/search?q=${encodeURIComponent(word)}`;
    await untilServed(path, [TITLES.listing, TITLES.post, TITLES.business]);
    await withoutJavaScript(async (page) => {
      const view = await open(page, path, [TITLES.listing, TITLES.post, TITLES.business]);
      expect(view.status).toBe(200);
      expect(view.h1).toBe(`Results for “${word}”`);
      await expectLink(page, `/listing/${ids.listing}`, TITLES.listing);
      await expectLink(page, `/forum/post/${ids.post}`, TITLES.post);
      await expectLink(page, `/business/${ids.business}`, TITLES.business);
      expect(view.hrefs).not.toContain(`/listing/${ids.gone}`);
      expectSized(view);
    });
  }, 120_000);

  test.each([
    ['/about', /^About Central PA Desi Community$/, 'Why this site exists'],
    ['/terms', /^Terms & Conditions$/, 'Last updated'],
    ['/contact', /^Contact Us$/, 'Questions, suggestions or advertising inquiries'],
  ])('%s: its h1 and text', async (path, h1, text) => {
    await withoutJavaScript(async (page) => {
      const view = await open(page, path);
      expect(view.status).toBe(200);
      expect(view.h1).toMatch(h1);
      expect(await page.locator('#root').getByText(text).count()).toBeGreaterThan(0);
      expectSized(view);
    });
  });

  test('an unknown path: 404 with the not-found page', async () => {
    await withoutJavaScript(async (page) => {
      const view = await open(page, `/no/such/page/${run}`);
      expect(view.status).toBe(404);
      expect(view.h1).toBe('404 Page Not Found');
      expect(await page.locator('#root').getByText('The page you are looking for does not exist').count()).toBe(1);
    });
  });

  test('a deleted listing: 410, nothing of it on the page', async () => {
    await withoutJavaScript(async (page) => {
      expect(await loadRendered(page, `/listing/${ids.gone}`)).toBe(410);
      expect(await page.locator('#root').getByText(TITLES.gone).count()).toBe(0);
    });
  });

  // The answer was a 410: the last server render shows it as the page does (shell/src/server.tsx renders it frozen,
  // so the hooks' starting a failed query again cannot turn it into "loading").
  test('a deleted listing: the server-rendered page says it is not found', async () => {
    await withoutJavaScript(async (page) => {
      const view = await open(page, `/listing/${ids.gone}`);
      expect(view.status).toBe(410);
      expect(view.h1).toBe('Listing Not Found');
    });
  });
});

test('the check that no script ran sees them run with JavaScript on', async () => {
  await withPage(async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('heading', { name: /^About / }).waitFor();
    await page.waitForFunction(() => Object.keys(window).some((key) => key.startsWith('webpackChunk') || key === '__FEDERATION__'));
    expect(await scriptsRan(page)).toBe(true);
  });
});
