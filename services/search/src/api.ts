import { SearchListingsPageSchema, SearchListingsQuerySchema, SearchQuerySchema, SearchResponseSchema, SitemapPageSchema, SitemapQuerySchema, SitemapSummaryQuerySchema, SitemapSummarySchema, SuggestQuerySchema, SuggestResponseSchema, SitemapKindSchema } from '@cp/contracts';
import { defineServiceApi } from '@cp/contracts/openapi';

/** The search service's operations (routes.ts), for the OpenAPI documents and the route test (scripts/openapi). */
export const searchApi = defineServiceApi({
  service: 'search',
  title: 'Search',
  description: 'The listings page with the §9 rules and facets, suggestions and site search (an in-memory index per replica, built from the events).',
  operations: [
    {
      method: 'get', path: '/api/search/listings', id: 'searchListings', summary: 'The listings page: filters, sort, facets', auth: 'none', query: SearchListingsQuerySchema,
      responses: { 200: { description: 'One page with facets.', schema: SearchListingsPageSchema } }, errors: [400],
    },
    {
      method: 'get', path: '/api/search/suggest', id: 'suggest', summary: 'Suggestions as one types', auth: 'none', query: SuggestQuerySchema,
      responses: { 200: { description: 'The suggestions (bounded).', schema: SuggestResponseSchema } }, errors: [400],
    },
    {
      method: 'get', path: '/api/search', id: 'searchSite', summary: 'Site search: listings, posts, businesses', auth: 'none', query: SearchQuerySchema,
      responses: { 200: { description: 'The hits (bounded).', schema: SearchResponseSchema } }, errors: [400],
    },
    {
      method: 'get', path: '/internal/sitemap/:kind', id: 'sitemapPage', summary: 'One page of a sitemap\'s entries (the renderer\'s)', auth: 'internal',
      params: { kind: SitemapKindSchema }, query: SitemapQuerySchema, responses: { 200: { description: 'The entries.', schema: SitemapPageSchema } }, errors: [400, 404],
    },
    {
      method: 'get', path: '/internal/sitemap/:kind/summary', id: 'sitemapSummary', summary: 'A sitemap\'s size and pages (the renderer\'s)', auth: 'internal',
      params: { kind: SitemapKindSchema }, query: SitemapSummaryQuerySchema, responses: { 200: { description: 'The summary.', schema: SitemapSummarySchema } }, errors: [400, 404],
    },
  ],
});
