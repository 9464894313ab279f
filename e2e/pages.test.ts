import type { Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { SAMPLE_SITE_SETTINGS } from '@cp/contracts/site-settings';
import { mailbox } from '../infra/src/mailbox.ts';
import { describeViolations, seriousAxeViolations, withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { scrollThroughPage } from './support/site.ts';

const NOT_FOUND = '404 Page Not Found';
const UNAVAILABLE = 'This page is temporarily unavailable';

/** Waits for the screen's heading (remote screens load their code first). */
async function heading(page: Page, name: string | RegExp): Promise<void> {
  await page.getByRole('heading', typeof name === 'string' ? { name, exact: true } : { name }).first().waitFor();
}

/** Waits until the route's data requests have settled and no section is still loading. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
}

interface Screen {
  name: string;
  path: string;
  /** The heading the screen shows when it is ready (a string: exact name). */
  heading: string | RegExp;
  prepare?: (page: Page) => Promise<void>;
}

/** Every screen of issue 3 (spec §2), as a visitor who is not logged in sees it. */
const SCREENS: Screen[] = [
  { name: 'home', path: '/', heading: /Your Desi Community in/ },
  { name: 'auth (login tab)', path: '/auth', heading: 'Welcome' },
  {
    name: 'auth (register tab)',
    path: '/auth',
    heading: 'Welcome',
    prepare: async (page) => {
      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByRole('button', { name: 'Create Account' }).waitFor();
    },
  },
  { name: 'forgot password', path: '/forgot-password', heading: 'Forgot Password' },
  { name: 'reset password', path: '/reset-password?token=x', heading: 'Reset Password' },
  { name: 'contact', path: '/contact', heading: 'Contact Us' },
  { name: 'about', path: '/about', heading: /^About / },
  { name: 'terms', path: '/terms', heading: 'Terms & Conditions' },
  { name: '404', path: '/no/such/page', heading: NOT_FOUND },
  { name: 'admin gate', path: '/admin', heading: 'Authentication Required' },
  { name: 'listings', path: '/listings', heading: 'Browse Listings' },
  { name: 'forum', path: '/forum', heading: 'Community Forum' },
  { name: 'businesses', path: '/businesses', heading: 'Business Directory' },
  { name: 'yellow pages', path: '/yellow-pages', heading: 'Yellow Pages' },
];

describe('screens of issue 3', () => {
  test('an unknown path shows the page titled "404 Page Not Found" inside the chrome', async () => {
    await withPage(async ({ page }) => {
      await page.goto('/this/page/does-not-exist');
      await heading(page, NOT_FOUND);
      expect(await page.locator('h1').innerText()).toBe(NOT_FOUND);
      expect(await page.title()).toMatch(/^404 Page Not Found/);
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forum' }).waitFor();
      await page.getByRole('link', { name: 'Back to Home' }).click();
      await page.waitForURL((url) => url.pathname === '/');
    });
  });

  test.each(SCREENS)('axe-core: no serious or critical violation on $name ($path), light and dark', async (screen) => {
    await withPage(async ({ page, pageErrors }) => {
      for (const theme of ['light', 'dark'] as const) {
        await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
        await page.goto(screen.path);
        await heading(page, screen.heading);
        expect(await page.getByRole('heading', { name: UNAVAILABLE }).count()).toBe(0);
        await screen.prepare?.(page);
        await settled(page);
        expect(await page.evaluate(() => document.documentElement.className)).toBe(theme);
        const violations = await seriousAxeViolations(page);
        expect(describeViolations(violations)).toBe('');
      }
      expect(pageErrors).toEqual([]);
    });
  });

  test('terms: 15 sections, last updated November 3, 2025; mobile: bottom bar Home, Browse, Forum, Contact', async () => {
    await withPage(
      async ({ page }) => {
        await page.goto('/terms');
        await heading(page, 'Terms & Conditions');
        expect(await page.locator('article ol > li').count()).toBe(15);
        await page.getByText('November 3, 2025').first().waitFor();
        const bar = page.getByRole('navigation', { name: 'Mobile' });
        expect((await bar.getByRole('link').allInnerTexts()).map((t) => t.trim())).toEqual(['Home', 'Browse', 'Forum', 'Contact']);
        const violations = await seriousAxeViolations(page);
        expect(describeViolations(violations)).toBe('');
      },
      { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    );
  });

  test('site settings: the page carries the gateway\'s (development: the marked samples); /about, the header and the home contact block show them', async () => {
    await withPage(async ({ page, pageErrors }) => {
      const policyViolations: string[] = [];
      page.on('console', (m) => {
        if (/Content.Security.Policy/i.test(m.text())) policyViolations.push(m.text());
      });
      await page.goto('/about');
      await heading(page, 'Meet the Founder');
      // written into the page by the gateway (not the shell's fallback), and never executed
      const block = await page.locator('head script#site-settings').evaluate((el) => ({ type: el.getAttribute('type'), text: el.textContent ?? '' }));
      expect(block.type).toBe('application/json');
      expect(JSON.parse(block.text)).toEqual(SAMPLE_SITE_SETTINGS);
      const { founder } = SAMPLE_SITE_SETTINGS;
      for (const text of [founder.name, founder.title, ...founder.bio]) await page.getByText(text, { exact: true }).waitFor();
      expect(await page.getByRole('link', { name: /Join WhatsApp/ }).first().getAttribute('href')).toBe(SAMPLE_SITE_SETTINGS.whatsappGroupUrl);

      await page.goto('/');
      await heading(page, /Your Desi Community in/);
      await scrollThroughPage(page);
      const contact = page.locator('section', { has: page.getByRole('heading', { name: 'Get in Touch' }) });
      await contact.getByText(SAMPLE_SITE_SETTINGS.contactPhone, { exact: true }).waitFor();
      expect(await contact.getByRole('link', { name: SAMPLE_SITE_SETTINGS.contactEmail }).getAttribute('href')).toBe(`mailto:${SAMPLE_SITE_SETTINGS.contactEmail}`);
      expect(policyViolations).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });

  test('contact: validation messages, the real message reaches the operators\' inbox, success state, Send Another Message', async () => {
    const token = randomBytes(6).toString('hex');
    await withPage(async ({ page }) => {
      await page.goto('/contact');
      const form = page.locator('form');
      await form.getByRole('button', { name: /Send/ }).click();
      await page.getByText('Name must be at least 2 characters').waitFor();
      await page.getByText('Message must be at least 10 characters').waitFor();
      await form.getByLabel('Name').fill('Anil');
      await form.getByLabel('Email').fill('anil@example.com');
      await form.getByLabel('Message').fill(`Hello, I would like to advertise (${token}).`);
      await form.getByRole('button', { name: /Send/ }).click();
      await page.getByRole('button', { name: 'Send Another Message' }).waitFor();
      await page.getByText("We'll get back to you within 24-48 hours.").first().waitFor();
      expect(describeViolations(await seriousAxeViolations(page))).toBe('');
      const mail = await mailbox(e2eEnv().infra).waitFor('support@centralpadesi.local', (m) => m.text.includes(token), 30_000);
      expect(mail.text).toContain('From: Anil <anil@example.com>');
      await page.getByRole('button', { name: 'Send Another Message' }).click();
      await form.getByLabel('Name').waitFor();
    });
  });
});
