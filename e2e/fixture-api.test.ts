import type { Page, Route } from 'playwright-core';
import { describeViolations, seriousAxeViolations, withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { newUser, registerDirect, signIn } from './support/site.ts';

/**
 * Screens whose service comes with a later issue (listings): the real gateway serves the real builds and the real
 * identity answers the session, while the browser answers only `/api/listings*` with fixtures. These replace the former fixture-only smoke test (shell/scripts/smoke.js); when a service lands, its
 * fixtures here give way to real data.
 */

const OTHER_USER = 'aaaaaaaa-1111-4111-8111-111111111111';
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();

function listings(ownerId: string) {
  const rows: Array<[string, string, number, string, string, string]> = [
    ['Room for rent near Mechanicsburg', 'Home Rentals', 650, 'Mechanicsburg PA', 'gold', ownerId],
    ['Honda Civic 2016, one owner', 'Buy & Sell', 9800, 'Harrisburg PA', 'platinum', OTHER_USER],
    ['Diwali Mela at the community hall', 'Events', 0, 'Camp Hill PA', 'silver', ownerId],
    ['Math tutor for middle school', 'Services', 40, 'Carlisle PA', 'free', OTHER_USER],
    ['Software engineer, hybrid', 'Jobs', 0, 'Harrisburg PA', 'free', OTHER_USER],
    ['Townhouse for sale, 3 bedrooms', 'Real Estate', 289000, 'Enola PA', 'free', OTHER_USER],
    ['Study table and chair', 'Buy & Sell', 45, 'Camp Hill PA', 'free', ownerId],
  ];
  return rows.map(([title, category, price, location, tier, userId], i) => ({
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
}

/** Answers the listings calls in this page; everything else goes to the real gateway. */
async function fixtureApi(page: Page, ownerId = '00000000-0000-4000-8000-0000000000ff'): Promise<void> {
  const data = listings(ownerId);
  const json = (route: Route, status: number, body: unknown) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  await page.route(/\/api\/listings(\/|\?|$)/, (route) => {
    const { pathname } = new URL(route.request().url());
    if (pathname === '/api/listings') return json(route, 200, data);
    const found = data.find((l) => pathname === `/api/listings/${l.id}`);
    return found ? json(route, 200, found) : json(route, 404, { error: 'Listing not found' });
  });
}

async function expectNoSeriousViolations(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(describeViolations(await seriousAxeViolations(page))).toBe('');
}

describe('listings screens (fixture API until the listings service exists)', () => {
  test('home: hero, categories with counts, featured listings; the hero search goes to /listings?search=', async () => {
    await withPage(async ({ page, pageErrors }) => {
      await fixtureApi(page);
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
      await fixtureApi(page);
      await page.goto('/listings?category=Buy%20%26%20Sell');
      await page.getByText('2 listings found').waitFor();
      await page.getByText('We do not verify sellers or items').first().waitFor();
      await expectNoSeriousViolations(page);

      await page.goto('/listing/00000000-0000-4000-8000-000000000003');
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

  test('my listings: the real session, only the own listings; logged out: Please Log In; Post Ad asks to log in', async () => {
    const user = newUser('mine');
    const token = await registerDirect(user);
    const me = (await (await fetch(`${e2eEnv().identityUrl}/api/auth/user`, { headers: { cookie: `cp_session=${token}` } })).json()) as { id: string };
    await withPage(async ({ page, context }) => {
      await fixtureApi(page, me.id);
      await signIn(context, token);
      await page.goto('/my-listings');
      await page.getByText('Total Listings').waitFor();
      await page.getByText('Room for rent near Mechanicsburg').first().waitFor();
      expect(await page.getByText('Honda Civic 2016, one owner').count()).toBe(0);
      await expectNoSeriousViolations(page);
    });
    await withPage(async ({ page }) => {
      await fixtureApi(page);
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
