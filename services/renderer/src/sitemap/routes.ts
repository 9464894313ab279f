import type { Context } from 'koa';
import { SITEMAP_KINDS, type SitemapKind } from '@cp/contracts';
import { createRouter, notFound } from '@cp/service-kit';
import type { SitemapDeps } from './deps.ts';
import { sitemaps } from './use-cases.ts';

export type { SitemapDeps } from './deps.ts';

/** Crawlers re-read within a minute: a change shows in the sitemaps within about that. */
const SITEMAP_CACHE = 'public, max-age=60';
const ROBOTS_CACHE = 'public, max-age=300';
const PAGE_FILE = new RegExp(`^(${SITEMAP_KINDS.join('|')})-([1-9][0-9]{0,8})\\.xml$`);

const xml = (ctx: Context, body: string) => {
  ctx.type = 'application/xml; charset=utf-8';
  ctx.set('Cache-Control', SITEMAP_CACHE);
  ctx.body = body;
};

/**
 * `/robots.txt`, the sitemap index `/sitemap.xml` and its files `/sitemaps/static.xml` and
 * `/sitemaps/{listings|posts|businesses}-{n}.xml`, from the search service's internal sitemap routes. Search down or
 * slow: 503 with Retry-After (a crawler retries), never an empty sitemap.
 */
export function sitemapRoutes(deps: SitemapDeps): ReturnType<typeof createRouter> {
  const maps = sitemaps(deps);
  const router = createRouter();
  router.get('/robots.txt', (ctx) => {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.set('Cache-Control', ROBOTS_CACHE);
    ctx.body = maps.robots();
  });
  router.get('/sitemap.xml', async (ctx) => xml(ctx, await maps.index()));
  router.get('/sitemaps/static.xml', async (ctx) => xml(ctx, await maps.staticSitemap()));
  router.get('/sitemaps/:file', async (ctx) => {
    const m = PAGE_FILE.exec(ctx.params.file ?? '');
    if (!m) throw notFound('No such sitemap');
    const body = await maps.page(m[1] as SitemapKind, Number(m[2]));
    if (body === null) throw notFound('No such sitemap');
    xml(ctx, body);
  });
  return router;
}
