import { SearchListingsPageSchema, SearchListingsQuerySchema, SearchQuerySchema, SearchResponseSchema, SitemapPageSchema, SitemapQuerySchema, SitemapSummaryQuerySchema, SitemapSummarySchema, SuggestQuerySchema, SuggestResponseSchema, SitemapKindSchema } from '@cp/contracts';
import { defineOperations } from '@cp/service-kit';
import { searchListings } from './use-cases/search-listings.ts';
import { suggest } from './use-cases/suggest.ts';
import { searchSite } from './use-cases/search-site.ts';
import { sitemapPage, sitemapSummary } from './use-cases/sitemap-page.ts';
import type { SearchDeps } from './use-cases/deps.ts';

/** The search service's operations: its router, its OpenAPI document and the route test (service-kit operations.ts). */
export const searchApi = defineOperations<SearchDeps>({
  service: 'search',
  title: 'Search',
  description: 'The listings page with the §9 rules and facets, suggestions and site search (an in-memory index per replica, built from the events).',
  operations: [
    {
      method: 'get', path: '/api/search/listings', id: 'searchListings', summary: 'The listings page: filters, sort, facets', auth: 'none', query: SearchListingsQuerySchema,
      responses: { 200: { description: 'One page with facets.', schema: SearchListingsPageSchema } }, errors: [400],
      handle: (ctx, deps) => searchListings(deps, ctx.query),
    },
    {
      method: 'get', path: '/api/search/suggest', id: 'suggest', summary: 'Suggestions as one types', auth: 'none', query: SuggestQuerySchema,
      responses: { 200: { description: 'The suggestions (bounded).', schema: SuggestResponseSchema } }, errors: [400],
      handle: (ctx, deps) => suggest(deps, ctx.query),
    },
    {
      method: 'get', path: '/api/search', id: 'searchSite', summary: 'Site search: listings, posts, businesses', auth: 'none', query: SearchQuerySchema,
      responses: { 200: { description: 'The hits (bounded).', schema: SearchResponseSchema } }, errors: [400],
      handle: (ctx, deps) => searchSite(deps, ctx.query),
    },
    {
      // Internal (the gateway never routes /internal): the renderer's sitemaps.
      method: 'get', path: '/internal/sitemap/:kind', id: 'sitemapPage', summary: 'One page of a sitemap\'s entries (the renderer\'s)', auth: 'internal',
      params: { kind: SitemapKindSchema }, query: SitemapQuerySchema, responses: { 200: { description: 'The entries.', schema: SitemapPageSchema } }, errors: [400, 404],
      handle: (ctx, deps) => sitemapPage(deps, ctx.params.kind ?? '', ctx.query),
    },
    {
      method: 'get', path: '/internal/sitemap/:kind/summary', id: 'sitemapSummary', summary: 'A sitemap\'s size and pages (the renderer\'s)', auth: 'internal',
      params: { kind: SitemapKindSchema }, query: SitemapSummaryQuerySchema, responses: { 200: { description: 'The summary.', schema: SitemapSummarySchema } }, errors: [400, 404],
      handle: (ctx, deps) => sitemapSummary(deps, ctx.params.kind ?? '', ctx.query),
    },
  ],
});
