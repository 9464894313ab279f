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

/** Home's first view is there: mf-listings' home chunk rendered its sections (not the shell's skeletons). */
export const homeFirstView = (page: Page) => page.getByRole('heading', { name: 'Browse by Category' }).waitFor({ timeout: 60_000 });

/** A page's own content is there: a heading inside its main area (a skeleton has none). */
export const mainHeading = (page: Page) => page.locator('main').getByRole('heading').first().waitFor({ timeout: 60_000 });

