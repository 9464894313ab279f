import { defineOperations } from '@cp/service-kit';
import { pageOperations, type PageDeps } from './pages/api.ts';
import { previewImageOperations } from './preview-images/api.ts';
import type { PreviewContext } from './preview-images/use-cases.ts';
import { sitemapOperations } from './sitemap/api.ts';
import type { Sitemaps } from './sitemap/use-cases.ts';

/** What the renderer's operations answer from, one part per area (app.ts builds them). */
export interface RendererDeps {
  pages: PageDeps;
  sitemaps: Sitemaps;
  previews: PreviewContext;
}

/**
 * The renderer's operations, one file per area (src/sitemap, src/preview-images, src/pages): its router, its OpenAPI
 * document and the route test. Its public files are not JSON: robots.txt, the sitemaps and the link-preview images.
 */
export const rendererApi = defineOperations<RendererDeps>({
  service: 'renderer',
  title: 'Renderer',
  description: 'What a page is before JavaScript runs: each page\'s head and status (for the gateway), robots.txt, the sitemaps and the link-preview images.',
  operations: [...sitemapOperations, ...previewImageOperations, ...pageOperations],
});
