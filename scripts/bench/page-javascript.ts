/**
 * The JavaScript a page loads (issue 3 §7): every JavaScript response until the network is idle, gzip-compressed.
 * Used by the bench (home-page.ts) and the browser tests' guard (e2e/home-budget.test.ts).
 */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';

export interface JsFile {
  path: string;
  gzip: number;
  transferred: number;
  encoding: string;
}

/**
 * Every JavaScript response of `page` while it loads `url`, gzip-compressed (level 9): after the page's own first view
 * is there (`ready`: e.g. a heading the remote renders), until the network is idle. Idleness alone is no proof: on a
 * busy machine the shell's script can run for longer than the idle window before it asks for the remote, and the
 * page would be judged without it.
 */
export async function pageJavaScript(page: Page, url: string, ready: (page: Page) => Promise<unknown>): Promise<JsFile[]> {
  const pending: Array<Promise<JsFile | undefined>> = [];
  const onResponse = (response: Response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    if (type !== 'script' && !/javascript/.test(contentType)) return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => undefined);
        if (!body || !response.ok()) return undefined;
        const sizes = await response.request().sizes().catch(() => undefined);
        return {
          path: new URL(response.url()).pathname,
          gzip: gzipSync(body, { level: 9 }).length,
          transferred: sizes?.responseBodySize ?? body.length,
          encoding: response.headers()['content-encoding'] ?? 'identity',
        };
      })(),
    );
  };
  page.on('response', onResponse);
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await ready(page);
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    const files = (await Promise.all(pending)).filter((f): f is JsFile => f !== undefined);
    return files.sort((a, b) => b.gzip - a.gzip);
  } finally {
    page.off('response', onResponse);
  }
}

/**
 * Resolves once a heading of the page (in `scope`; named `name` when given) is React's: hydrated or rendered by the
 * code that shows it. A server-rendered page has its headings before any script ran (issue 20), so a heading that is
 * merely there proves nothing about which scripts the page needed; one React owns (its `__reactProps$` key) does.
 */
function reactHeading(page: Page, scope: string, name?: string) {
  return page.waitForFunction(
    ([scope, name]) =>
      // The page's document (this file is typed without the DOM library).
      [...(globalThis as unknown as { document: { querySelectorAll(s: string): Iterable<{ textContent: string | null }> } }).document.querySelectorAll(`${scope} :is(h1, h2, h3, h4, h5, h6, [role=heading])`)].some(
        (h) => (name === undefined || h.textContent?.trim() === name) && Object.keys(h).some((k) => k.startsWith('__reactProps$')),
      ),
    [scope, name] as const,
    { timeout: 60_000 },
  );
}

/** Home's first view is there: mf-listings' home chunk rendered (hydrated) its sections, not only the server's HTML. */
export const homeFirstView = (page: Page) => reactHeading(page, 'main', 'Browse by Category');

/** A page's own content is there: a heading inside its main area that React owns (a skeleton has none). */
export const mainHeading = (page: Page) => reactHeading(page, 'main');
