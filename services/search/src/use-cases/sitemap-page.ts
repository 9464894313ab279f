import { SitemapKindSchema, SitemapQuerySchema, type SitemapPage } from '@cp/contracts';
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
