import { LIST_PAGE_SIZES, type Advertisement, type CursorPage } from '@cp/contracts';
import { withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { createAdmin, createDirect, expectToast, loginDirect, mainNav, newUser, openAccountMenu, registerDirect, signIn, submitLogin } from './support/site.ts';

describe('Admin link by role (spec §2 Chrome, §6)', () => {
  test('a normal user: no Admin link in the header (the mobile menu shows it to everyone); /admin says Access Denied', async () => {
    const user = newUser('plain');
    const token = await registerDirect(user);
    await withPage(async ({ page, context }) => {
      await signIn(context, token);
      await page.goto('/');
      await openAccountMenu(page, `${user.firstName} ${user.lastName}`);
      await page.keyboard.press('Escape');
      const nav = mainNav(page);
      await nav.getByRole('link', { name: 'My Listings' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile menu' }).getByRole('link', { name: 'Admin' }).waitFor();
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/admin');
      await page.getByText('Admin Access Required').waitFor();
    });
  });

  test('an admin (made with the make-admin command) logs in and has the Admin link in the header', async () => {
    const admin = newUser('admin');
    await createAdmin(admin);
    await withPage(async ({ page }) => {
      await page.goto('/auth');
      await submitLogin(page, admin.username, admin.password);
      await page.waitForURL((url) => url.pathname === '/');
      const link = mainNav(page).getByRole('link', { name: 'Admin' });
      await link.waitFor();
      await link.click();
      await page.waitForURL('**/admin');
      await page.getByRole('tab', { name: 'Advertisements' }).waitFor();
      expect(await page.getByText('Admin Access Required').count()).toBe(0);
    });
  });

  test('logged out, /admin asks to log in', async () => {
    await withPage(async ({ page }) => {
      await page.goto('/admin');
      await page.getByText('Authentication Required').waitFor();
      await page.getByRole('link', { name: 'Go to Login' }).or(page.getByRole('button', { name: 'Go to Login' })).first().waitFor();
      expect(await mainNav(page).getByRole('link', { name: 'Admin' }).count()).toBe(0);
    });
  });
});

describe("the admin's tabs page through their lists (issue 24 §2)", () => {
  const run = Date.now().toString(36);
  const admin = newUser('pageadmin');
  let token = '';
  /** The ads made here: id → title. */
  const titles = new Map<string, string>();
  /** What a page of the admin's Advertisements tab holds (mf-admin's admin-api.ts: the endpoint's largest page). */
  const PAGE_SIZE = LIST_PAGE_SIZES.advertisements.max;
  const adsUrl = () => `${e2eEnv().serviceUrls.ads}/api/advertisements`;

  beforeAll(async () => {
    await createAdmin(admin);
    token = await loginDirect(admin);
    // More ads than one page holds (paused: no visitor sees them), ten at a time.
    for (let batch = 0; batch <= PAGE_SIZE; batch += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, PAGE_SIZE + 1 - batch) }, async (_, i) => {
          const title = `Paged ad ${run} ${String(batch + i).padStart(3, '0')}`;
          titles.set(await createDirect(adsUrl(), token, { title, description: 'One of many.', ctaText: 'Go', ctaUrl: 'https://paged.example', status: 'paused' }), title);
        }),
      );
    }
  });

  afterAll(async () => {
    for (const id of titles.keys()) await fetch(`${adsUrl()}/${id}`, { method: 'DELETE', headers: { cookie: `cp_session=${token}` } });
  });

  test('Advertisements: the ads past the first page come with Load more, and one deleted there goes without a reload', async () => {
    // The service's first page (newest first) holds 100 of them; the one it leaves out is on the second.
    const first = (await (await fetch(`${adsUrl()}?limit=${PAGE_SIZE}`, { headers: { cookie: `cp_session=${token}` } })).json()) as CursorPage<Advertisement>;
    const mine = first.items.filter((ad) => titles.has(ad.id));
    expect(mine).toHaveLength(PAGE_SIZE);
    const newest = mine[0]!.title;
    const oldest = [...titles].find(([id]) => !mine.some((ad) => ad.id === id))![1];
    await withPage(async ({ page, context }) => {
      await signIn(context, token);
      await page.goto('/admin');
      await page.getByRole('heading', { name: newest, level: 3 }).waitFor();
      expect(await page.getByRole('heading', { name: oldest, level: 3 }).count()).toBe(0);
      await page.getByRole('button', { name: 'Load more advertisements' }).click();
      await page.getByRole('heading', { name: oldest, level: 3 }).waitFor();

      // A mark on this document: still there after the delete, so the page was not reloaded.
      await page.evaluate(() => Object.assign(window, { notReloaded: true }));
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: `Delete ${oldest}` }).click();
      await expectToast(page, 'Success', 'Advertisement deleted successfully');
      await page.getByRole('heading', { name: oldest, level: 3 }).waitFor({ state: 'detached' });
      expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await page.getByRole('heading', { name: newest, level: 3 }).waitFor();
    });
  });
});
