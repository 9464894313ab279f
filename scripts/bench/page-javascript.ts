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

/** Every JavaScript response of `page` while it loads `url` until the network is idle, gzip-compressed (level 9). */
export async function pageJavaScript(page: Page, url: string): Promise<JsFile[]> {
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
    await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    const files = (await Promise.all(pending)).filter((f): f is JsFile => f !== undefined);
    return files.sort((a, b) => b.gzip - a.gzip);
  } finally {
    page.off('response', onResponse);
  }
}
