import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { MongoClient } from 'mongodb';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { mailbox } from '../../infra/src/mailbox.ts';
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

/**
 * The e-mail verification link identity mailed to `email` (the newest one not in `skip`: mail ids), read from the mail
 * catcher.
 */
export async function mailedVerificationLink(email: string, skip: ReadonlySet<string> = new Set()): Promise<string> {
  const mail = await mailbox(e2eEnv().infra).waitFor(email, (m) => m.subject === 'Verify your e-mail address' && !skip.has(m.id), 30_000);
  const link = /(https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no verification link in the mail to ${email}`);
  return link;
}

/**
 * Verifies a registered user's e-mail address the honest way: the link comms mailed them (made by identity), its token posted to the
 * identity service directly (test set-up, like registerDirect).
 */
export async function verifyDirect(user: Pick<TestUser, 'email'>): Promise<void> {
  const token = new URL(await mailedVerificationLink(user.email)).searchParams.get('token');
  const res = await fetch(`${e2eEnv().identityUrl}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status !== 200) throw new Error(`verify ${user.email}: ${res.status} ${await res.text()}`);
}

/**
 * Test set-up for what only time makes: an account registered `days` ago (identity's stored `createdAt`), so its
 * reviews count at once instead of being held for its first day. A browser test cannot wait a day; the hold and its
 * release are tested on an injected clock in services/directory/test/real-reviewers.test.ts. Call it before the
 * account's first request to another service (they cache identity's answer briefly).
 */
export async function backdateAccount(user: Pick<TestUser, 'username'>, days: number): Promise<void> {
  const client = await MongoClient.connect(e2eEnv().infra.MONGO_URL);
  try {
    const res = await client
      .db('identity')
      .collection('users')
      .updateOne({ usernameLower: user.username.toLowerCase() }, { $set: { createdAt: new Date(Date.now() - days * 24 * 60 * 60 * 1000) } });
    if (res.matchedCount !== 1) throw new Error(`backdate ${user.username}: no such user`);
  } finally {
    await client.close();
  }
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

/**
 * Creates something through a service directly as the user of `token` (test data set-up, like registerDirect): a POST
 * that must answer 201; returns the new record's id.
 */
export async function createDirect(url: string, token: string, body: unknown): Promise<string> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `cp_session=${token}` }, body: JSON.stringify(body), signal: AbortSignal.timeout(15_000) });
  if (res.status !== 201) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

/**
 * Opens a conversation about a listing through the messages service directly, as the user of `token`, with its first
 * message (test data set-up, like createDirect); returns the conversation's id.
 */
export async function openConversationDirect(token: string, listingId: string, text: string): Promise<string> {
  const url = `${e2eEnv().serviceUrls.messages}/api/conversations`;
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `cp_session=${token}` }, body: JSON.stringify({ listingId, text }), signal: AbortSignal.timeout(15_000) });
  if (res.status !== 201) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { conversation: { id: string } }).conversation.id;
}

/** Puts a session cookie into a browser context, as the site would have set it. */
export async function signIn(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([{ name: 'cp_session', value: token, url: e2eEnv().site, httpOnly: true, sameSite: 'Lax' }]);
}

/**
 * Opens a page of the site until it answers `status` (bounded: 30 s), and returns the last load's status. A page's
 * status is the renderer's, given within the gateway's time budget; on this shared two-core machine a render can miss
 * it, and the page then goes out with the generic head and 200, by design (the browser renders the page). Judging that
 * one load would judge the machine's load, not the page; a page that never answers `status` still fails.
 */
export async function gotoUntilStatus(page: Page, path: string, status: number, timeoutMs = 30_000): Promise<number | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = (await page.goto(path))?.status();
    if (answer === status || Date.now() > deadline) return answer;
  }
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

/** Picks `option` in the select (Radix combobox) labelled `label` in `scope`; its options open in a portal of `page`. */
export async function chooseOption(scope: Page | Locator, page: Page, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * After Post Ad: the success toast and the form closed, then the new listing's link under Recent Listings on home
 * followed to its page. Gives the listing's id.
 */
export async function openPostedListing(page: Page, form: Locator, title: string): Promise<string> {
  await expectToast(page, 'Success!', 'Your ad has been posted successfully.');
  await form.waitFor({ state: 'detached' });
  const recent = page.locator('section', { has: page.getByRole('heading', { name: 'Recent Listings' }) });
  const link = recent.getByRole('link', { name: title });
  await link.waitFor();
  const id = (await link.getAttribute('href'))!.split('/').pop()!;
  await link.click();
  await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  return id;
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

/** Opens the sign-in page (/auth) on its Register tab; returns the tab's form. */
export async function openRegisterForm(page: Page): Promise<Locator> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  return page.getByRole('tabpanel', { name: 'Register' });
}

/** Registers the user as a person does: the Register form filled in, the terms accepted, Create Account clicked. */
export async function registerThroughForm(page: Page, user: TestUser): Promise<void> {
  const form = await openRegisterForm(page);
  await form.getByLabel('Username').fill(user.username);
  await form.getByLabel('Email').fill(user.email);
  await form.getByLabel('First name').fill(user.firstName);
  await form.getByLabel('Last name').fill(user.lastName);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await form.getByRole('textbox', { name: 'Confirm password', exact: true }).fill(user.password);
  await form.getByRole('checkbox', { name: /I agree to the Terms/ }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
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

/**
 * Stops a deployable of the running stack (by its folder: `mf-events`, `events`), for a test of the site without it; a
 * team's own tests use it for their deployables (global-setup.ts's control server).
 */
export async function stopDeployable(name: string): Promise<void> {
  const res = await fetch(`${e2eEnv().controlUrl}/deployable/stop?${new URLSearchParams({ name })}`, { method: 'POST', signal: AbortSignal.timeout(60_000) });
  if (!res.ok) throw new Error(`stop ${name}: ${res.status} ${await res.text()}`);
}

/** Starts a deployable again, with `env` over its configuration (none: as configured); a remote is served when it returns. */
export async function restartDeployable(name: string, env: Record<string, string> = {}): Promise<void> {
  const res = await fetch(`${e2eEnv().controlUrl}/deployable/restart?${new URLSearchParams({ ...env, name })}`, { method: 'POST', signal: AbortSignal.timeout(90_000) });
  if (!res.ok) throw new Error(`restart ${name}: ${res.status} ${await res.text()}`);
}
