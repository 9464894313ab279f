/**
 * Every kind of page's JavaScript against the budget (issue 20 §7: ≤ 190 KB gzip, of which our code ≤ 40 KB), signed
 * out and signed in: the figures `e2e/page-budget.test.ts` guards, printed by `npm run bench` as one table. Alone
 * against a running site: `node_modules/.bin/node scripts/bench/page-weights.ts http://localhost:8080`.
 */
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../infra/src/chromium.ts';
import { mainHeading, pageJavaScript, type JsFile } from './page-javascript.ts';
import { HOME_JS_BUDGET_KB, javascriptShare, OWN_CODE, OWN_CODE_BUDGET_KB, type JavaScriptShare } from './stack-share.ts';

export interface PageWeight {
  page: string;
  signedIn: boolean;
  /** KB gzip, each file compressed alone; undefined when the page could not be measured (`error` says why). */
  totalKb?: number;
  ownKb?: number;
  error?: string;
}

/** A new member's session cookie value, registered through the site's API (the bench's own account). */
export async function benchSession(site: string, username = `bench_pages_${Date.now().toString(36)}`): Promise<string> {
  const response = await fetch(`${site}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(site).origin },
    body: JSON.stringify({ username, password: `${username}-password`, email: `${username}@example.com`, termsAccepted: true }),
    signal: AbortSignal.timeout(15_000),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('cp_session='));
  if (response.status !== 201 || !cookie) throw new Error(`registering ${username}: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0]!.slice('cp_session='.length);
}

/** Runs `use` with a headless Chromium (Debian's), closed afterwards. */
export async function withChromium<T>(use: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}

export interface MeasuredPage {
  files: JsFile[];
  /** The same files split into the required stack and our code (stack-share.ts). */
  share: JavaScriptShare;
}

/**
 * One page's JavaScript in a fresh context of `browser` (1280×900; signed in with `session`): every file it loaded
 * until `ready` and the network is idle (pageJavaScript), and what they are made of (javascriptShare).
 */
export async function measurePage(browser: Browser, url: string, ready: (page: Page) => Promise<unknown>, session?: string): Promise<MeasuredPage> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    if (session) await context.addCookies([{ name: 'cp_session', value: session, url: new URL(url).origin, httpOnly: true, sameSite: 'Lax' }]);
    const files = await pageJavaScript(await context.newPage(), url, ready);
    return { files, share: await javascriptShare(files.map((f) => new URL(f.path, url).href)) };
  } finally {
    await context.close();
  }
}

/**
 * Measures each of `paths` (measurePage), signed out and, with `session`, signed in, until the page's own heading is
 * React's and the network is idle. A page that fails is a row with its error; the next goes on.
 */
export function pageWeights(site: string, paths: readonly string[], session?: string): Promise<PageWeight[]> {
  return withChromium(async (browser) => {
    const rows: PageWeight[] = [];
    for (const signedIn of session ? [false, true] : [false]) {
      for (const page of paths) {
        try {
          const { files, share } = await measurePage(
            browser,
            `${site}${page}`,
            async (p) => {
              await mainHeading(p);
              // Signed in, the session's answer is in: the header's Messages link (and what it loads) is there.
              if (signedIn) await p.getByRole('link', { name: /^Messages/ }).first().waitFor({ timeout: 60_000 });
            },
            signedIn ? session : undefined,
          );
          rows.push({ page, signedIn, totalKb: files.reduce((sum, f) => sum + f.gzip, 0) / 1024, ownKb: share.gzip[OWN_CODE] / 1024 });
        } catch (error) {
          rows.push({ page, signedIn, error: (error as Error).message.split('\n')[0] });
        }
      }
    }
    return rows;
  });
}

export function printPageWeights(rows: readonly PageWeight[]): void {
  const mark = (kb: number | undefined, budget: number) => (kb === undefined ? '—' : `${kb.toFixed(1)}${kb > budget ? ' (over)' : ''}`);
  console.log('');
  console.log(`every page's JavaScript, KB gzip (budget ${HOME_JS_BUDGET_KB}, of which our code ${OWN_CODE_BUDGET_KB}):`);
  console.log('');
  console.log('| page | visitor | total | our code |');
  console.log('|---|---|---:|---:|');
  for (const row of rows) {
    console.log(`| ${row.page} | ${row.signedIn ? 'signed in' : 'signed out'} | ${row.error ? `failed: ${row.error}` : mark(row.totalKb, HOME_JS_BUDGET_KB)} | ${mark(row.ownKb, OWN_CODE_BUDGET_KB)} |`);
  }
  console.log('');
}

if (import.meta.main) {
  const site = process.argv[2] ?? 'http://localhost:8080';
  const paths = process.argv.slice(3);
  printPageWeights(await pageWeights(site, paths.length > 0 ? paths : ['/', '/listings', '/forum', '/businesses', '/yellow-pages', '/auth'], await benchSession(site)));
}
