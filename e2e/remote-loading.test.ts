import type { Page } from 'playwright-core';
import { withPage } from './support/browser.ts';
import { scrollThroughPage } from './support/site.ts';
import { homeFirstView, mainHeading } from '../scripts/bench/page-javascript.ts';

/**
 * The shell loads a microfrontend only when the page needs it (the registry says which remote owns a path, fills a
 * home slot or provides the Post Ad panel): the home page's first view fetches mf-listings only; the sections below
 * fetch their remote when scrolled near; a remote's page works when opened directly and by client-side navigation.
 */

const OTHER_REMOTES = ['admin', 'forum', 'directory'] as const;
const UNAVAILABLE = 'This page is temporarily unavailable';

/** Every remote file the page asks for, by remote: `/mf/<remote>/...` → remote. */
function recordRemoteRequests(page: Page): Map<string, string[]> {
  const byRemote = new Map<string, string[]>();
  page.on('request', (request) => {
    const match = /^\/mf\/([^/]+)\/(.+)$/.exec(new URL(request.url()).pathname);
    if (!match) return;
    byRemote.set(match[1]!, [...(byRemote.get(match[1]!) ?? []), match[2]!]);
  });
  return byRemote;
}

/** Client-side navigation, as a link of the page does it (history + popstate: react-router, no document load). */
async function navigateInPage(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
}

describe('microfrontends load when the page needs them', () => {
  test('home: before scrolling only mf-listings is fetched (no entry of mf-admin, mf-forum, mf-directory); scrolling brings forum and directory, never admin', async () => {
    await withPage(async ({ page, pageErrors }) => {
      const remotes = recordRemoteRequests(page);
      await page.goto('/');
      // The first view as mf-listings' code rendered it (the server's HTML has its headings before any script ran):
      // what is judged below is what that view needed, not what had arrived after some time.
      await homeFirstView(page);
      await page.waitForLoadState('networkidle');
      expect(remotes.get('listings')).toEqual(expect.arrayContaining(['mf-manifest.json', 'remoteEntry.js']));
      for (const name of OTHER_REMOTES) expect({ remote: name, files: remotes.get(name) ?? [] }).toEqual({ remote: name, files: [] });

      // the sections below the first screen load their remote when they come near
      const forum = page.waitForRequest((r) => r.url().includes('/mf/forum/remoteEntry.js'));
      const directory = page.waitForRequest((r) => r.url().includes('/mf/directory/remoteEntry.js'));
      await scrollThroughPage(page);
      await Promise.all([forum, directory]);
      await page.getByText('Stay in the Loop').waitFor();
      expect(remotes.get('admin') ?? []).toEqual([]);
      expect(await page.getByText('Some sections of this page could not be loaded').count()).toBe(0);
      expect(pageErrors).toEqual([]);
    });
  });

  test.each([
    { path: '/admin', remote: 'admin', heading: 'Authentication Required' },
    { path: '/forum', remote: 'forum', heading: 'Community Forum' },
    { path: '/businesses', remote: 'directory', heading: 'Business Directory' },
    { path: '/yellow-pages', remote: 'directory', heading: 'Yellow Pages' },
  ])('$path opened directly: its page, and only $remote is fetched', async ({ path, remote, heading }) => {
    await withPage(async ({ page, pageErrors }) => {
      const remotes = recordRemoteRequests(page);
      await page.goto(path);
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      // The page as its remote's code rendered it (a heading React owns), not only the server's HTML.
      await mainHeading(page);
      await page.waitForLoadState('networkidle');
      expect([...remotes.keys()]).toEqual([remote]);
      expect(pageErrors).toEqual([]);
    });
  });

  test('client-side navigation from home to /admin, /forum, /businesses (no page load) loads each remote then', async () => {
    await withPage(async ({ page, pageErrors }) => {
      const remotes = recordRemoteRequests(page);
      await page.goto('/');
      await page.getByRole('heading', { name: /Your Desi Community in/ }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => {
        (window as unknown as { __samePage: boolean }).__samePage = true;
      });
      expect(remotes.get('admin')).toBeUndefined();

      await navigateInPage(page, '/admin');
      await page.getByRole('heading', { name: 'Authentication Required', exact: true }).waitFor();
      expect(remotes.get('admin')).toEqual(expect.arrayContaining(['remoteEntry.js']));

      // a link of the header
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Forum', exact: true }).click();
      await page.getByRole('heading', { name: 'Community Forum', exact: true }).first().waitFor();
      await page.waitForURL((url) => url.pathname === '/forum');

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Businesses', exact: true }).click();
      await page.getByRole('heading', { name: 'Business Directory', exact: true }).waitFor();

      // a path nobody owns: the 404 page, without fetching anything more
      const before = [...remotes.values()].flat().length;
      await navigateInPage(page, '/no/such/page');
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      expect([...remotes.values()].flat().length).toBe(before);

      expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
      expect(await page.getByRole('heading', { name: UNAVAILABLE }).count()).toBe(0);
      expect(pageErrors).toEqual([]);
    });
  });
});
