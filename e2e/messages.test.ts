/**
 * Messages between neighbours (issue 23) on the real stack: a buyer messages the poster of a listing from the
 * listing's message page; the poster sees the unread badge in the header and the conversation in the inbox, opens it
 * (the badge goes), and replies; markup in a message is text on both sides (nothing runs, no element is made of it);
 * a third user gets "Conversation Not Found" and nothing of the conversation. The poster blocks the buyer after a
 * confirmation (by keyboard) and unblocks them.
 */
import type { Page } from 'playwright-core';
import { MESSAGE_MAIL_MESSAGES, MESSAGES_MESSAGES } from '@cp/contracts';
import { describeViolations, seriousAxeViolations, withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { createDirect, expectToast, newUser, openConversationDirect, registerDirect, signIn, type TestUser } from './support/site.ts';

const run = Date.now().toString(36);
const LISTING_TITLE = `Messages check bookshelf ${run}`;
const FIRST = 'Hi! <script>window.__xss=1</script><img src=x onerror="window.__xss=2"> Is it available? Map: https://example.com/where';
const REPLY = `Yes, still available ${run}`;

const users: Record<'seller' | 'buyer' | 'third', { user: TestUser; token: string }> = {} as never;
let listingId = '';
let conversationPath = '';

beforeAll(async () => {
  for (const role of ['seller', 'buyer', 'third'] as const) {
    const user = newUser(`msg${role}`);
    users[role] = { user, token: await registerDirect(user) };
  }
  listingId = await createDirect(`${e2eEnv().serviceUrls.listings}/api/listings`, users.seller.token, {
    category: 'Buy & Sell',
    title: LISTING_TITLE,
    description: 'Solid wood bookshelf, five shelves, pick up in Camp Hill.',
    location: 'Camp Hill PA',
    price: 40,
    tier: 'free',
    status: 'active',
  });
});

afterAll(async () => {
  if (listingId) await fetch(`${e2eEnv().serviceUrls.listings}/api/listings/${listingId}`, { method: 'DELETE', headers: { cookie: `cp_session=${users.seller.token}` } });
});

/** Nothing of the markup ran or became an element; it is on the page as text. */
async function expectInert(page: Page): Promise<void> {
  await page.getByText('<script>window.__xss=1</script>', { exact: false }).first().waitFor();
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  const link = page.getByRole('link', { name: 'https://example.com/where', exact: true });
  expect(await link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
}

describe('messages between neighbours', () => {
  test('a buyer messages a poster; the poster sees the badge and the inbox, reads and replies; a third user gets 404', async () => {
    await withPage(async ({ page, context, pageErrors }) => {
      await signIn(context, users.buyer.token);
      await page.goto(`/messages/new?listing=${listingId}`);
      await page.getByRole('link', { name: LISTING_TITLE }).waitFor();
      const box = page.getByRole('textbox', { name: 'Your message to the poster' });
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Please enter a message').waitFor();
      await box.fill(FIRST);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.waitForURL(/\/messages\/[0-9a-f-]{36}$/);
      conversationPath = new URL(page.url()).pathname;
      await page.getByRole('heading', { level: 1, name: users.seller.user.username }).waitFor();
      await expectInert(page);
      await page.getByText('Sent', { exact: true }).waitFor();
      expect(pageErrors).toEqual([]);
    });

    await withPage(async ({ page, context, pageErrors }) => {
      await signIn(context, users.seller.token);
      await page.goto('/');
      // The header's part of mf-messages, loaded after the page is interactive.
      await page.getByRole('link', { name: 'Messages, 1 unread' }).click();
      await page.waitForURL('**/messages');
      const row = page.getByRole('link', { name: new RegExp(users.buyer.user.username) });
      await row.getByText(LISTING_TITLE).waitFor();
      expect(await row.getByLabel('1 unread').count()).toBe(1);
      expect(describeViolations(await seriousAxeViolations(page))).toBe('');
      await row.click();
      await page.waitForURL(`**${conversationPath}`);
      await page.getByRole('heading', { level: 1, name: users.buyer.user.username }).waitFor();
      await expectInert(page);
      // Opening it read it: the badge goes.
      await page.getByRole('link', { name: 'Messages', exact: true }).waitFor();
      await page.getByRole('textbox', { name: `Message ${users.buyer.user.username}` }).fill(REPLY);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText(REPLY).waitFor();
      expect(describeViolations(await seriousAxeViolations(page))).toBe('');
      expect(pageErrors).toEqual([]);
    });

    await withPage(async ({ page, context }) => {
      // The buyer's first message shows Read now; the reply is there.
      await signIn(context, users.buyer.token);
      await page.goto(conversationPath);
      await page.getByText(REPLY).waitFor();
      await page.getByText('Read', { exact: true }).waitFor();
    });

    await withPage(async ({ page, context, pageErrors }) => {
      await signIn(context, users.third.token);
      await page.goto(conversationPath);
      await page.getByRole('heading', { name: 'Conversation Not Found' }).waitFor();
      expect(await page.getByText(REPLY).count()).toBe(0);
      expect(await page.getByText(LISTING_TITLE).count()).toBe(0);
      expect(pageErrors).toEqual([]);
    });
  });

  test('live: a message arrives without a reload — the header badge counts it, then the open conversation shows it', async () => {
    // Sent straight to the messages service (another path than the page's gateway): only the stream can bring it in
    // time — without it, the page asks again once a minute.
    const send = async (text: string) => {
      const id = conversationPath.split('/').pop()!;
      const res = await fetch(`${e2eEnv().serviceUrls.messages}/api/conversations/${id}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `cp_session=${users.buyer.token}` },
        body: JSON.stringify({ text }),
        signal: AbortSignal.timeout(15_000),
      });
      expect(res.status).toBe(201);
    };
    expect(conversationPath).not.toBe('');
    await withPage(async ({ page, context, pageErrors }) => {
      await signIn(context, users.seller.token);
      // The badge's part opens the tab's stream once the page is interactive; a message after that is counted live
      // (one sent while it opens is still counted: the stream's `ready` refreshes the count).
      const streamOpened = () => page.waitForRequest((r) => new URL(r.url()).pathname === '/api/messages/stream', { timeout: 20_000 });
      let opened = streamOpened();
      await page.goto('/');
      await page.getByRole('link', { name: 'Messages', exact: true }).waitFor();
      await opened;
      await send(`Live one ${run}`);
      await page.getByRole('link', { name: 'Messages, 1 unread' }).waitFor({ timeout: 20_000 });

      opened = streamOpened();
      await page.goto(conversationPath);
      await page.getByText(`Live one ${run}`).waitFor();
      await opened;
      await send(`Live two ${run}`);
      await page.getByText(`Live two ${run}`).waitFor({ timeout: 20_000 });
      expect(pageErrors).toEqual([]);
    });
  });

  test('signed out, a messages page sends the visitor to the login page, and the login back to it; the mail unsubscribe page needs no login', async () => {
    await withPage(async ({ page, pageErrors }) => {
      await page.goto('/messages');
      await page.waitForURL('**/auth?next=%2Fmessages');
      await page.getByRole('heading', { name: 'Welcome' }).waitFor();
      const form = page.getByRole('tabpanel', { name: 'Login' });
      await form.getByLabel('Username').fill(users.third.user.username);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill(users.third.user.password);
      await form.getByRole('button', { name: 'Login' }).click();
      await page.waitForURL((url) => url.pathname === '/messages');
      await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
      await page.context().clearCookies();
      // A token comms never issued: its own sentence, through the gateway.
      await page.goto('/messages/unsubscribe?token=0b8f5a9e-4c1d-4e6f-9a2b-3c4d5e6f7a8b');
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('heading', { name: 'Link Not Valid' }).waitFor();
      await page.getByText(MESSAGE_MAIL_MESSAGES.invalidLink).waitFor();
      expect(pageErrors).toEqual([]);
    });
  });

  test('the poster blocks the buyer after a confirmation, by keyboard (Escape keeps them), and unblocks them', async () => {
    // The first test's conversation, or (this test run alone, with -t) one the buyer opens here.
    conversationPath ||= `/messages/${await openConversationDirect(users.buyer.token, listingId, 'Is the bookshelf still there?')}`;
    await withPage(async ({ page, context, pageErrors }) => {
      await signIn(context, users.seller.token);
      await page.goto(conversationPath);
      const block = page.getByRole('button', { name: 'Block user' });
      const dialog = page.getByRole('alertdialog', { name: `Block ${users.buyer.user.username}?` });
      const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
      // @cp/ui's ConfirmButton: the dialog's code loads on this intent, and the dialog opens once it is there.
      await block.focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      expect(await focused()).toBe('Cancel');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await focused()).toBe('Block user');
      await page.keyboard.press('Enter');
      await dialog.getByRole('button', { name: 'Block', exact: true }).click();
      await expectToast(page, MESSAGES_MESSAGES.blocked);
      await page.getByRole('button', { name: `Unblock ${users.buyer.user.username}` }).click();
      await expectToast(page, MESSAGES_MESSAGES.unblocked);
      await block.waitFor();
      expect(pageErrors).toEqual([]);
    });
  });
});
