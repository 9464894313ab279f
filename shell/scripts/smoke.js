/* eslint-disable no-console -- a command-line report */
/* global window, document, location, localStorage -- functions passed to page.evaluate run in the browser */
// Browser smoke test of the production builds (npm run build:web first): serves them like the gateway
// (scripts/preview.js), drives headless Chromium with puppeteer-core, answers /api/* with fixtures, and checks the
// spec's behaviour of the shell and mf-listings, axe-core (no serious or critical violation), console errors, and the
// gzip size of what the home page loads. Usage: npm run smoke -w shell   (CHROMIUM=/path/to/chromium)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import puppeteer from 'puppeteer-core';

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.SMOKE_PORT ?? 4180);
const BASE = `http://127.0.0.1:${PORT}`;
const CHROMIUM = process.env.CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const USER = {
  id: '3f2b8c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f',
  username: 'priya',
  email: 'priya@example.com',
  firstName: 'Priya',
  lastName: 'Patel',
  profileImageUrl: null,
  isAdmin: false,
  termsAccepted: true,
  termsAcceptedAt: '2025-11-03T10:00:00.000Z',
  createdAt: '2025-11-03T10:00:00.000Z',
  updatedAt: '2025-11-03T10:00:00.000Z',
};
const hoursAgo = (h) => new Date(Date.now() - h * 3600_000).toISOString();
const LISTINGS = [
  ['Room for rent near Mechanicsburg', 'Home Rentals', 650, 'Mechanicsburg PA', 'gold', USER.id],
  ['Honda Civic 2016, one owner', 'Buy & Sell', 9800, 'Harrisburg PA', 'platinum', 'aaaaaaaa-1111-4111-8111-111111111111'],
  ['Diwali Mela at the community hall', 'Events', 0, 'Camp Hill PA', 'silver', USER.id],
  ['Math tutor for middle school', 'Services', 40, 'Carlisle PA', 'free', 'aaaaaaaa-1111-4111-8111-111111111111'],
  ['Software engineer, hybrid', 'Jobs', 0, 'Harrisburg PA', 'free', 'aaaaaaaa-1111-4111-8111-111111111111'],
  ['Townhouse for sale, 3 bedrooms', 'Real Estate', 289000, 'Enola PA', 'free', 'aaaaaaaa-1111-4111-8111-111111111111'],
  ['Study table and chair', 'Buy & Sell', 45, 'Camp Hill PA', 'free', USER.id],
].map(([title, category, price, location, tier, userId], i) => ({
  id: `00000000-0000-4000-8000-00000000000${i + 1}`,
  userId,
  category,
  title,
  description: `${title}. Contact for details; serious enquiries only, please.`,
  price,
  location,
  imageUrls: [],
  contactPhone: i % 2 ? '717-555-0134' : null,
  contactEmail: i % 3 ? 'seller@example.com' : null,
  tier,
  status: 'active',
  eventDate: category === 'Events' ? '2026-11-08' : null,
  eventTime: category === 'Events' ? '6:00 PM' : null,
  venue: category === 'Events' ? 'Camp Hill Community Hall' : null,
  organizer: null,
  eventType: category === 'Events' ? 'Cultural' : null,
  createdAt: hoursAgo(i * 5 + 1),
  updatedAt: hoursAgo(i * 5 + 1),
}));

const results = [];
const check = (name, ok, detail = '') => {
  results.push({ name, ok });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` — ${detail}` : ''}`);
};

/** A page whose /api/* calls are answered by `api(method, path, body)` → [status, body]. */
async function openPage(browser, { api, viewport = { width: 1280, height: 900 }, theme } = {}) {
  const page = await browser.newPage();
  await page.setViewport(viewport);
  if (theme) await page.evaluateOnNewDocument((t) => localStorage.setItem('theme', t), theme);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return request.continue();
    const [status, body] = (api ?? defaultApi)(request.method(), url.pathname, request.postData());
    return request.respond({ status, contentType: 'application/json', body: typeof body === 'string' ? body : JSON.stringify(body) });
  });
  return { page, errors };
}

function defaultApi(method, p) {
  if (p === '/api/auth/user') return [401, { error: 'Authentication required' }];
  if (p === '/api/listings') return [200, LISTINGS];
  if (p === '/api/forum/posts' || p === '/api/businesses') return [200, []];
  const one = /^\/api\/listings\/(.+)$/.exec(p);
  if (one) {
    const found = LISTINGS.find((l) => l.id === one[1]);
    return found ? [200, found] : [404, { error: 'Listing not found' }];
  }
  return [404, { error: 'Not found' }];
}
const loggedInApi = (method, p, body) => (p === '/api/auth/user' ? [200, USER] : defaultApi(method, p, body));

async function axe(page, name) {
  await page.evaluate(AXE);
  const { violations } = await page.evaluate(async () => window.axe.run(document, { resultTypes: ['violations'] }));
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  check(`axe: ${name}`, bad.length === 0, bad.map((v) => `${v.id} (${v.nodes.length}): ${v.nodes[0]?.target}`).join('; '));
}

const text = (page) => page.evaluate(() => document.body.innerText);
const waitText = (page, t, timeout = 8000) => page.waitForFunction((s) => document.body.innerText.includes(s), { timeout }, t).then(() => true, () => false);
const toasts = (page) => page.$$eval('[role="region"] li, ol li[data-state]', (els) => els.filter((e) => e.getAttribute('data-state') === 'open').map((e) => e.innerText));

async function main() {
  if (!CHROMIUM) throw new Error('No Chromium found: set CHROMIUM');
  if (!existsSync(path.join(root, 'shell/dist/index.html'))) throw new Error('Run npm run build:web first');
  const offlineRegistry = path.join(tmpdir(), 'smoke-offline-registry.json');
  writeFileSync(offlineRegistry, JSON.stringify({ remotes: [{ name: 'mf_listings', entry: '/mf/nowhere/mf-manifest.json' }] }));

  const server = spawn(process.execPath, [path.join(root, 'shell/scripts/preview.js'), String(PORT)], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, GATEWAY_URL: 'http://127.0.0.1:9' } });
  await new Promise((resolve) => server.stdout.once('data', resolve));
  const offline = spawn(process.execPath, [path.join(root, 'shell/scripts/preview.js'), String(PORT + 1)], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, PREVIEW_REGISTRY: offlineRegistry } });
  await new Promise((resolve) => offline.stdout.once('data', resolve));
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });

  try {
    // Home: widgets from the remote, shell defaults, theme, size.
    {
      const { page, errors } = await openPage(browser);
      const loaded = [];
      page.on('response', (r) => loaded.push(new URL(r.url()).pathname));
      await page.goto(BASE, { waitUntil: 'networkidle0' });
      const body = await text(page);
      check('home: hero from mf-listings', body.includes('Your Desi Community in'));
      check('home: hero stats', body.includes('500+') && body.includes('2K+') && body.includes('cities'));
      check('home: browse by category with counts', body.includes('Browse by Category') && body.includes('2 listings'));
      check('home: featured listings (silver, gold, platinum)', body.includes('Featured Listings') && body.includes('Honda Civic 2016'));
      check('home: forum section (mf-forum) with its empty state', body.includes('Community Forum') && body.includes('No Posts Yet'));
      check('home: light theme by default', (await page.evaluate(() => document.documentElement.className)) === 'light');
      check('home: no page errors', errors.length === 0, errors.join('; '));
      await axe(page, 'home (light)');
      let gzip = 0;
      for (const p of new Set(loaded)) {
        const remote = /^\/mf\/([a-z0-9_-]+)\/(.+)$/.exec(p);
        const file = remote ? path.join(root, `mf-${remote[1]}/dist`, remote[2]) : path.join(root, 'shell/dist', p === '/' ? 'index.html' : p);
        if (!p.startsWith('/api') && existsSync(file) && !p.endsWith('registry.json')) gzip += gzipSync(readFileSync(file), { level: 9 }).length;
      }
      console.log(`     home page loads ${(gzip / 1024).toFixed(1)} KB gzip (${loaded.filter((p) => /\.(js|css)$/.test(p)).length} JS/CSS files)`);

      // Hero search: navigates 800 ms after the last keystroke.
      await page.type('input[type="search"]', 'tutor');
      await new Promise((r) => setTimeout(r, 400));
      check('hero: no navigation before 800 ms', new URL(page.url()).pathname === '/');
      await page.waitForFunction(() => location.pathname === '/listings', { timeout: 3000 }).catch(() => undefined);
      check('hero: navigates to /listings?search=tutor', page.url().endsWith('/listings?search=tutor'));
      check('listings: filtered by the search', await waitText(page, '1 listing found'));
      await page.close();
    }

    // Dark theme applied before first paint (class set by the inline script).
    {
      const { page } = await openPage(browser, { theme: 'dark' });
      await page.goto(BASE, { waitUntil: 'domcontentloaded' });
      check('theme: saved dark applied at DOMContentLoaded', (await page.evaluate(() => document.documentElement.className)) === 'dark');
      await page.waitForNetworkIdle();
      await axe(page, 'home (dark)');
      await page.click('button[aria-label="Switch to light theme"]');
      check('theme: toggle saves light', (await page.evaluate(() => [document.documentElement.classList.contains('dark'), localStorage.getItem('theme')].join())) === 'false,light');
      await page.close();
    }

    // Listings, detail, not found, my listings.
    {
      const { page } = await openPage(browser, { api: loggedInApi });
      await page.goto(`${BASE}/listings?category=Buy%20%26%20Sell`, { waitUntil: 'networkidle0' });
      check('listings: category from the query', await waitText(page, '2 listings found'));
      check('listings: category disclaimer', (await text(page)).includes('We do not verify sellers or items'));
      await axe(page, '/listings');
      await page.goto(`${BASE}/listing/${LISTINGS[2].id}`, { waitUntil: 'networkidle0' });
      const detail = await text(page);
      check('detail: event details in long US date', detail.includes('Event Details') && detail.includes('November 8, 2026'));
      check('detail: contact card', detail.includes('Contact Seller'));
      check('detail: page title', (await page.title()).startsWith('Diwali Mela'));
      await axe(page, '/listing/:id');
      await page.goto(`${BASE}/listing/00000000-0000-4000-8000-000000000999`, { waitUntil: 'networkidle0' });
      check('detail: Listing Not Found with Back to Home', (await waitText(page, 'Listing Not Found')) && (await text(page)).includes('Back to Home'));
      await page.goto(`${BASE}/my-listings`, { waitUntil: 'networkidle0' });
      const mine = await text(page);
      check('my listings: own listings and counters', mine.includes('Total Listings') && mine.includes('Room for rent near Mechanicsburg') && !mine.includes('Honda Civic'));
      check('header: My Listings shown when logged in', await page.$$eval('nav[aria-label="Main"] a', (as) => as.some((a) => a.textContent === 'My Listings')));
      await axe(page, '/my-listings');
      await page.close();
    }
    {
      const { page } = await openPage(browser);
      await page.goto(`${BASE}/my-listings`, { waitUntil: 'networkidle0' });
      check('my listings: Please Log In when logged out', await waitText(page, 'Please Log In'));
      await page.goto(`${BASE}/no/such/page`, { waitUntil: 'networkidle0' });
      check('404 Page Not Found', await waitText(page, '404 Page Not Found'));
      await axe(page, '404');
      await page.close();
    }

    // Post Ad: login gate when logged out.
    {
      const { page } = await openPage(browser);
      await page.goto(BASE, { waitUntil: 'networkidle0' });
      await page.click('header button ::-p-text(Post Ad)');
      await page.click('[role="menuitem"] ::-p-text(Post a Listing)');
      check('post ad: login gate', await waitText(page, 'You need to be logged in to post an ad'));
      await page.click('[role="dialog"] button ::-p-text(Login to Continue)');
      await page.waitForFunction(() => location.pathname === '/auth', { timeout: 3000 }).catch(() => undefined);
      check('post ad: Login to Continue → /auth', new URL(page.url()).pathname === '/auth');
      await page.close();
    }

    // Auth: login failure (401), register conflict, one toast at a time, validation.
    {
      const api = (method, p, body) => {
        if (p === '/api/local-login') return [401, { error: 'Invalid username or password' }];
        if (p === '/api/register') return [409, JSON.parse(body ?? '{}').username === 'taken' ? { error: 'Username already exists', code: 'username_taken' } : { error: 'Email already registered', code: 'email_taken' }];
        return defaultApi(method, p, body);
      };
      const { page } = await openPage(browser, { api });
      await page.goto(`${BASE}/auth`, { waitUntil: 'networkidle0' });
      await axe(page, '/auth');
      await page.type('input[autocomplete="username"]', 'priya');
      await page.type('input[autocomplete="current-password"]', 'wrong-password');
      await page.click('form button[type="submit"]');
      check('login: 401 → "Invalid username or password"', await waitText(page, 'Invalid username or password'));
      await page.click('[role="tab"] ::-p-text(Register)');
      await page.click('[role="tabpanel"] button[type="submit"]');
      check('register: terms and password rules from the contracts', (await waitText(page, 'You must accept the Terms & Conditions to create an account')) && (await text(page)).includes('Password is required'));
      const panel = '[role="tabpanel"][data-state="active"]';
      await page.type(`${panel} input[autocomplete="username"]`, 'taken');
      const short = await page.$$(`${panel} input[autocomplete="new-password"]`);
      await short[0].type('abc');
      await page.click(`${panel} button[type="submit"]`);
      check('register: password minimum 6', await waitText(page, 'Password must be at least 6 characters'));
      await short[0].click({ count: 3 });
      await page.keyboard.press('Backspace');
      const pw = await page.$$(`${panel} input[autocomplete="new-password"]`);
      await pw[0].type('secret1');
      await pw[1].type('secret2');
      await page.click(`${panel} button[role="checkbox"]`);
      await page.click(`${panel} button[type="submit"]`);
      check('register: Passwords do not match', await waitText(page, 'Passwords do not match'));
      await pw[1].click({ count: 3 });
      await pw[1].type('secret1');
      await page.click(`${panel} button[type="submit"]`);
      check('register: 409 username → taken message', await waitText(page, 'This username is already taken. Please choose another.'));
      const open = await toasts(page);
      check('toasts: at most one at a time', open.length === 1, JSON.stringify(open));
      await page.close();
    }

    // Reset password without token: Invalid Link, then /forgot-password after 3 s.
    {
      const { page } = await openPage(browser);
      await page.goto(`${BASE}/reset-password`, { waitUntil: 'networkidle0' });
      check('reset: Invalid Link toast', await waitText(page, 'This password reset link is invalid or expired.'));
      await page.waitForFunction(() => location.pathname === '/forgot-password', { timeout: 5000 }).catch(() => undefined);
      check('reset: redirect to /forgot-password', new URL(page.url()).pathname === '/forgot-password');
      await axe(page, '/forgot-password');
      await page.close();
    }

    // Contact: rules, success state, Send Another Message.
    {
      const api = (method, p, body) => (p === '/api/contact' ? [201, { id: 'x' }] : defaultApi(method, p, body));
      const { page } = await openPage(browser, { api });
      await page.goto(`${BASE}/contact`, { waitUntil: 'networkidle0' });
      await axe(page, '/contact');
      await page.click('form button[type="submit"]');
      check('contact: validation messages', (await waitText(page, 'Name must be at least 2 characters')) && (await text(page)).includes('Message must be at least 10 characters'));
      await page.type('input[autocomplete="name"]', 'Anil');
      await page.type('input[autocomplete="email"]', 'anil@example.com');
      await page.type('textarea', 'Hello, I would like to advertise.');
      await page.click('form button[type="submit"]');
      check('contact: success state', await waitText(page, 'Send Another Message'));
      check('contact: toast', (await text(page)).includes("We'll get back to you within 24-48 hours."));
      await page.close();
    }

    // About, Terms.
    {
      const { page } = await openPage(browser);
      await page.goto(`${BASE}/terms`, { waitUntil: 'networkidle0' });
      check('terms: 15 sections, November 3, 2025', (await page.$$eval('article ol > li', (l) => l.length)) === 15 && (await text(page)).includes('November 3, 2025'));
      await axe(page, '/terms');
      await page.goto(`${BASE}/about`, { waitUntil: 'networkidle0' });
      await axe(page, '/about');
      await page.close();
    }

    // Mobile: bottom bar, menu shows Admin to everyone.
    {
      const { page } = await openPage(browser, { viewport: { width: 390, height: 844, isMobile: true, hasTouch: true } });
      await page.goto(BASE, { waitUntil: 'networkidle0' });
      check('mobile: bottom bar', await page.$$eval('nav[aria-label="Mobile"] a', (as) => as.map((a) => a.textContent.trim()).join(',') === 'Home,Browse,Forum,Contact'));
      await page.click('button[aria-label="Open menu"]');
      check('mobile: menu shows Admin to everyone', await waitText(page, 'Admin'));
      await axe(page, 'mobile menu');
      await page.close();
    }

    // A remote that is down: the rest of the site works, its area says so.
    {
      const { page, errors } = await openPage(browser);
      await page.goto(`http://127.0.0.1:${PORT + 1}/`, { waitUntil: 'networkidle0' });
      check('offline remote: home renders with a notice', (await waitText(page, 'Some sections of this page could not be loaded')) && (await text(page)).includes('Stay in the Loop'));
      check('offline remote: no uncaught page error', errors.length === 0, errors.join('; '));
      await page.goto(`http://127.0.0.1:${PORT + 1}/listings`, { waitUntil: 'networkidle0' });
      check('offline remote: its page says unavailable, chrome intact', (await waitText(page, 'This page is temporarily unavailable')) && (await text(page)).includes('Yellow Pages'));
      await page.goto(`http://127.0.0.1:${PORT + 1}/contact`, { waitUntil: 'networkidle0' });
      check('offline remote: shell pages work', await waitText(page, 'Frequently Asked Questions'));
      await page.close();
    }
  } finally {
    await browser.close();
    server.kill();
    offline.kill();
  }
  const failed = results.filter((r) => !r.ok).length;
  console.log(`${results.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
