import { withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { expectToast, newUser, openAccountMenu, openRegisterForm, registerDirect, registerThroughForm, signIn, submitLogin } from './support/site.ts';
import { mailbox } from '../infra/src/mailbox.ts';

const DAY_S = 24 * 60 * 60;

describe('auth (spec §2 Auth, §4 session, §5 register rules, §8 messages)', () => {
  test('register → logout → login with "Remember me for 30 days" → the profile menu shows name and e-mail', async () => {
    const user = newUser('reg');
    await withPage(async ({ page, context }) => {
      await registerThroughForm(page, user);
      await expectToast(page, 'Your account has been created successfully.');
      await page.waitForURL((url) => url.pathname === '/');

      // Without remember me the cookie lives for the browser session only.
      const first = (await context.cookies()).find((c) => c.name === 'cp_session');
      expect(first).toMatchObject({ httpOnly: true, expires: -1 });

      const name = `${user.firstName} ${user.lastName}`;
      let menu = await openAccountMenu(page, name);
      await menu.getByRole('menuitem', { name: 'Logout' }).click();
      await page.getByRole('link', { name: 'Login' }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect((await context.cookies()).find((c) => c.name === 'cp_session')).toBeUndefined();

      await page.getByRole('link', { name: 'Login' }).first().click();
      await page.waitForURL('**/auth');
      await submitLogin(page, user.username, user.password, true);
      // A full page redirect to / (spec §4); the new document knows the user from GET /api/auth/user, and shows the
      // login's toast after the reload.
      await page.waitForURL((url) => url.pathname === '/');
      await expectToast(page, 'You have successfully logged in.');
      menu = await openAccountMenu(page, name);
      await menu.getByText(name, { exact: true }).waitFor();
      await menu.getByText(user.email, { exact: true }).waitFor();
      await menu.getByRole('menuitem', { name: 'My Listings' }).waitFor();

      const remembered = (await context.cookies()).find((c) => c.name === 'cp_session');
      expect(remembered?.httpOnly).toBe(true);
      const days = ((remembered?.expires ?? 0) - Date.now() / 1000) / DAY_S;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThanOrEqual(30);
    });
  });

  test('logout clears the user and goes home even when the call fails (spec §4)', async () => {
    const user = newUser('out');
    const token = await registerDirect(user);
    await withPage(async ({ page, context }) => {
      await signIn(context, token);
      await page.route('**/api/logout', (route) => route.abort('connectionreset'));
      await page.goto('/contact');
      const menu = await openAccountMenu(page, `${user.firstName} ${user.lastName}`);
      await menu.getByRole('menuitem', { name: 'Logout' }).click();
      await page.getByRole('link', { name: 'Login' }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.getByRole('button', { name: /^Account menu for/ }).count()).toBe(0);
    });
  });

  test('a wrong password shows "Login Failed" / "Invalid username or password" and keeps the user on /auth', async () => {
    const user = newUser('wrong');
    await registerDirect(user);
    await withPage(async ({ page, context }) => {
      await page.goto('/auth');
      await submitLogin(page, user.username, `${user.password}-not`);
      await expectToast(page, 'Login Failed', 'Invalid username or password');
      expect(new URL(page.url()).pathname).toBe('/auth');
      expect((await context.cookies()).find((c) => c.name === 'cp_session')).toBeUndefined();
      await page.getByRole('link', { name: 'Login' }).first().waitFor();
    });
  });

  test('register validation: required fields, password minimum 6, passwords do not match, terms, username taken, e-mail registered', async () => {
    const existing = newUser('taken');
    await registerDirect(existing);
    await withPage(async ({ page, context }) => {
      const form = await openRegisterForm(page);
      const submit = () => form.getByRole('button', { name: 'Create Account' }).click();
      const alert = (text: string) => form.getByRole('alert').filter({ hasText: text });

      await submit();
      await alert('Username is required').waitFor();
      await alert('Password is required').waitFor();
      await alert('You must accept the Terms & Conditions to create an account').waitFor();

      const fresh = newUser('val');
      await form.getByLabel('Username').fill(fresh.username);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill('abc12');
      await form.getByRole('textbox', { name: 'Confirm password', exact: true }).fill('abc12');
      await submit();
      await alert('Password must be at least 6 characters').waitFor();

      await alert('You must accept the Terms & Conditions to create an account').waitFor();

      // Every problem shows at once: the confirmation is compared even while the terms are not accepted yet.
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill(fresh.password);
      await form.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(`${fresh.password}x`);
      await submit();
      await alert('Passwords do not match').waitFor();
      await alert('You must accept the Terms & Conditions to create an account').waitFor();
      await form.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
      await submit();
      await alert('Passwords do not match').waitFor();
      expect(await form.getByRole('alert').filter({ hasText: 'Password must be at least' }).count()).toBe(0);
      expect(await form.getByRole('alert').filter({ hasText: 'Terms & Conditions' }).count()).toBe(0);

      await form.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(fresh.password);
      await form.getByLabel('Username').fill(existing.username);
      await submit();
      await expectToast(page, 'Registration Failed', 'This username is already taken. Please choose another.');
      expect(await form.getByRole('alert').count()).toBe(0);

      await form.getByLabel('Username').fill(fresh.username);
      await form.getByLabel('Email').fill(existing.email.toUpperCase());
      await submit();
      await expectToast(page, 'Registration Failed', 'This email is already registered. Please use a different email.');

      // Nothing was created: still logged out, still on /auth.
      expect(new URL(page.url()).pathname).toBe('/auth');
      expect((await context.cookies()).find((c) => c.name === 'cp_session')).toBeUndefined();
    });
  });

  test('forgot password → the real e-mail → reset → login with the new password (the old one no longer works)', async () => {
    const user = newUser('reset');
    await registerDirect(user);
    const newPassword = `${user.password}-new`;
    const mail = mailbox(e2eEnv().infra);
    await withPage(async ({ page, site }) => {
      await page.goto('/auth');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/forgot-password');
      await page.getByLabel('Email').fill(user.email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
      await page.getByText('The link expires in 1 hour').waitFor();

      const message = await mail.waitFor(user.email, (m) => /reset-password\?token=/.test(m.text));
      const link = /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(message.text)?.[1];
      expect(link).toBeDefined();
      expect(new URL(link!).origin).toBe(new URL(site).origin);

      await page.goto(link!);
      await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
      await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('short');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('alert').filter({ hasText: 'Password must be at least 8 characters long' }).first().waitFor();
      await page.getByRole('textbox', { name: 'New password', exact: true }).fill(newPassword);
      await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(`${newPassword}!`);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('alert').filter({ hasText: 'Passwords do not match' }).waitFor();
      await page.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill(newPassword);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('heading', { name: 'Password Reset Successful' }).waitFor();
      await page.waitForURL('**/auth', { timeout: 15_000 });

      await submitLogin(page, user.username, user.password);
      await expectToast(page, 'Login Failed', 'Invalid username or password');
      await submitLogin(page, user.username, newPassword);
      await page.waitForURL((url) => url.pathname === '/');
      await openAccountMenu(page, `${user.firstName} ${user.lastName}`);
    });
  });

  test('reset page without a token: "Invalid Link" toast, then /forgot-password', async () => {
    await withPage(async ({ page }) => {
      await page.goto('/reset-password');
      await expectToast(page, 'Invalid Link', 'This password reset link is invalid or expired.');
      await page.waitForURL('**/forgot-password', { timeout: 15_000 });
      await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
      expect(await page.evaluate(() => location.search)).toBe('');
    });
  });
});
