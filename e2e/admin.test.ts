import { LIST_PAGE_SIZES, type CursorPage } from '@cp/contracts';
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
  const cookie = () => ({ cookie: `cp_session=${token}` });

  /** One tab over a real list: where its items are created, listed and deleted, what a page of the tab holds. */
  interface PagedTab {
    tab: string;
    noun: string;
    /** What a page of the tab holds (mf-admin's admin-api.ts: the endpoint's largest page). */
    pageSize: number;
    createUrl: () => string;
    listUrl: () => string;
    itemUrl: (id: string) => string;
    body: (title: string) => Record<string, unknown>;
    deleted: string;
    /** The items made here: id → title. */
    made: Map<string, string>;
  }
  const tabs: PagedTab[] = [
    {
      tab: 'Advertisements',
      noun: 'advertisements',
      pageSize: LIST_PAGE_SIZES.advertisements.max,
      createUrl: () => `${e2eEnv().serviceUrls.ads}/api/advertisements`,
      listUrl: () => `${e2eEnv().serviceUrls.ads}/api/advertisements`,
      itemUrl: (id) => `${e2eEnv().serviceUrls.ads}/api/advertisements/${id}`,
      // Paused: no visitor sees them.
      body: (title) => ({ title, description: 'One of many.', ctaText: 'Go', ctaUrl: 'https://paged.example', status: 'paused' }),
      deleted: 'Advertisement deleted successfully',
      made: new Map(),
    },
    {
      tab: 'Yellow Pages',
      noun: 'businesses',
      pageSize: LIST_PAGE_SIZES.businesses.max,
      createUrl: () => `${e2eEnv().serviceUrls.directory}/api/admin/businesses`,
      listUrl: () => `${e2eEnv().serviceUrls.directory}/api/businesses`,
      itemUrl: (id) => `${e2eEnv().serviceUrls.directory}/api/admin/businesses/${id}`,
      body: (name) => ({ name, mainCategory: 'Driving Schools', description: 'One of many.', address: '1 Paged St, Carlisle, PA', phone: '717-555-0190' }),
      deleted: 'Business deleted successfully',
      made: new Map(),
    },
  ];

  beforeAll(async () => {
    await createAdmin(admin);
    token = await loginDirect(admin);
  });

  afterAll(async () => {
    for (const t of tabs) for (const id of t.made.keys()) await fetch(t.itemUrl(id), { method: 'DELETE', headers: cookie() });
  });

  test.each(tabs)('$tab: the items past the first page come with Load more, and one deleted there goes without a reload', async (t) => {
    // More items than one page holds, ten at a time.
    for (let batch = 0; batch <= t.pageSize; batch += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, t.pageSize + 1 - batch) }, async (_, i) => {
          const title = `Paged ${t.noun} ${run} ${String(batch + i).padStart(3, '0')}`;
          t.made.set(await createDirect(t.createUrl(), token, t.body(title)), title);
        }),
      );
    }
    // The service's first page holds at most a page of them; one it leaves out is on a later page.
    const first = (await (await fetch(`${t.listUrl()}?limit=${t.pageSize}`, { headers: cookie() })).json()) as CursorPage<{ id: string }>;
    expect(first.items).toHaveLength(t.pageSize);
    const shown = first.items.filter((item) => t.made.has(item.id));
    expect(shown.length).toBeGreaterThan(0);
    const later = [...t.made].find(([id]) => !shown.some((item) => item.id === id))![1];
    const onFirst = t.made.get(shown[0]!.id)!;
    await withPage(async ({ page, context }) => {
      await signIn(context, token);
      await page.goto('/admin');
      await page.getByRole('tab', { name: t.tab }).click();
      await page.getByRole('heading', { name: onFirst, level: 3 }).waitFor();
      expect(await page.getByRole('heading', { name: later, level: 3 }).count()).toBe(0);
      // Load more until the item shows (the tab's pages are the service's).
      while ((await page.getByRole('heading', { name: later, level: 3 }).count()) === 0) {
        await page.getByRole('button', { name: `Load more ${t.noun}` }).click();
        await page.getByRole('heading', { name: later, level: 3 }).or(page.getByRole('button', { name: `Load more ${t.noun}` })).first().waitFor();
      }

      // A mark on this document: still there after the delete, so the page was not reloaded.
      await page.evaluate(() => Object.assign(window, { notReloaded: true }));
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: `Delete ${later}` }).click();
      await expectToast(page, 'Success', t.deleted);
      await page.getByRole('heading', { name: later, level: 3 }).waitFor({ state: 'detached' });
      expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
      await page.getByRole('heading', { name: onFirst, level: 3 }).waitFor();
    });
  });
});
