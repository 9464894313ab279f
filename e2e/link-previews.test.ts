/**
 * Link previews and real statuses (issue 20): what WhatsApp, Facebook, Twitter/X, Slack, Telegram, Discord and LinkedIn
 * read of a shared listing — they run no JavaScript, so the head must come with the page: the gateway asks the renderer
 * for it (services/renderer). A missing listing is a real 404, and a browser still gets the site's not-found content.
 */
import { parseHead } from '../services/renderer/test/head-parser.ts';
import { withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { gotoUntilStatus, newUser, registerDirect } from './support/site.ts';

const PREVIEWERS: Record<string, string> = {
  WhatsApp: 'WhatsApp/2.23.20.0',
  Facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  Twitter: 'Twitterbot/1.0',
  Slack: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  Telegram: 'TelegramBot (like TwitterBot)',
  Discord: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  LinkedIn: 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
};

const run = Date.now().toString(36);
const TITLE = `Brass diya set ${run}`;
const MISSING = '0b8f5a9e-4c1d-4e6f-9a2b-3c4d5e6f7a8b';
let id = '';
let token = '';

beforeAll(async () => {
  token = await registerDirect(newUser('preview'));
  const res = await fetch(`${e2eEnv().serviceUrls.listings}/api/listings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `cp_session=${token}` },
    body: JSON.stringify({ category: 'Buy & Sell', title: TITLE, description: `Set of twelve hand-polished brass diyas for Diwali, barely used. ${'Pick up in Camp Hill. '.repeat(8)}`, location: 'Camp Hill PA', price: 35, tier: 'free', status: 'active' }),
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status !== 201) throw new Error(`listing: ${res.status} ${await res.text()}`);
  id = ((await res.json()) as { id: string }).id;
});

// Other files count the listings of a category: the listing goes again.
afterAll(async () => {
  if (id) await fetch(`${e2eEnv().serviceUrls.listings}/api/listings/${id}`, { method: 'DELETE', headers: { cookie: `cp_session=${token}` }, signal: AbortSignal.timeout(15_000) });
});

describe('a shared listing, as link previewers read it', () => {
  test.each(Object.entries(PREVIEWERS))('%s: 200 with the full head in the HTML, its preview image served', async (_name, userAgent) => {
    const { site } = e2eEnv();
    const res = await fetch(`${site}/listing/${id}`, { headers: { 'user-agent': userAgent }, signal: AbortSignal.timeout(15_000) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const head = parseHead(await res.text());
    const url = `${site}/listing/${id}`;
    expect(head.title).toBe(`${TITLE} | Central PA Desi Community`);
    const description = head.meta.description!;
    expect(description.length).toBeLessThanOrEqual(155);
    expect(description).toMatch(/^\$35 · Camp Hill PA · Set of twelve hand-polished brass diyas/);
    expect(head.canonical).toBe(url);
    expect(head.meta).toMatchObject({
      'og:title': head.title,
      'og:description': description,
      'og:url': url,
      'og:type': 'article',
      'og:site_name': 'Central PA Desi Community',
      'og:image': `${site}/og/listing/${id}.jpg`,
      'og:image:width': '1200',
      'og:image:height': '630',
      'twitter:card': 'summary_large_image',
    });
    expect(head.jsonLd.find((d) => d['@type'] === 'Product')).toMatchObject({ name: TITLE, offers: { price: 35, priceCurrency: 'USD' } });
    const image = await fetch(head.meta['og:image']!, { headers: { 'user-agent': userAgent }, signal: AbortSignal.timeout(30_000) });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });
});

describe('a missing listing', () => {
  test('is a 404 for a crawler, and the site\'s not-found content in a browser', async () => {
    const { site } = e2eEnv();
    const res = await fetch(`${site}/listing/${MISSING}`, { headers: { 'user-agent': PREVIEWERS.Facebook! }, signal: AbortSignal.timeout(15_000) });
    expect(res.status).toBe(404);
    expect(parseHead(await res.text()).meta.robots).toBe('noindex');
    await withPage(async ({ page }) => {
      expect(await gotoUntilStatus(page, `/listing/${MISSING}`, 404)).toBe(404);
      await page.getByRole('heading', { name: 'Listing Not Found', exact: true }).waitFor();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forum' }).waitFor();
    });
  });
});
