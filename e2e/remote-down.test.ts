import { withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { scrollThroughPage } from './support/site.ts';

const UNAVAILABLE = 'This page is temporarily unavailable';
const SECTIONS_FAILED = 'Some sections of this page could not be loaded';

async function control(action: 'stop' | 'start'): Promise<void> {
  const res = await fetch(`${e2eEnv().controlUrl}/remote/${action}`, { method: 'POST', signal: AbortSignal.timeout(60_000) });
  if (res.status !== 204) throw new Error(`remote ${action}: ${res.status} ${await res.text()}`);
}

/**
 * Issue 3 §5/§7: one remote runs on its own static server behind the gateway's proxy (configured in the global setup).
 * With that server stopped, its route shows the fallback and the rest of the site works.
 */
describe('a remote whose server is down', () => {
  const { proxiedRemote, otherRemoteRoutes } = e2eEnv();

  test(`${proxiedRemote.name} up: its route renders through the gateway's proxy`, async () => {
    await withPage(async ({ page }) => {
      await page.goto(proxiedRemote.route);
      await page.getByRole('heading', { name: proxiedRemote.heading, exact: true }).waitFor();
    });
  });

  test(`${proxiedRemote.name} down: ${proxiedRemote.route} shows the fallback; home, the other remotes and the shell's pages work; back up, Try again loads it`, async () => {
    await control('stop');
    try {
      await withPage(async ({ page, pageErrors }) => {
        await page.goto(proxiedRemote.route);
        await page.getByRole('heading', { name: UNAVAILABLE }).waitFor();
        await page.getByRole('button', { name: 'Try again' }).waitFor();
        // The chrome is intact.
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }).waitFor();

        await page.goto('/');
        // The first screen has no section of the stopped remote: it loads, and its section below fails alone once
        // scrolled near (the remote is loaded only then), with the page's notice.
        await page.getByRole('heading', { name: /Your Desi Community in/ }).first().waitFor();
        await scrollThroughPage(page);
        await page.getByText(SECTIONS_FAILED).first().waitFor();
        await page.getByText('Stay in the Loop').waitFor();

        for (const { route, heading } of otherRemoteRoutes) {
          await page.goto(route);
          await page.getByRole('heading', { name: heading, exact: true }).waitFor();
          expect(await page.getByRole('heading', { name: UNAVAILABLE }).count()).toBe(0);
        }
        await page.goto('/contact');
        await page.getByRole('heading', { name: 'Contact Us' }).waitFor();

        // Back up: "Try again" on the fallback loads the remote without a page reload.
        await page.goto(proxiedRemote.route);
        await page.getByRole('heading', { name: UNAVAILABLE }).waitFor();
        await control('start');
        await page.getByRole('button', { name: 'Try again' }).click();
        await page.getByRole('heading', { name: proxiedRemote.heading, exact: true }).waitFor();
        expect(pageErrors).toEqual([]);
      });
    } finally {
      await control('start');
    }
  });
});
