import { createRouter } from '@cp/service-kit';
import { searchListings } from './use-cases/search-listings.ts';
import { suggest } from './use-cases/suggest.ts';
import { searchSite } from './use-cases/search-site.ts';
import { sitemapPage, sitemapSummary } from './use-cases/sitemap-page.ts';
import type { SearchDeps } from './use-cases/deps.ts';

export function searchRoutes(deps: SearchDeps) {
  const router = createRouter();
  router.get('/api/search/listings', (ctx) => {
    ctx.body = searchListings(deps, ctx.query);
  });
  router.get('/api/search/suggest', (ctx) => {
    ctx.body = suggest(deps, ctx.query);
  });
  router.get('/api/search', (ctx) => {
    ctx.body = searchSite(deps, ctx.query);
  });
  // Internal (the gateway never routes /internal): the renderer's sitemaps.
  router.get('/internal/sitemap/:kind', (ctx) => {
    ctx.body = sitemapPage(deps, ctx.params.kind ?? '', ctx.query);
  });
  router.get('/internal/sitemap/:kind/summary', (ctx) => {
    ctx.body = sitemapSummary(deps, ctx.params.kind ?? '', ctx.query);
  });
  return router;
}
