import { withPage } from './support/browser.ts';
import { createAdmin, mainNav, newUser, openAccountMenu, registerDirect, signIn, submitLogin } from './support/site.ts';

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
