import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { repoRoot } from '../../infra/src/paths.ts';
import { e2eEnv } from './env.ts';

export interface TestUser {
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** A user nobody registered yet (names unique per run and test). */
export function newUser(prefix = 'u'): TestUser {
  const id = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return { username: `${prefix}_${id}`, password: `pw-${id}`, email: `${prefix}.${id}@example.com`, firstName: 'Priya', lastName: `Patel${id.slice(-4)}` };
}

/** The session token a response of identity set. */
const sessionOf = (res: Response): string => {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('cp_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!.slice('cp_session='.length);
};

/**
 * Registers a user through the identity service directly (test data set-up, not the behaviour under test; it
 * keeps the gateway's per-IP auth limit for the browser) and returns its session cookie.
 */
export async function registerDirect(user: TestUser): Promise<string> {
  const res = await fetch(`${e2eEnv().identityUrl}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password, email: user.email, firstName: user.firstName, lastName: user.lastName, termsAccepted: true }),
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status !== 201) throw new Error(`register ${user.username}: ${res.status} ${await res.text()}`);
  return sessionOf(res);
}

/** Logs a user in through the identity service directly (test set-up); returns its session token. */
export async function loginDirect(user: Pick<TestUser, 'username' | 'password'>): Promise<string> {
  const res = await fetch(`${e2eEnv().identityUrl}/api/local-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: user.username, password: user.password }),
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status !== 200) throw new Error(`login ${user.username}: ${res.status} ${await res.text()}`);
  return sessionOf(res);
}

/** `npm run admin -- <username> --create <email>` (services/identity/src/cli/make-admin.ts) against the e2e database. */
export function createAdmin(user: TestUser): Promise<void> {
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

/** Puts a session cookie into a browser context, as the site would have set it. */
export async function signIn(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([{ name: 'cp_session', value: token, url: e2eEnv().site, httpOnly: true, sameSite: 'Lax' }]);
}

/** The toast region (Radix viewport) and its open toasts. */
export function openToasts(page: Page): Locator {
  // includeHidden: while a modal dialog is open, Radix marks everything outside it aria-hidden, the toast viewport
  // too (screen readers still hear the toast: Radix announces it through a live region added after the dialog).
  return page.getByRole('region', { name: /notifications/i, includeHidden: true }).locator('li[data-state="open"]');
}

/** Waits for an open toast with this title (and text), and checks it is the only one open (spec §8). */
export async function expectToast(page: Page, title: string, text?: string): Promise<void> {
  let toast = openToasts(page).filter({ hasText: title });
  if (text) toast = toast.filter({ hasText: text });
  await toast.first().waitFor();
  expect(await openToasts(page).count()).toBe(1);
}

/** The header's main navigation (desktop). */
export const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Opens the profile menu of the header and returns it. */
export async function openAccountMenu(page: Page, displayName: string): Promise<Locator> {
  await page.getByRole('button', { name: `Account menu for ${displayName}` }).click();
  const menu = page.getByRole('menu');
  await menu.waitFor();
  return menu;
}

/** Fills and submits the login tab of /auth (the page must be open). */
export async function submitLogin(page: Page, username: string, password: string, rememberMe = false): Promise<void> {
  const panel = page.getByRole('tabpanel', { name: 'Login' });
  await panel.getByLabel('Username').fill(username);
  await panel.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  if (rememberMe) await panel.getByRole('checkbox', { name: 'Remember me for 30 days' }).check();
  await panel.getByRole('button', { name: 'Login' }).click();
}

/**
 * Scrolls the page down to its end the way a visitor does (steps, with time for the sections below the first screen
 * to notice they are near the viewport and render), then waits for the network to settle.
 */
export async function scrollThroughPage(page: Page, stepPx = 600): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.mouse.wheel(0, stepPx);
    await page.waitForTimeout(120);
    const atEnd = await page.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2);
    if (atEnd) break;
  }
  await page.waitForLoadState('networkidle');
}
