import { SitemapKindSchema, SitemapQuerySchema, SitemapSummaryQuerySchema, type SitemapPage, type SitemapSummary } from '@cp/contracts';
import type { SearchDeps } from './deps.ts';

/**
 * GET /internal/sitemap/{listings|posts|businesses}?page=&pageSize= (never routed by the gateway): one page of a
 * kind's public documents, `{ id, lastmod }` in a stable order, with the total; pageSize at most 50,000 (a sitemap's
 * limit). A bad kind or query is a 400.
 */
export function sitemapPage(deps: SearchDeps, kind: string, query: Record<string, unknown>): SitemapPage {
  const k = SitemapKindSchema.parse(kind);
  const q = SitemapQuerySchema.parse(query);
  const { total, items } = deps.sitemap.page(k, q.page, q.pageSize);
  return { total, page: q.page, pageSize: q.pageSize, items };
}

/**
 * GET /internal/sitemap/{kind}/summary?pageSize=: the total and each page's latest lastmod, for the sitemap index
 * (one request per kind instead of every page).
 */
export function sitemapSummary(deps: SearchDeps, kind: string, query: Record<string, unknown>): SitemapSummary {
  const k = SitemapKindSchema.parse(kind);
  const q = SitemapSummaryQuerySchema.parse(query);
  return { ...deps.sitemap.summary(k, q.pageSize), pageSize: q.pageSize };
}
