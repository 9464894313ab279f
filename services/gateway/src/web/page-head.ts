/**
 * The page's head and status from the renderer (issue 20): `GET /internal/page-head?path=<path and query>` on the
 * renderer's upstreams (the gateway's pools and breakers), within a budget. The answer is anonymous content (no cookie
 * or credential is sent), so it is kept briefly in a bounded LRU: a change shows within the TTL. Renderer slow, down or
 * answering nonsense → undefined (and a log line): the page goes out as it always did, 200 with the shell's head.
 */
import { PageHeadAnswerSchema, SITE_SETTINGS_HEADER, type PageHeadAnswer, type SiteSettings } from '@cp/contracts';
import type { Logger } from '@cp/service-kit';
import type { UpstreamGroup } from '../shared/upstream.ts';

/** `previewer`: a link previewer or a search engine asks (a longer wait; kit's isLinkPreviewer). */
export type PageHeadSource = (target: string, log: Logger, opts?: { previewer?: boolean }) => Promise<PageHeadAnswer | undefined>;

export interface PageHeadOptions {
  /** The whole wait for the renderer's answer (ms). */
  timeoutMs: number;
  /** The wait for a link previewer or a search engine (ms); the renderer is told, and gives itself a longer budget. */
  previewerTimeoutMs?: number;
  /** How long an answer is reused (ms); 0: never. */
  ttlMs: number;
  /** At most this many answers are kept (least recently used go first). */
  maxEntries: number;
  /** And at most this many bytes of them (a server-rendered body is tens of KB). */
  maxBytes?: number;
  /** The site settings the gateway writes into every page: the renderer renders the body with them. */
  siteSettings?: SiteSettings;
  now?: () => number;
}

/** Longer targets are not asked about (no page of the site has one): the page goes out with the shell's head. */
export const MAX_PAGE_TARGET = 2048;
/** A head and a server-rendered body with its state (contracts' PAGE_BODY_MAX_CHARS each, with room). */
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;
const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

export function pageHeadSource(renderer: UpstreamGroup, opts: PageHeadOptions): PageHeadSource {
  const now = opts.now ?? Date.now;
  const maxBytes = opts.maxBytes ?? DEFAULT_CACHE_BYTES;
  const settingsHeader = opts.siteSettings ? { [SITE_SETTINGS_HEADER]: Buffer.from(JSON.stringify(opts.siteSettings)).toString('base64url') } : {};
  const cache = new Map<string, { answer: PageHeadAnswer; until: number; bytes: number }>();
  let cachedBytes = 0;
  const drop = (key: string) => {
    const entry = cache.get(key);
    if (!entry) return;
    cache.delete(key);
    cachedBytes -= entry.bytes;
  };
  const inFlight = new Map<string, Promise<{ answer: PageHeadAnswer; bytes: number; keep: boolean } | undefined>>();

  async function ask(target: string, log: Logger, previewer: boolean): Promise<{ answer: PageHeadAnswer; bytes: number; keep: boolean } | undefined> {
    const upstream = renderer.pick();
    if (!upstream) {
      log.warn({ target }, 'page head: no renderer available (breaker open): the shell head answers');
      return undefined;
    }
    const timeoutMs = previewer ? (opts.previewerTimeoutMs ?? opts.timeoutMs) : opts.timeoutMs;
    const signal = AbortSignal.timeout(timeoutMs);
    upstream.inFlight++;
    try {
      const res = await upstream.pool.request({
        path: `/internal/page-head?path=${encodeURIComponent(target)}${previewer ? '&for=previewer' : ''}`,
        method: 'GET',
        headers: { accept: 'application/json', ...settingsHeader },
        signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      upstream.recordSuccess();
      if (res.statusCode !== 200) {
        await res.body.dump();
        log.warn({ target, status: res.statusCode }, 'page head: the renderer refused: the shell head answers');
        return undefined;
      }
      const text = await res.body.text();
      if (text.length > MAX_ANSWER_BYTES) throw new Error('answer too large');
      // `no-store`: an answer the renderer could not complete (a body not rendered in time, a remote down): used once.
      const keep = !/no-store/i.test(String(res.headers['cache-control'] ?? ''));
      return { answer: PageHeadAnswerSchema.parse(JSON.parse(text)), bytes: text.length, keep };
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'ECONNREFUSED' || code === 'UND_ERR_CONNECT_TIMEOUT') upstream.recordConnectFailure();
      log.warn({ target, err: signal.aborted ? 'over the time budget' : (err as Error).message }, 'page head: no answer from the renderer: the shell head answers');
      return undefined;
    } finally {
      upstream.inFlight--;
    }
  }

  return async (target, log, askOpts) => {
    const previewer = askOpts?.previewer === true;
    if (target.length > MAX_PAGE_TARGET) return undefined;
    const hit = cache.get(target);
    if (hit && hit.until > now()) {
      cache.delete(target); // refresh its place in the LRU order
      cache.set(target, hit);
      return hit.answer;
    }
    if (hit) drop(target);
    // Requests for the same page while one is on its way share it (a previewer's never waits on a person's shorter one).
    const flight = `${previewer ? 'previewer' : 'person'} ${target}`;
    let pending = inFlight.get(flight);
    if (!pending) {
      pending = ask(target, log, previewer).finally(() => inFlight.delete(flight));
      inFlight.set(flight, pending);
      void pending.then((got) => {
        if (!got || !got.keep || opts.ttlMs <= 0 || got.bytes > maxBytes) return;
        drop(target);
        cache.set(target, { answer: got.answer, until: now() + opts.ttlMs, bytes: got.bytes });
        cachedBytes += got.bytes;
        while (cache.size > opts.maxEntries || cachedBytes > maxBytes) drop(cache.keys().next().value!);
      });
    }
    return (await pending)?.answer;
  };
}

/**
 * index.html with the page's server-rendered body (issue 20): its markup inside `<div id="root">`, its state beside it
 * as JSON the browser never runs (`type="application/json"`, so the page's CSP allows it; the renderer escaped `<`),
 * and without the "needs JavaScript" notice, since the page reads without it.
 * The page is painted before any JavaScript is fetched: its scripts become `<template data-after-paint="src">`, which
 * the shell's own inline loader (index.html, hashed in csp.json) fetches once the page has painted, and the preloads
 * of what only the scripts use (the registry, the session) go, so nothing competes with the page's HTML and CSS for a
 * phone's bandwidth before its first paint (issue 20 §7: hydrate what is visible first).
 */
export function withPageBody(html: string, body: { html: string; state: string; styles: string[] }): string {
  if (!/<div id="root"><\/div>/.test(html)) return html;
  // The shell's document only (before the body goes in): its script files and preloads.
  const shell = html
    .replace(/<script\b[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g, (_script, src: string) => `<template data-after-paint="${src}"></template>`)
    .replace(/<link\b[^>]*\brel="preload"[^>]*>/g, '');
  const root = /<div id="root"><\/div>/.exec(shell)!;
  let out = `${shell.slice(0, root.index)}<div id="root">${body.html}</div><script type="application/json" id="cp-ssr-state">${body.state}</script>${shell.slice(root.index + root[0].length)}`;
  out = out.replace(/<noscript>[\s\S]*?<\/noscript>/i, '');
  // The remotes' stylesheets the markup uses, before it is painted (paths checked by the contract: nothing to escape).
  const links = body.styles.map((href) => `<link rel="stylesheet" href="${href}" />`).join('');
  const head = out.search(/<\/head>/i);
  return head === -1 || !links ? out : `${out.slice(0, head)}${links}${out.slice(head)}`;
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
