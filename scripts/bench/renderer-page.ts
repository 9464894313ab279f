/**
 * The renderer's throughput for a listing page (issue 20 §7), as a ratio to serving a static file of the same size,
 * in the same run and through the same gateway process:
 *   1. `GET /listing/{id}` as a visitor gets it: gateway → renderer (the page's head and status today; the whole page
 *      once the renderer renders it), one URL over and over — whatever the gateway keeps of the renderer's answer may
 *      answer most of them;
 *   2. the same page with a new query string on every request (`?utm_source=bench&utm_content=<n>`, as shared links
 *      carry): no per-URL cache answers twice, so the renderer works for every request;
 *   3. a static file holding exactly the bytes of that page, served by that gateway from its web root.
 * The page is fetched first and its bytes copied into the static file, so its size is whatever the renderer serves
 * now (never a hard-wired size). The gateway is started again for the measurement with a temporary web root (a copy of
 * the shell's build plus that file), and again with its own afterwards: services are not touched.
 * Every request asks as Chromium does (`Accept-Encoding: gzip, deflate, br, zstd`), so both go out compressed as a
 * visitor gets them. The gateway's warnings during each run are counted from its log: a renderer over the gateway's
 * time budget shows there (that page went out without the renderer's part). A page that carries the shell's own
 * <title> before the load (the renderer's part missing) fails the part rather than give a figure that is not its.
 */
import { cpSync, createReadStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { ListingsPageSchema } from '@cp/contracts';
import type { Measure, Measured } from './measure.ts';

/** What Chromium sends: the answers are compressed as a visitor gets them. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
/** The static file's name in the temporary web root (an extension: the gateway serves it as a file, never the page). */
export const STATIC_COPY = 'bench-listing-page.html';
/** Distinct URLs for the every-request-new run: more than a bounded run sends at these rates. */
const DISTINCT_URLS = 200_000;

/** A demo listing for the listing page: the newest with an image (its page's largest paint is that image), else the newest. */
export async function demoListing(gatewayUrl: string): Promise<{ id: string; title: string }> {
  const res = await fetch(`${gatewayUrl}/api/search/listings?page=1&pageSize=24`);
  if (!res.ok) throw new Error(`GET /api/search/listings: ${res.status} ${await res.text()}`);
  const { items } = ListingsPageSchema.parse(await res.json());
  const listing = items.find((l) => l.imageUrls.length > 0) ?? items[0];
  if (!listing) throw new Error('no listing in the demo data');
  return { id: listing.id, title: listing.title };
}

/** One GET on loopback with node:http (no decoding): status, headers and the body's bytes as sent. */
export function getRaw(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, timeout: 10_000 }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url}: no answer in 10 s`)));
    req.on('error', reject);
  });
}

/** The identity bytes and the bytes as a browser gets them (with their encoding) of one URL; refuses anything but 200. */
/** The server-rendered body's state in a page: present when the renderer's body made it in time. */
const RENDERED_BODY = 'id="cp-ssr-state"';

/**
 * The page's bytes, plain and as sent, once it comes whole: with the renderer's body (asked again, at most 30 times,
 * while the renderer warms up: its first pages load the remotes). A page that never does fails the part.
 */
async function sizes(url: string, wantBody = false): Promise<{ plain: Buffer; encoded: number; encoding: string }> {
  for (let attempt = 1; ; attempt++) {
    const plain = await getRaw(url, { 'accept-encoding': 'identity' });
    if (plain.status !== 200) throw new Error(`GET ${url}: ${plain.status}`);
    if (wantBody && !plain.body.includes(RENDERED_BODY)) {
      if (attempt >= 30) throw new Error(`GET ${url}: no server-rendered body in 30 tries: the renderer's part is missing`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    const encoded = await getRaw(url, { 'accept-encoding': BROWSER_ACCEPT_ENCODING });
    if (encoded.status !== 200) throw new Error(`GET ${url}: ${encoded.status}`);
    return { plain: plain.body, encoded: encoded.body.length, encoding: String(encoded.headers['content-encoding'] ?? 'identity') };
  }
}

/** Warnings and errors (pino level ≥ 40) among JSON log lines, counted by message. */
export function countWarnings(lines: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    if (!line.trim() || line.includes('"level":30')) continue; // the access log: most lines, never a warning
    let entry: { level?: unknown; msg?: unknown };
    try {
      entry = JSON.parse(line) as { level?: unknown; msg?: unknown };
    } catch {
      continue;
    }
    if (typeof entry.level !== 'number' || entry.level < 40) continue;
    const msg = typeof entry.msg === 'string' ? entry.msg : '(no message)';
    counts.set(msg, (counts.get(msg) ?? 0) + 1);
  }
  return counts;
}

/** The lines written to `file` after its first `from` bytes, read as a stream (the access log makes it large). */
async function linesSince(file: string, from: number): Promise<string[]> {
  const lines: string[] = [];
  try {
    const rl = readline.createInterface({ input: createReadStream(file, { start: from }), crlfDelay: Infinity });
    for await (const line of rl) if (!line.includes('"level":30')) lines.push(line);
  } catch {
    // no log: nothing to count
  }
  return lines;
}
const sizeOf = (file: string) => {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
};

/** The text of a document's first <title>. */
export function titleOf(html: string): string | undefined {
  return /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
}

export interface RendererBenchOptions {
  gatewayUrl: string;
  /** The shell's build: the temporary web root starts as its copy. */
  webRoot: string;
  /** The gateway's log file (its warnings during each run are counted). */
  gatewayLog: string;
  /** Starts the gateway again with these variables over its own (none: its own again) and waits until it is ready. */
  restartGateway: (env?: Record<string, string>) => Promise<void>;
  listing: { id: string; title: string };
  measure: Measure;
  connections: number;
  durationS: number;
}

export async function benchRendererPage(opts: RendererBenchOptions): Promise<void> {
  const { gatewayUrl, listing, measure } = opts;
  const pagePath = `/listing/${listing.id}`;
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'cp-bench-webroot-'));
  const headers = { 'accept-encoding': BROWSER_ACCEPT_ENCODING };
  let restarted = false;
  try {
    // The page as the renderer serves it now: its bytes become the static file.
    const page = await sizes(gatewayUrl + pagePath, true);
    cpSync(opts.webRoot, tmp, { recursive: true });
    writeFileSync(path.join(tmp, STATIC_COPY), page.plain);
    restarted = true;
    await opts.restartGateway({ WEB_ROOT: tmp });
    const file = await sizes(`${gatewayUrl}/${STATIC_COPY}`);
    if (!file.plain.equals(page.plain)) throw new Error(`the gateway's ${STATIC_COPY} is not the page's bytes`);
    // The page again from the restarted gateway, and one with a query string as the distinct run sends them.
    const again = await sizes(gatewayUrl + pagePath, true);
    const withQuery = await sizes(`${gatewayUrl}${pagePath}?utm_source=bench&utm_content=check`, true);
    // A page with the shell's own title went out without the renderer's part (over budget, down): not a figure of it.
    const shellTitle = titleOf(readFileSync(path.join(opts.webRoot, 'index.html'), 'utf8'));
    for (const [what, doc] of [['the page', again.plain], ['the page with a query string', withQuery.plain]] as const) {
      if (titleOf(doc.toString('utf8')) === shellTitle) throw new Error(`${what} has the shell's own title "${shellTitle}": the renderer's part is missing`);
    }
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

    console.log('');
    console.log(`bench: the renderer's listing page "${listing.title}" (${pagePath}) vs a static file of the same bytes, through the same gateway`);
    console.log(`  ${opts.connections} connections, ${opts.durationS} s each (after a 2 s warm-up), Accept-Encoding: ${BROWSER_ACCEPT_ENCODING}`);
    console.log(`  page: ${page.plain.length} bytes of HTML (${kb(page.plain.length)}), ${again.encoded} bytes as sent (${again.encoding});` +
      ` static file ${STATIC_COPY} in a temporary web root: the same ${file.plain.length} bytes, ${file.encoded} as sent (${file.encoding})`);
    if (again.plain.length !== page.plain.length) console.log(`  (the page was ${again.plain.length} bytes when measured, ${page.plain.length} when copied)`);
    console.log(`  with a query string: ${withQuery.plain.length} bytes of HTML${withQuery.plain.equals(again.plain) ? ' (the same document)' : ''}, ${withQuery.encoded} as sent (${withQuery.encoding})`);
    console.log('');
    console.log('| request | req/s | p50 ms | p99 ms | gateway warnings during the run |');
    console.log('|---|---:|---:|---:|---|');
    const run = async (name: string, url: string | readonly string[]): Promise<Measured> => {
      const from = sizeOf(opts.gatewayLog);
      const r = await measure(name, url, headers);
      await new Promise((resolve) => setTimeout(resolve, 1_000)); // the log reaches its file through this process's pipe
      const counted = [...countWarnings(await linesSince(opts.gatewayLog, from))].map(([msg, n]) => `${n}× ${msg}`).join('; ');
      const warnings = counted ? `${counted} (${r.answered} answers, warm-up included)` : 'none';
      console.log(`| ${name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${warnings.replace(/\|/g, '\\|')} |`);
      return r;
    };
    const same = await run(`GET ${pagePath} (one URL)`, gatewayUrl + pagePath);
    const distinct = await run(
      `GET ${pagePath}?utm_source=bench&utm_content=<n> (a new URL each request)`,
      Array.from({ length: DISTINCT_URLS }, (_, n) => `${gatewayUrl}${pagePath}?utm_source=bench&utm_content=${n}`),
    );
    const stat = await run(`GET /${STATIC_COPY} (static, same bytes)`, `${gatewayUrl}/${STATIC_COPY}`);
    console.log('');
    console.log(
      `  the renderer's listing page / a static file of the same bytes, req/s through the same gateway: ${(same.rps / stat.rps).toFixed(2)}× (one URL), ` +
        `${(distinct.rps / stat.rps).toFixed(2)}× (a new URL each request)`,
    );
  } finally {
    try {
      if (restarted) await opts.restartGateway();
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
}
