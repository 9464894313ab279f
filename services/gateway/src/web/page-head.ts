/**
 * The page from the renderer (issue 20): `GET /internal/page?path=<path and query>` on the renderer's upstreams (the
 * gateway's pools and breakers), read as its two frames arrive (contracts' page-head.ts): the head frame (status and
 * head) as soon as the renderer knows them, then the body frame. web.ts sends the document's start on the first and its
 * rest on the second, so the browser has the head and the styles while the body is still being rendered.
 * Within one budget for both frames. A whole answer the renderer marks as reusable (a head without a body) is kept
 * briefly in a bounded LRU: a change shows within the TTL. Renderer slow, down or answering nonsense → no head (and a
 * log line): the page goes out as it always did, 200 with the shell's head; a body that does not come in time → none,
 * and the browser renders the page.
 */
import {
  PAGE_STREAM_PATH,
  PageBodyFrameSchema,
  PageHeadFrameSchema,
  REMOTE_VERSIONS_HEADER,
  SITE_SETTINGS_HEADER,
  type PageAnswer,
  type PageBody,
  type PageHeadFrame,
  type SiteSettings,
} from '@cp/contracts';
import type { Logger } from '@cp/service-kit';
import type { UpstreamGroup } from '../shared/upstream.ts';

/** A page on its way from the renderer: its head frame first, its body later (each undefined when it does not come). */
export interface PageInFlight {
  head: Promise<PageHeadFrame | undefined>;
  body: Promise<PageBody | undefined>;
  /** Whether the body is in already (a kept answer, or a renderer faster than the gateway): the page goes out whole. */
  bodySettled(): boolean;
}

/** `previewer`: a link previewer or a search engine asks (a longer wait; kit's isLinkPreviewer). */
/**
 * `remoteVersions`: the versions of the remotes with a release this visitor is served (contracts'
 * REMOTE_VERSIONS_HEADER): the renderer is told, and the page is kept per versions.
 */
export type PageSource = (target: string, log: Logger, opts?: { previewer?: boolean; remoteVersions?: string }) => PageInFlight | undefined;

export interface PageSourceOptions {
  /** The whole wait for the renderer's two frames (ms). */
  timeoutMs: number;
  /** The wait for a link previewer or a search engine (ms); the renderer is told, and gives itself a longer budget. */
  previewerTimeoutMs?: number;
  /** How long an answer is reused (ms); 0: never. */
  ttlMs: number;
  /** At most this many answers are kept (least recently used go first). */
  maxEntries: number;
  /** And at most this many bytes of them. */
  maxBytes?: number;
  /** The site settings the gateway writes into every page: the renderer renders the body with them. */
  siteSettings?: SiteSettings;
  /**
   * Told how each page was found (issue 36's cache hits): `hit` (a kept answer, the renderer not asked), `shared` (the
   * same page already on its way), `miss` (the renderer asked).
   */
  onLookup?: (outcome: PageLookup) => void;
  now?: () => number;
}

/** How a page's answer was found: kept, shared with a request already asking, or asked of the renderer. */
export type PageLookup = 'hit' | 'shared' | 'miss';

/** Longer targets are not asked about (no page of the site has one): the page goes out with the shell's head. */
export const MAX_PAGE_TARGET = 2048;
/** A head and a server-rendered body with its state (contracts' PAGE_BODY_MAX_CHARS each, with room). */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/** What one request to the renderer yields: the frames as they come, and whether the whole may be kept. */
interface Asked {
  head: Promise<PageHeadFrame | undefined>;
  body: Promise<PageBody | undefined>;
  /** Resolves once the exchange is over: the whole answer when it may be kept. */
  keep: Promise<{ answer: PageAnswer; bytes: number } | undefined>;
}

/** Splits a byte stream into its lines (UTF-8), at most `maxBytes` in all. */
async function* linesOf(chunks: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<string> {
  let pending = '';
  let total = 0;
  const decoder = new TextDecoder();
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > maxBytes) throw new Error('answer too large');
    pending += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = pending.indexOf('\n')) !== -1) {
      yield pending.slice(0, nl);
      pending = pending.slice(nl + 1);
    }
  }
  pending += decoder.decode();
  if (pending.trim()) yield pending;
}

export function pageSource(renderer: UpstreamGroup, opts: PageSourceOptions): PageSource {
  const now = opts.now ?? Date.now;
  const maxBytes = opts.maxBytes ?? DEFAULT_CACHE_BYTES;
  const settingsHeader = opts.siteSettings ? { [SITE_SETTINGS_HEADER]: Buffer.from(JSON.stringify(opts.siteSettings)).toString('base64url') } : {};
  const cache = new Map<string, { answer: PageAnswer; until: number; bytes: number }>();
  let cachedBytes = 0;
  const drop = (key: string) => {
    const entry = cache.get(key);
    if (!entry) return;
    cache.delete(key);
    cachedBytes -= entry.bytes;
  };
  const inFlight = new Map<string, PageInFlight>();

  function ask(target: string, log: Logger, previewer: boolean, remoteVersions: string | undefined): Asked | undefined {
    const upstream = renderer.pick();
    if (!upstream) {
      log.warn({ target }, 'page: no renderer available (breaker open): the shell head answers');
      return undefined;
    }
    const timeoutMs = previewer ? (opts.previewerTimeoutMs ?? opts.timeoutMs) : opts.timeoutMs;
    const signal = AbortSignal.timeout(timeoutMs);
    let gotHead!: (frame: PageHeadFrame | undefined) => void;
    let gotBody!: (body: PageBody | undefined) => void;
    const head = new Promise<PageHeadFrame | undefined>((resolve) => (gotHead = resolve));
    const body = new Promise<PageBody | undefined>((resolve) => (gotBody = resolve));
    upstream.inFlight++;
    const keep = (async (): Promise<{ answer: PageAnswer; bytes: number } | undefined> => {
      let frame: PageHeadFrame | undefined;
      let bytes = 0;
      try {
        const res = await upstream.pool.request({
          path: `${PAGE_STREAM_PATH}?path=${encodeURIComponent(target)}${previewer ? '&for=previewer' : ''}`,
          method: 'GET',
          headers: { accept: 'application/x-ndjson', ...settingsHeader, ...(remoteVersions ? { [REMOTE_VERSIONS_HEADER]: remoteVersions } : {}) },
          signal,
          headersTimeout: timeoutMs,
          bodyTimeout: timeoutMs,
        });
        upstream.recordSuccess();
        if (res.statusCode !== 200) {
          await res.body.dump();
          log.warn({ target, status: res.statusCode }, 'page: the renderer refused: the shell head answers');
          return undefined;
        }
        // `no-store`: an answer the renderer could not complete (a body not rendered in time, a remote down): used once.
        const reusable = !/no-store/i.test(String(res.headers['cache-control'] ?? ''));
        const lines = linesOf(res.body as AsyncIterable<Buffer>, MAX_ANSWER_BYTES);
        const first = await lines.next();
        if (first.done) throw new Error('no head frame');
        bytes += first.value.length;
        frame = PageHeadFrameSchema.parse(JSON.parse(first.value));
        gotHead(frame);
        if (!frame.body) {
          await res.body.dump();
          gotBody(undefined);
          return reusable ? { answer: { status: frame.status, head: frame.head }, bytes } : undefined;
        }
        const second = await lines.next();
        if (second.done) throw new Error('no body frame');
        bytes += second.value.length;
        const rendered = PageBodyFrameSchema.parse(JSON.parse(second.value)).body ?? undefined;
        gotBody(rendered);
        return reusable ? { answer: { status: frame.status, head: frame.head, ...(rendered ? { body: rendered } : {}) }, bytes } : undefined;
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'ECONNREFUSED' || code === 'UND_ERR_CONNECT_TIMEOUT') upstream.recordConnectFailure();
        const why = signal.aborted ? 'over the time budget' : (err as Error).message;
        if (frame) log.warn({ target, err: why }, 'page: no body from the renderer: the browser renders the page');
        else log.warn({ target, err: why }, 'page: no answer from the renderer: the shell head answers');
        return undefined;
      } finally {
        upstream.inFlight--;
        gotHead(undefined); // no-ops when they came
        gotBody(undefined);
      }
    })();
    return { head, body, keep };
  }

  const whole = (answer: PageAnswer): PageInFlight => ({
    head: Promise.resolve({ status: answer.status, head: answer.head, body: answer.body !== undefined, styles: answer.body?.styles ?? [] }),
    body: Promise.resolve(answer.body),
    bodySettled: () => true,
  });

  return (target, log, askOpts) => {
    const previewer = askOpts?.previewer === true;
    const versions = askOpts?.remoteVersions;
    if (target.length > MAX_PAGE_TARGET) return undefined;
    // A page rendered for other versions of the remotes is another page.
    const key = versions ? `${target} ${versions}` : target;
    const hit = cache.get(key);
    if (hit && hit.until > now()) {
      cache.delete(key); // refresh its place in the LRU order
      cache.set(key, hit);
      opts.onLookup?.('hit');
      return whole(hit.answer);
    }
    if (hit) drop(key);
    // Requests for the same page while one is on its way share it (a previewer's never waits on a person's shorter one).
    const flight = `${previewer ? 'previewer' : 'person'} ${key}`;
    const pending = inFlight.get(flight);
    if (pending) {
      opts.onLookup?.('shared');
      return pending;
    }
    opts.onLookup?.('miss');
    const asked = ask(target, log, previewer, versions);
    if (!asked) return undefined;
    let settled = false;
    const shared: PageInFlight = { head: asked.head, body: asked.body.finally(() => (settled = true)), bodySettled: () => settled };
    inFlight.set(flight, shared);
    void asked.keep.then((got) => {
      inFlight.delete(flight);
      if (!got || opts.ttlMs <= 0 || got.bytes > maxBytes) return;
      drop(key);
      cache.set(key, { answer: got.answer, until: now() + opts.ttlMs, bytes: got.bytes });
      cachedBytes += got.bytes;
      while (cache.size > opts.maxEntries || cachedBytes > maxBytes) drop(cache.keys().next().value!);
    });
    return shared;
  };
}

const ROOT = '<div id="root"></div>';

/** `<link rel="stylesheet">` of each path (checked by the contract: same-origin, nothing to escape). */
const stylesheetLinks = (styles: readonly string[]) => styles.map((href) => `<link rel="stylesheet" href="${href}" />`).join('');

/**
 * index.html for a page rendered on the server (issue 20), in two parts around its empty `<div id="root">`: `start`
 * goes out as soon as the page's head is known, `finish(body)` once its body is rendered (or is not: then the root stays
 * empty and the browser renders the page, as without a renderer). undefined for a document without the empty root.
 * The page is painted before any JavaScript is fetched: its scripts become `<template data-after-paint="src">`, which
 * the shell's own inline loader (index.html, hashed in csp.json) fetches once the page has painted, and the preloads
 * of what only the scripts use (the registry, the session) go, so nothing competes with the page's HTML and CSS for a
 * phone's bandwidth before its first paint (issue 20 §7: hydrate what is visible first).
 * `headStyles`, the first view's remote stylesheets (the head frame's), go at the end of the `<head>`; a stylesheet only
 * the body brings goes just before the markup (one there holds the paint of what follows until it is in). With a body:
 * its markup inside the root, its state beside it as JSON the browser never runs (`type="application/json"`, so the
 * page's CSP allows it; the renderer escaped `<`), and no "needs JavaScript" notice, since the page reads without it.
 */
export function serverRenderedDocument(html: string, headStyles: readonly string[] = []): { start: string; finish(body: PageBody | undefined): string } | undefined {
  let shell = html
    .replace(/<script\b[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g, (_script, src: string) => `<template data-after-paint="${src}"></template>`)
    .replace(/<link\b[^>]*\brel="preload"[^>]*>/g, '');
  const headEnd = shell.search(/<\/head>/i);
  if (headEnd !== -1 && headStyles.length > 0) shell = `${shell.slice(0, headEnd)}${stylesheetLinks(headStyles)}${shell.slice(headEnd)}`;
  const at = shell.indexOf(ROOT);
  if (at === -1) return undefined;
  const start = shell.slice(0, at);
  const rest = shell.slice(at + ROOT.length);
  return {
    start,
    finish(body) {
      if (!body) return `${ROOT}${rest}`;
      const later = stylesheetLinks(body.styles.filter((href) => !headStyles.includes(href)));
      const root = `${later}<div id="root">${body.html}</div><script type="application/json" id="cp-ssr-state">${body.state}</script>`;
      return `${root}${rest.replace(/<noscript>[\s\S]*?<\/noscript>/i, '')}`;
    },
  };
}

/** index.html with the page's server-rendered body, whole (serverRenderedDocument's two parts at once: its styles in the head). */
export function withPageBody(html: string, body: PageBody): string {
  const doc = serverRenderedDocument(html, body.styles);
  return doc ? `${doc.start}${doc.finish(body)}` : html;
}

/**
 * index.html with the page's head: the shell's default `<title>` and meta description removed, the renderer's head
 * written where the title was (early in the document, where previewers that read only the start look).
 */
export function withPageHead(html: string, head: string): string {
  let out = html;
  let at = -1;
  const title = /<title\b[^>]*>[\s\S]*?<\/title>/i.exec(out);
  if (title) {
    at = title.index;
    out = out.slice(0, title.index) + out.slice(title.index + title[0].length);
  }
  const description = /<meta\s+name=["']description["'][^>]*>/i.exec(out);
  if (description) {
    if (at === -1 || description.index < at) at = description.index;
    out = out.slice(0, description.index) + out.slice(description.index + description[0].length);
  }
  if (at === -1) at = out.search(/<\/head>/i);
  if (at === -1) return `${head}${out}`;
  return `${out.slice(0, at)}${head}${out.slice(at)}`;
}
