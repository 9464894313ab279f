import { SITEMAP_KINDS, SITEMAP_PAGE_MAX, SITEMAP_PAGE_SIZE_MAX, SitemapPageSchema, SitemapSummarySchema, type SitemapEntry, type SitemapKind } from '@cp/contracts';
import { HttpError } from '@cp/service-kit';
import type { z } from 'zod';
import type { SitemapDeps } from './deps.ts';
import { robotsTxt } from './robots.ts';
import { sitemapIndex, urlset, type SitemapUrl } from './xml.ts';

/** The site's static pages, as the sitemap names them. */
export const STATIC_PATHS = ['/', '/listings', '/forum', '/businesses', '/yellow-pages', '/about', '/terms', '/contact'] as const;

/** The site path of each kind's document (the pages that show one). */
export const PATH_OF: Record<SitemapKind, (id: string) => string> = {
  listings: (id) => `/listing/${encodeURIComponent(id)}`,
  posts: (id) => `/forum/post/${encodeURIComponent(id)}`,
  businesses: (id) => `/business/${encodeURIComponent(id)}`,
};

/**
 * Entries per request to search: 10,000 entries are about 750 KB of JSON, under the service client's answer limit
 * (2 MB), so a 50,000-URL sitemap file is five requests.
 */
export const CHUNK_MAX = 10_000;

/** How long a crawler is asked to wait after a 503 (search down or slow). */
export const RETRY_AFTER_S = 60;

/** Search could not answer (down, slow, or an unexpected answer): never an empty or partial sitemap, a 503. */
const unavailable = () => new HttpError(503, 'The sitemap is not available right now; please retry later', { headers: { 'Retry-After': String(RETRY_AFTER_S) } });

export interface Sitemaps {
  robots(): string;
  /** The sitemap index: the static file, then each kind's pages with the latest lastmod of each. */
  index(): Promise<string>;
  /** The site's static pages and the pages the remotes declare for indexing (issue 35). */
  staticSitemap(): Promise<string>;
  /** Page `n` (from 1) of a kind, or null when there is no such page (past the last, or a kind with nothing). */
  page(kind: SitemapKind, n: number): Promise<string | null>;
}

export function sitemaps(deps: SitemapDeps): Sitemaps {
  const origin = deps.publicUrl.replace(/\/+$/, '');
  const pageSize = deps.pageSize ?? SITEMAP_PAGE_SIZE_MAX;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > SITEMAP_PAGE_SIZE_MAX || (pageSize > CHUNK_MAX && pageSize % CHUNK_MAX !== 0)) {
    throw new Error(`sitemap page size ${pageSize}: 1 to ${CHUNK_MAX}, or a multiple of ${CHUNK_MAX} up to ${SITEMAP_PAGE_SIZE_MAX}`);
  }
  const chunk = Math.min(pageSize, CHUNK_MAX);
  const chunksPerPage = pageSize / chunk;
  const timeoutMs = deps.timeoutMs ?? 5_000;
  // Static pages change with a deploy: the time this replica started is their last change.
  const staticLastmod = deps.now();
  const robots = robotsTxt(origin);

  async function fromSearch<S extends z.ZodType>(path: string, schema: S, signal: AbortSignal): Promise<z.infer<S>> {
    const answer = await deps.search.getJson(path, schema, signal);
    if (answer.kind === 'ok') return answer.data;
    deps.logger.warn({ path, answer }, 'sitemap: search did not answer, 503');
    throw unavailable();
  }

  return {
    robots: () => robots,

    async index() {
      const signal = AbortSignal.timeout(timeoutMs);
      const summaries = await Promise.all(SITEMAP_KINDS.map((kind) => fromSearch(`/internal/sitemap/${kind}/summary?pageSize=${pageSize}`, SitemapSummarySchema, signal)));
      const files: SitemapUrl[] = [{ loc: `${origin}/sitemaps/static.xml`, lastmod: staticLastmod }];
      SITEMAP_KINDS.forEach((kind, i) => summaries[i]!.pages.forEach((p, n) => files.push({ loc: `${origin}/sitemaps/${kind}-${n + 1}.xml`, lastmod: p.lastmod })));
      return sitemapIndex(files);
    },

    async staticSitemap() {
      const declared = deps.remotePages ? [...(await deps.remotePages(AbortSignal.timeout(timeoutMs))).values()].filter((p) => p.index !== false).map((p) => p.path) : [];
      const paths = [...new Set<string>([...STATIC_PATHS, ...declared])];
      return urlset(paths.map((path) => ({ loc: `${origin}${path}`, lastmod: staticLastmod })));
    },

    async page(kind, n) {
      const first = (n - 1) * chunksPerPage + 1;
      if (first + chunksPerPage - 1 > SITEMAP_PAGE_MAX) return null; // past what search pages
      const signal = AbortSignal.timeout(timeoutMs);
      const chunks = await Promise.all(
        Array.from({ length: chunksPerPage }, (_, i) => fromSearch(`/internal/sitemap/${kind}?page=${first + i}&pageSize=${chunk}`, SitemapPageSchema, signal)),
      );
      // A change between the chunks' requests may shift an entry across their boundary: named once.
      const seen = new Set<string>();
      const entries: SitemapEntry[] = [];
      for (const c of chunks) {
        for (const e of c.items) {
          if (seen.has(e.id)) continue;
          seen.add(e.id);
          entries.push(e);
        }
      }
      if (entries.length === 0) return null;
      return urlset(entries.map((e) => ({ loc: `${origin}${PATH_OF[kind](e.id)}`, lastmod: e.lastmod })));
    },
  };
}
