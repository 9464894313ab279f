import { spawn } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../infra/src/paths.ts';
import { withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { mainNav, newUser, openAccountMenu, registerDirect, signIn, submitLogin, type TestUser } from './support/site.ts';

/** `npm run admin -- <username> --create <email>` (services/identity/src/cli/make-admin.ts) against the e2e database. */
function createAdmin(user: TestUser): Promise<void> {
  const root = repoRoot();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'services/identity/src/cli/make-admin.ts'), user.username, '--create', user.email], {
      cwd: root,
      env: { ...process.env, MONGO_URL: e2eEnv().infra.MONGO_URL, ADMIN_PASSWORD: user.password },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(`make-admin exited with ${code}: ${output}`));
    });
  });
}

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
