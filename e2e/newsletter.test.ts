import { MongoClient } from 'mongodb';
import { mailbox } from '../infra/src/mailbox.ts';
import { withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { expectToast, scrollThroughPage } from './support/site.ts';

const CHECK_INBOX = 'Check your inbox: open the link in our e-mail to confirm your subscription.';

/** The stored subscription of an address (comms' database, as the stack names it). */
async function subscription(email: string): Promise<{ subscribed: boolean } | null> {
  const client = await MongoClient.connect(e2eEnv().infra.MONGO_URL);
  try {
    return await client.db('comms').collection<{ email: string; subscribed: boolean }>('newsletters').findOne({ email });
  } finally {
    await client.close();
  }
}

describe('newsletter (issue 26: double opt-in, no enumeration, one-click unsubscribe)', () => {
  test('sign up on the home page → the confirmation mail’s link confirms → the newsletter mail’s unsubscribe link unsubscribes', async () => {
    const email = `news_${Date.now().toString(36)}@example.com`;
    const mail = mailbox(e2eEnv().infra);
    await withPage(async ({ page, site, pageErrors }) => {
      const signUp = async () => {
        await page.goto('/');
        // The first screen in place, then down to the signup (its section renders when it comes near).
        await page.getByRole('heading', { name: /Your Desi Community in/ }).first().waitFor();
        await page.waitForLoadState('networkidle');
        await scrollThroughPage(page);
        const form = page.getByRole('region', { name: 'Stay in the Loop' });
        await form.getByLabel('Email address').fill(email);
        await form.getByRole('button', { name: 'Subscribe' }).click();
        await expectToast(page, 'Check your inbox', CHECK_INBOX);
      };
      await signUp();
      expect(await subscription(email)).toMatchObject({ subscribed: false });

      // The real mail, through the SMTP catcher: its link opens the confirmation page, whose button confirms.
      const confirmation = await mail.waitFor(email, (m) => /\/newsletter\/confirm\?token=/.test(m.text), 30_000);
      const confirmLink = /(https?:\/\/\S+\/newsletter\/confirm\?token=[A-Za-z0-9_-]+)/.exec(confirmation.text)?.[1];
      expect(confirmLink).toBeDefined();
      expect(new URL(confirmLink!).origin).toBe(new URL(site).origin);
      await page.goto(confirmLink!);
      await page.getByRole('heading', { name: 'Confirm Your Subscription' }).waitFor();
      expect(await subscription(email)).toMatchObject({ subscribed: false });
      await page.getByRole('button', { name: 'Confirm Subscription' }).click();
      await page.getByRole('heading', { name: 'Subscription Confirmed' }).waitFor();
      await page.getByText("Thanks for subscribing! You'll receive updates about the latest listings and events.").waitFor();
      expect(await subscription(email)).toMatchObject({ subscribed: true });

      // The link works once.
      await page.goto(confirmLink!);
      await page.getByRole('button', { name: 'Confirm Subscription' }).click();
      await page.getByRole('heading', { name: 'Link Not Valid' }).waitFor();
      await page.getByText('This confirmation link is invalid or has expired. Please subscribe again.').waitFor();

      // Subscribed now, and a visitor signing it up again sees the same answer as for any address.
      await signUp();

      // The welcome mail is a newsletter mail: one-click headers and a visible link to the unsubscribe page.
      const welcome = await mail.waitFor(email, (m) => m.subject === 'Welcome to the Central PA Desi Community newsletter', 30_000);
      expect(welcome.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(welcome.headers?.['list-unsubscribe']).toMatch(/^<https?:\/\/\S+\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+>$/);
      expect(welcome.html).toContain('>Unsubscribe</a>');
      const unsubscribeLink = /(https?:\/\/\S+\/newsletter\/unsubscribe\?token=[A-Za-z0-9_-]+)/.exec(welcome.text)?.[1];
      expect(unsubscribeLink).toBeDefined();
      await page.goto(unsubscribeLink!);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await page.getByRole('heading', { name: 'You Have Been Unsubscribed' }).waitFor();
      await page.getByText('You have been unsubscribed. You will not receive our newsletter any more.').waitFor();
      expect(await subscription(email)).toMatchObject({ subscribed: false });
      expect(pageErrors).toEqual([]);
    });
  });
});
