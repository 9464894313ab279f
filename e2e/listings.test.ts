import type { Page } from 'playwright-core';
import { parseHead } from '../services/renderer/test/head-parser.ts';
import { describeViolations, seriousAxeViolations, withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { chooseOption, expectToast, gotoUntilStatus, newUser, openPostedListing, registerDirect, signIn } from './support/site.ts';

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

/** The event's date: two weeks ahead (issue 22: an event listing expires the day after its date). */
const EVENT_DATE = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
const EVENT_DATE_TEXT = new Date(`${EVENT_DATE}T12:00:00`).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

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
    ...(category === 'Events' ? { eventDate: EVENT_DATE, eventTime: '6:00 PM', venue: 'Camp Hill Community Hall', eventType: 'Cultural' } : {}),
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

  test('listings by category (the list arrives compressed), detail with event details, not found; axe on each', async () => {
    await withPage(async ({ page }) => {
      // The full list the page filters comes compressed: the gateway compresses the services' answers. (On a first
      // load the server that renders the page fetches it, issue 20; the browser fetches it on a later navigation.)
      const list = await page.request.get('/api/listings', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(list.headers()['content-encoding']).toBe('br');
      await page.goto('/listings?category=Buy%20%26%20Sell');
      await page.getByText('2 listings found').waitFor();
      await page.getByText('We do not verify sellers or items').first().waitFor();
      await expectNoSeriousViolations(page);

      await page.goto(`/listing/${ids.get('Diwali Mela at the community hall')}`);
      await page.getByRole('heading', { name: 'Diwali Mela at the community hall' }).waitFor();
      await page.getByText('Event Details').waitFor();
      await page.getByText(EVENT_DATE_TEXT).first().waitFor();
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

/** A real PNG photo-like picture (sharp renders it), as a file picked in the browser. */
async function pngFile(name: string, hue: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const { default: sharp } = await import('sharp');
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: hue, g: 120, b: 255 - hue } } }).png().toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** Issue 4's flow, last in this file (it adds a listing, which the counts above must not see). */
describe('posting an ad end to end', () => {
  const poster = newUser('poster');
  const word = `kulfi${Date.now().toString(36)}`;
  const title = `Kulfi maker ${word}`;
  let posterToken = '';
  let listingId = '';

  beforeAll(async () => {
    posterToken = await registerDirect(poster);
  });

  test('a new user posts an ad with two images: Recent Listings, its detail page and My Listings show it', async () => {
    await withPage(async ({ page, context, pageErrors }) => {
      await signIn(context, posterToken);
      await page.goto('/');
      await page.getByRole('heading', { name: 'Recent Listings' }).waitFor();
      await page.getByRole('banner').getByRole('button', { name: 'Post Ad' }).click();
      await page.getByRole('menuitem', { name: 'Post a Listing' }).click();
      const dialog = page.getByRole('dialog');
      await chooseOption(dialog, page, 'Category', 'Buy & Sell');
      await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
      await dialog.getByRole('textbox', { name: 'Description' }).fill(`Electric kulfi maker, used twice, with six moulds. ${word}`);
      await dialog.getByRole('spinbutton', { name: /Price/ }).fill('35');
      await chooseOption(dialog, page, 'Location', 'Enola PA');
      await dialog.getByRole('textbox', { name: 'Contact phone' }).fill('717-555-0199');
      await dialog.locator('input[type="file"]').setInputFiles([await pngFile('front.png', 30), await pngFile('side.png', 200)]);
      await expectToast(page, 'Success', '2 image(s) uploaded successfully');
      expect(await dialog.getByRole('button', { name: /Remove image/ }).count()).toBe(2);
      await dialog.getByRole('button', { name: 'Post Ad' }).click();
      listingId = await openPostedListing(page, dialog, title);
      await page.getByAltText(`${title}, image 1 of 2`).waitFor();
      await page.getByText('$35').first().waitFor();
      // the stored images are the service's re-encoded WebP files, served from the one origin
      const src = await page.getByAltText(`${title}, image 1 of 2`).getAttribute('src');
      const image = await page.request.get(src!);
      expect(image.status()).toBe(200);
      expect(image.headers()['content-type']).toBe('image/webp');

      await page.goto('/my-listings');
      await page.getByText(title).first().waitFor();
      expect(pageErrors).toEqual([]);
    });
  });

  test('edit to Gold: it shows in Featured Listings', async () => {
    await withPage(async ({ page, context }) => {
      await signIn(context, posterToken);
      await page.goto('/my-listings');
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: /Gold/ }).check();
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Success', 'Your listing has been updated successfully.');
      await page.goto('/');
      const featured = page.locator('section', { has: page.getByRole('heading', { name: 'Featured Listings' }) });
      await featured.getByRole('link', { name: title }).waitFor();
    });
    const res = await fetch(`${e2eEnv().site}/api/listings/${listingId}`);
    expect(((await res.json()) as { tier: string }).tier).toBe('gold');
  });

  test('search and filters narrow /listings as §9 says', async () => {
    const all = ((await (await fetch(`${e2eEnv().site}/api/listings`)).json()) as unknown[]).length;
    await withPage(async ({ page }) => {
      await page.goto(`/listings?search=${word}`);
      await page.getByText('1 listing found').waitFor();
      await page.getByRole('link', { name: title }).first().waitFor();
      // signed out, the card's Saved toggle is this browser's (issue 22 §2: kept until login merges it into the account,
      // e2e/saved-listings.test.ts): on, still on after a reload, then off
      const save = page.getByRole('button', { name: `Save ${title}` });
      await save.click();
      await page.getByRole('button', { name: `Saved ${title}`, pressed: true }).waitFor();
      await page.reload();
      await page.getByRole('button', { name: `Saved ${title}`, pressed: true }).click();
      await page.getByRole('button', { name: `Save ${title}`, pressed: false }).waitFor();
      // the listing is in Enola: another town leaves nothing
      await chooseOption(page, page, 'Location', 'Carlisle PA');
      await page.getByText('No listings found').first().waitFor();
      await chooseOption(page, page, 'Location', 'Enola PA');
      await page.getByText('1 listing found').waitFor();
      // $35 is under $50; the 50–100 bucket leaves it out
      await page.getByRole('combobox', { name: 'Price range' }).click();
      await page.getByRole('option', { name: '$50 - $100', exact: true }).click();
      await page.getByText('No listings found').first().waitFor();
      await page.getByRole('button', { name: /Clear All/ }).click();
      await page.getByText(`${all} listings found`).waitFor();
    });
  });

  test('another user gets 403 from the API; the owner deletes it and it is gone', async () => {
    const stranger = await registerDirect(newUser('stranger'));
    const put = await fetch(`${e2eEnv().site}/api/listings/${listingId}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: `cp_session=${stranger}`, origin: e2eEnv().site },
      body: JSON.stringify({ tier: 'platinum' }),
    });
    expect(put.status).toBe(403);
    const del = await fetch(`${e2eEnv().site}/api/listings/${listingId}`, { method: 'DELETE', headers: { cookie: `cp_session=${stranger}`, origin: e2eEnv().site } });
    expect(del.status).toBe(403);

    await withPage(async ({ page, context }) => {
      await signIn(context, posterToken);
      await page.goto('/my-listings');
      await page.getByRole('button', { name: `Delete ${title}` }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText('This action cannot be undone. This will permanently delete your listing').waitFor();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expectToast(page, 'Deleted', 'Your listing has been deleted.');
      await page.getByText('No Listings Yet').first().waitFor();
    });
    // Deleted, not unknown: 410 Gone from the API and for the page (the renderer reads listings' 410), and the
    // visitor sees the same not-found page as for an id that never was.
    const gone = await fetch(`${e2eEnv().site}/api/listings/${listingId}`);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ error: 'Listing was removed' });
    await withPage(async ({ page, pageErrors }) => {
      expect(await gotoUntilStatus(page, `/listing/${listingId}`, 410)).toBe(410);
      await page.getByRole('heading', { name: 'Listing Not Found', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Back to Home' }).first().waitFor();
      expect(pageErrors).toEqual([]);
    });
  });
});

/** A job names its employer: the Post Ad form asks for it for Jobs only, the page shows it, crawlers get a JobPosting. */
describe('a job listing with its employer', () => {
  const poster = newUser('employer');
  const title = `Line cook wanted ${Date.now().toString(36)}`;
  let token = '';
  let id = '';

  beforeAll(async () => {
    token = await registerDirect(poster);
  });
  // Other files count a category's listings: this one goes again.
  afterAll(async () => {
    if (id) await fetch(`${e2eEnv().serviceUrls.listings}/api/listings/${id}`, { method: 'DELETE', headers: { cookie: `cp_session=${token}` }, signal: AbortSignal.timeout(15_000) });
  });

  test('posted with an employer: shown on its page, named as the JobPosting\'s hiringOrganization; edited in My Listings', async () => {
    await withPage(async ({ page, context, pageErrors }) => {
      await signIn(context, token);
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Post Ad' }).click();
      await page.getByRole('menuitem', { name: 'Post a Listing' }).click();
      const dialog = page.getByRole('dialog');
      await chooseOption(dialog, page, 'Category', 'Buy & Sell');
      await dialog.getByRole('textbox', { name: 'Title' }).waitFor();
      expect(await dialog.getByRole('textbox', { name: 'Employer' }).count()).toBe(0);
      await chooseOption(dialog, page, 'Category', 'Jobs');
      await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
      await dialog.getByRole('textbox', { name: 'Description' }).fill('Full time line cook for our restaurant kitchen, evenings and weekends.');
      await chooseOption(dialog, page, 'Location', 'Camp Hill PA');
      await dialog.getByRole('textbox', { name: 'Employer' }).fill('S');
      await dialog.getByRole('button', { name: 'Post Ad' }).click();
      await dialog.getByText('Employer must be at least 2 characters').waitFor();
      await dialog.getByRole('textbox', { name: 'Employer' }).fill('  Saffron Grill ');
      await dialog.getByRole('button', { name: 'Post Ad' }).click();
      id = await openPostedListing(page, dialog, title);
      await page.getByText('Employer: Saffron Grill').waitFor();

      await page.goto('/my-listings');
      await page.getByRole('button', { name: `Edit ${title}` }).click();
      const edit = page.getByRole('dialog');
      const employer = edit.getByRole('textbox', { name: 'Employer' });
      expect(await employer.inputValue()).toBe('Saffron Grill');
      await employer.fill('Saffron Grill & Bar');
      await edit.getByRole('button', { name: 'Save Changes' }).click();
      await expectToast(page, 'Success', 'Your listing has been updated successfully.');
      expect(pageErrors).toEqual([]);
    });
    const stored = (await (await fetch(`${e2eEnv().site}/api/listings/${id}`)).json()) as { employer?: string };
    expect(stored.employer).toBe('Saffron Grill & Bar');
    // As a crawler reads the page (no JavaScript): the JobPosting with its required fields.
    const html = await (await fetch(`${e2eEnv().site}/listing/${id}`, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }, signal: AbortSignal.timeout(15_000) })).text();
    expect(parseHead(html).jsonLd.find((d) => d['@type'] === 'JobPosting')).toMatchObject({
      title,
      hiringOrganization: { '@type': 'Organization', name: 'Saffron Grill & Bar' },
      jobLocation: { '@type': 'Place', address: { addressLocality: 'Camp Hill', addressRegion: 'PA', addressCountry: 'US' } },
    });
  });
});
