/**
 * The forum on the real forum service (issue 11): a user creates a post in the New Post dialog, opens it, a short reply
 * is refused, another user's reply posts and the reply count grows, and the post's author gets the notice in the mail
 * catcher. axe on both forum screens.
 */
import type { Page } from 'playwright-core';
import { mailbox } from '../infra/src/mailbox.ts';
import { describeViolations, seriousAxeViolations, withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { expectToast, newUser, registerDirect, signIn, verifyDirect } from './support/site.ts';

const author = newUser('author');
const replier = newUser('replier');
let authorToken = '';
let replierToken = '';

beforeAll(async () => {
  authorToken = await registerDirect(author);
  await verifyDirect(author); // comms mails verified addresses only (issue 41)
  replierToken = await registerDirect(replier);
});

async function expectNoSeriousViolations(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  expect(describeViolations(await seriousAxeViolations(page))).toBe('');
}

describe('the forum end to end', () => {
  const word = `chai${Date.now().toString(36)}`;
  const title = `Chai meetup ${word}`;
  let postPath = '';

  test('a logged-in user creates a post; it is listed with their username', async () => {
    await withPage(async ({ page, context }) => {
      await signIn(context, authorToken);
      await page.goto('/forum');
      await page.getByRole('heading', { name: 'Community Forum' }).first().waitFor();
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'New Post' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option', { name: 'Events', exact: true }).click();
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Content').fill('Chai and samosas at the Camp Hill library meeting room, Saturday at four.');
      // An image through the site's upload pipeline.
      const { default: sharp } = await import('sharp');
      const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 120, b: 40 } } }).png().toBuffer();
      await dialog.locator('input[type=file]').setInputFiles({ name: 'chai.png', mimeType: 'image/png', buffer: png });
      await dialog.getByRole('img', { name: "The post's image" }).waitFor();
      await dialog.getByRole('button', { name: 'Create Post' }).click();
      await expectToast(page, 'Success', 'Your post has been created successfully.');
      const link = page.getByRole('link', { name: title });
      await link.waitFor();
      const card = page.locator('div', { has: link }).filter({ hasText: author.username }).first();
      await card.waitFor();
      postPath = (await link.getAttribute('href'))!;
      expect(postPath).toMatch(/^\/forum\/post\/[0-9a-f-]{36}$/);
      // The card shows the stored picture (re-encoded WebP from /uploads).
      await page.waitForFunction(
        (t) => [...document.querySelectorAll('img')].some((img) => img.closest('div')?.textContent?.includes(t) && img.src.includes('/uploads/img/') && img.naturalWidth > 0),
        title,
      );
    });
  });

  test('another user opens it: a short reply is refused, a reply posts, the count grows, the author is mailed', async () => {
    const box = mailbox(e2eEnv().infra);
    await withPage(async ({ page, context }) => {
      await signIn(context, replierToken);
      await page.goto(postPath);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByText(author.username).first().waitFor();
      await page.getByText('No replies yet. Be the first to comment!').waitFor();
      await page.getByText('0 replies').waitFor();
      await expectNoSeriousViolations(page);

      const box1 = page.getByLabel('Your reply');
      await box1.fill('Too short');
      await page.getByRole('button', { name: 'Post Reply' }).click();
      await expectToast(page, 'Reply too short', 'Reply must be at least 10 characters long.');

      await box1.fill('I will bring masala chai for twenty people!');
      await page.getByRole('button', { name: 'Post Reply' }).click();
      await expectToast(page, 'Reply posted!');
      await page.getByRole('list', { name: 'Replies' }).getByText('I will bring masala chai for twenty people!').waitFor();
      await page.getByRole('list', { name: 'Replies' }).getByText(replier.username).waitFor();
      await page.getByText('1 reply').waitFor();
    });
    const mail = await box.waitFor(author.email, (m) => m.subject.includes(title), 30_000);
    expect(mail.subject).toBe(`${replier.username} replied to "${title}"`);
    expect(mail.text).toContain('I will bring masala chai for twenty people!');
    expect(mail.text).toContain(postPath);
  });
});
