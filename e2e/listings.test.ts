import type { Page } from 'playwright-core';
import { describeViolations, seriousAxeViolations, withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { newUser, registerDirect, signIn } from './support/site.ts';

/**
 * The listings screens (mf-listings) on real data: the listings are created through the listings service by two
 * real users (set-up), then read by the browser through the gateway. No other test file creates listings, so the
 * counts below are this file's.
 */

type Row = [title: string, category: string, price: number, location: string, tier: string, owner: 'me' | 'other'];
const ROWS: Row[] = [
  ['Room for rent near Mechanicsburg', 'Home Rentals', 650, 'Mechanicsburg PA', 'gold', 'me'],
  ['Honda Civic 2016, one owner', 'Buy & Sell', 9800, 'Harrisburg PA', 'platinum', 'other'],
  ['Diwali Mela at the community hall', 'Events', 0, 'Camp Hill PA', 'silver', 'me'],
  ['Math tutor for middle school', 'Services', 40, 'Carlisle PA', 'free', 'other'],
  ['Software engineer, hybrid', 'Jobs', 0, 'Harrisburg PA', 'free', 'other'],
  ['Townhouse for sale, 3 bedrooms', 'Real Estate', 289000, 'Enola PA', 'free', 'other'],
  ['Study table and chair', 'Buy & Sell', 45, 'Camp Hill PA', 'free', 'me'],
];

const me = newUser('seller');
const other = newUser('other');
let myToken = '';
const ids = new Map<string, string>();

/** Creates a listing through the listings service as the user of `token` (test data set-up). */
async function createListing(token: string, [title, category, price, location, tier]: Row): Promise<string> {
  const body = {
    title,
    category,
    description: `${title}. Contact for details; serious enquiries only, please.`,
    ...(price ? { price } : {}),
    location,
    tier,
    contactPhone: '717-555-0134',
    ...(category === 'Events' ? { eventDate: '2026-11-08', eventTime: '6:00 PM', venue: 'Camp Hill Community Hall', eventType: 'Cultural' } : {}),
  };
  const res = await fetch(`${e2eEnv().serviceUrls.listings}/api/listings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `cp_session=${token}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status !== 201) throw new Error(`create listing ${title}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

beforeAll(async () => {
  myToken = await registerDirect(me);
  const otherToken = await registerDirect(other);
  for (const row of ROWS) ids.set(row[0], await createListing(row[5] === 'me' ? myToken : otherToken, row));
});

async function expectNoSeriousViolations(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(describeViolations(await seriousAxeViolations(page))).toBe('');
}

describe('listings screens on real data', () => {
  test('home: hero, categories with counts, featured listings; the hero search goes to /listings?search=', async () => {
    await withPage(async ({ page, pageErrors }) => {
      await page.goto('/');
      await page.getByText('Your Desi Community in').waitFor();
      await page.getByRole('heading', { name: 'Browse by Category' }).waitFor();
      await page.getByText('2 listings').first().waitFor();
      await page.getByRole('heading', { name: 'Featured Listings' }).waitFor();
      await page.getByText('Honda Civic 2016, one owner').first().waitFor();
      await expectNoSeriousViolations(page);

      await page.getByRole('searchbox').first().fill('tutor');
      await page.waitForURL((url) => url.pathname === '/listings' && url.searchParams.get('search') === 'tutor', { timeout: 15_000 });
      await page.getByText('1 listing found').waitFor();
      await page.getByText('Math tutor for middle school').first().waitFor();
      expect(pageErrors).toEqual([]);
    });
  });

  test('listings by category, detail with event details, not found; axe on each', async () => {
    await withPage(async ({ page }) => {
      await page.goto('/listings?category=Buy%20%26%20Sell');
      await page.getByText('2 listings found').waitFor();
      await page.getByText('We do not verify sellers or items').first().waitFor();
      await expectNoSeriousViolations(page);

      await page.goto(`/listing/${ids.get('Diwali Mela at the community hall')}`);
      await page.getByRole('heading', { name: 'Diwali Mela at the community hall' }).waitFor();
      await page.getByText('Event Details').waitFor();
      await page.getByText('November 8, 2026').first().waitFor();
      await page.getByText('Contact Seller').first().waitFor();
      expect(await page.title()).toMatch(/^Diwali Mela/);
      await expectNoSeriousViolations(page);

      await page.goto('/listing/00000000-0000-4000-8000-000000000999');
      await page.getByText('Listing Not Found').first().waitFor();
      await page.getByRole('link', { name: 'Back to Home' }).first().waitFor();
    });
  });

  test('my listings: only the own listings; logged out: Please Log In; Post Ad asks to log in', async () => {
    await withPage(async ({ page, context }) => {
      await signIn(context, myToken);
      await page.goto('/my-listings');
      await page.getByText('Total Listings').waitFor();
      await page.getByText('Room for rent near Mechanicsburg').first().waitFor();
      await page.getByText('Study table and chair').first().waitFor();
      expect(await page.getByText('Honda Civic 2016, one owner').count()).toBe(0);
      await expectNoSeriousViolations(page);
    });
    await withPage(async ({ page }) => {
      await page.goto('/my-listings');
      await page.getByText('Please Log In').first().waitFor();
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Post Ad' }).click();
      await page.getByRole('menuitem', { name: 'Post a Listing' }).click();
      await page.getByRole('dialog').getByText('You need to be logged in to post an ad').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Login to Continue' }).click();
      await page.waitForURL('**/auth');
    });
  });
});
