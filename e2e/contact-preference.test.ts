import { CONTACT_PREFERENCE_LABELS, MESSAGES_ONLY_NOTICE } from '@cp/contracts';
import { withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { chooseOption, createDirect, newUser, openPostedListing, registerDirect, signIn } from './support/site.ts';

/**
 * Issue 23 §2 on the running site: a listing posted through the Post Ad form with "Messages through the site only"
 * gives its phone and e-mail to nobody but its owner — not the API through the gateway (signed out or as another user),
 * not the server-rendered page (fetched without JavaScript, as crawlers and link previewers read it), not the search
 * service — and its page says the seller prefers messages, with Message for a signed-in reader; a 'show' listing still
 * shows them everywhere.
 */
const run = Date.now().toString(36);
const word = `hidec${run}`;
const hidden = { title: `Rosewood swing ${word}`, phone: '717-555-0173', email: `hide-${run}@example.com` };
const shown = { title: `Brass diya set ${word}`, phone: '717-555-0174', email: `show-${run}@example.com` };
const ids = { hidden: '', shown: '' };
let posterToken = '';
let readerToken = '';

const leaks = (text: string, c: { phone: string; email: string }) => text.includes(c.phone) || text.includes(c.email);
const get = async (path: string, token?: string) => {
  const res = await fetch(`${e2eEnv().site}${path}`, { headers: token ? { cookie: `cp_session=${token}` } : {}, signal: AbortSignal.timeout(15_000) });
  expect([path, res.status]).toEqual([path, 200]);
  return res.text();
};

/** The server's HTML of a page once it is server-rendered with `text` in its `#root` (set-up: a render can miss its budget on this machine). */
async function served(path: string, text: string, timeoutMs = 60_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const html = await get(path);
    const root = /<div id="root">([\s\S]*)<script type="application\/json" id="cp-ssr-state">/.exec(html)?.[1];
    if (root?.includes(text)) return html;
    if (Date.now() > deadline) throw new Error(`${path}: not server-rendered with ${JSON.stringify(text)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

beforeAll(async () => {
  posterToken = await registerDirect(newUser('hider'));
  readerToken = await registerDirect(newUser('reader'));
});

// Other files count a category's listings: what this file made goes again.
afterAll(async () => {
  for (const id of [ids.hidden, ids.shown]) {
    if (id) await fetch(`${e2eEnv().serviceUrls.listings}/api/listings/${id}`, { method: 'DELETE', headers: { cookie: `cp_session=${posterToken}` }, signal: AbortSignal.timeout(15_000) });
  }
});

describe('contact details can be hidden (issue 23 §2)', () => {
  test('posted with "Messages through the site only": the owner keeps them, the page shows the sentence instead', async () => {
    await withPage(async ({ page, context, pageErrors }) => {
      await signIn(context, posterToken);
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Post Ad' }).click();
      await page.getByRole('menuitem', { name: 'Post a Listing' }).click();
      const dialog = page.getByRole('dialog');
      await chooseOption(dialog, page, 'Category', 'Buy & Sell');
      await dialog.getByRole('textbox', { name: 'Title' }).fill(hidden.title);
      await dialog.getByRole('textbox', { name: 'Description' }).fill('Hand carved rosewood swing with brass chains, seats two.');
      await dialog.getByRole('spinbutton', { name: /Price/ }).fill('300');
      await chooseOption(dialog, page, 'Location', 'Carlisle PA');
      await dialog.getByRole('textbox', { name: 'Contact phone' }).fill(hidden.phone);
      await dialog.getByRole('textbox', { name: 'Contact email' }).fill(hidden.email);
      // "Show my phone and e-mail" is the default.
      expect(await dialog.getByRole('radio', { name: CONTACT_PREFERENCE_LABELS.show }).isChecked()).toBe(true);
      await dialog.getByRole('radio', { name: CONTACT_PREFERENCE_LABELS['messages-only'] }).check();
      await dialog.getByRole('button', { name: 'Post Ad' }).click();
      ids.hidden = await openPostedListing(page, dialog, hidden.title);
      await page.getByText(MESSAGES_ONLY_NOTICE).waitFor();
      // The page is what visitors see, for its owner too: no phone, WhatsApp or e-mail, and no Message to oneself.
      expect(await page.locator('a[href^="tel:"], a[href^="mailto:"], a[href^="https://wa.me"]').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Message', exact: true }).count()).toBe(0);

      // The owner keeps them: the Edit form has them and the choice.
      await page.goto('/my-listings');
      await page.getByRole('button', { name: `Edit ${hidden.title}` }).click();
      const edit = page.getByRole('dialog');
      expect(await edit.getByRole('textbox', { name: 'Contact phone' }).inputValue()).toBe(hidden.phone);
      expect(await edit.getByRole('textbox', { name: 'Contact email' }).inputValue()).toBe(hidden.email);
      expect(await edit.getByRole('radio', { name: CONTACT_PREFERENCE_LABELS['messages-only'] }).isChecked()).toBe(true);
      await edit.getByRole('button', { name: 'Cancel' }).click();
      expect(pageErrors).toEqual([]);
    });
    const owner = JSON.parse(await get(`/api/listings/${ids.hidden}`, posterToken)) as Record<string, unknown>;
    expect(owner).toMatchObject({ contactPhone: hidden.phone, contactEmail: hidden.email, contactPreference: 'messages-only' });
  });

  test('the API, the server-rendered page and the search service never carry them; a shown listing\'s they do', async () => {
    expect(ids.hidden).not.toBe('');
    ids.shown = await createDirect(`${e2eEnv().serviceUrls.listings}/api/listings`, posterToken, {
      category: 'Buy & Sell',
      title: shown.title,
      description: 'Set of twelve brass diyas with a polished tray.',
      location: 'Carlisle PA',
      price: 40,
      contactPhone: shown.phone,
      contactEmail: shown.email,
    });
    // The search service follows the listings' events: both indexed before its answers are read.
    for (const deadline = Date.now() + 30_000; ; ) {
      const text = await get(`/api/search/listings?search=${word}`);
      if (text.includes(ids.hidden) && text.includes(ids.shown)) break;
      if (Date.now() > deadline) throw new Error('the search service did not index the listings within 30 s');
      await new Promise((r) => setTimeout(r, 250));
    }

    // The API through the gateway, signed out and as another user.
    const api = [`/api/listings/${ids.hidden}`, '/api/listings'];
    for (const token of [undefined, readerToken]) {
      for (const path of api) {
        const text = await get(path, token);
        expect([path, text.includes(ids.hidden), leaks(text, hidden)]).toEqual([path, true, false]);
      }
    }
    expect(leaks(await get(`/api/listings/${ids.shown}`), shown)).toBe(true);

    // The search service: its listings page, site search and suggestions.
    const search = [`/api/search/listings?search=${word}`, `/api/search?q=${word}`, `/api/search/suggest?q=${word}`];
    for (const path of search) {
      const text = await get(path);
      expect([path, text.includes(ids.hidden), leaks(text, hidden)]).toEqual([path, true, false]);
    }
    expect(leaks(await get(`/api/search/listings?search=${word}`), shown)).toBe(true);

    // The server-rendered pages, as a client without JavaScript gets them (head, JSON-LD, body and the page's state).
    const page = await served(`/listing/${ids.hidden}`, MESSAGES_ONLY_NOTICE);
    expect(page).toContain(hidden.title);
    expect(leaks(page, hidden)).toBe(false);
    expect(page).toContain(`/auth?next=${encodeURIComponent(`/messages/new?listing=${ids.hidden}`)}`.replace(/&/g, '&amp;'));
    const crawler = await (await fetch(`${e2eEnv().site}/listing/${ids.hidden}`, { headers: { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' }, signal: AbortSignal.timeout(15_000) })).text();
    expect(crawler).toContain(hidden.title);
    expect(leaks(crawler, hidden)).toBe(false);
    const list = await served(`/listings?search=${word}`, hidden.title);
    expect(leaks(list, hidden)).toBe(false);
    const shownPage = await served(`/listing/${ids.shown}`, shown.title);
    expect(shownPage).toContain(`tel:${shown.phone}`);
    expect(shownPage).not.toContain(MESSAGES_ONLY_NOTICE);
  });

  test('a signed-in reader gets Message to the messages form; signed out, Log in to message', async () => {
    expect(ids.hidden).not.toBe('');
    await withPage(async ({ page, context, pageErrors }) => {
      await page.goto(`/listing/${ids.hidden}`);
      await page.getByRole('heading', { name: hidden.title, level: 1 }).waitFor();
      expect(await page.getByRole('link', { name: 'Log in to message' }).getAttribute('href')).toBe(`/auth?next=${encodeURIComponent(`/messages/new?listing=${ids.hidden}`)}`);
      await signIn(context, readerToken);
      await page.reload();
      const message = page.getByRole('link', { name: 'Message', exact: true });
      await message.waitFor();
      expect(await message.getAttribute('href')).toBe(`/messages/new?listing=${ids.hidden}`);
      await page.getByText(MESSAGES_ONLY_NOTICE).waitFor();
      expect(leaks(await page.content(), hidden)).toBe(false);
      // A shown listing: its phone as before, and Message too.
      await page.goto(`/listing/${ids.shown}`);
      await page.getByRole('link', { name: `Call ${shown.phone}` }).waitFor();
      expect(await page.getByRole('link', { name: 'Message', exact: true }).getAttribute('href')).toBe(`/messages/new?listing=${ids.shown}`);
      expect(pageErrors).toEqual([]);
    });
  });
});
