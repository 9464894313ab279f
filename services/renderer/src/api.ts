import { PAGE_STREAM_PATH, PAGE_STREAM_TYPE } from '@cp/contracts';
import { defineServiceApi } from '@cp/contracts/openapi';
import { z } from 'zod';

const XML = { type: 'application/xml', description: 'A sitemap (sitemaps.org schema).' };
const JPEG = { type: 'image/jpeg', description: 'A 1200×630 link-preview image.' };
const IMAGE = { 200: { description: 'The image (cacheable; ETag).', content: JPEG }, 304: { description: 'Not modified (If-None-Match).' } };

/**
 * The renderer's operations (src/pages, src/sitemap, src/preview-images routes), for the OpenAPI documents and the route
 * test (scripts/openapi). Its public files are not JSON: robots.txt, the sitemaps and the link-preview images.
 */
export const rendererApi = defineServiceApi({
  service: 'renderer',
  title: 'Renderer',
  description: 'What a page is before JavaScript runs: each page\'s head and status (for the gateway), robots.txt, the sitemaps and the link-preview images.',
  operations: [
    {
      method: 'get', path: '/robots.txt', id: 'robots', summary: 'robots.txt', auth: 'none',
      responses: { 200: { description: 'The rules and the sitemap\'s URL.', content: { type: 'text/plain' } } }, errors: [],
    },
    {
      method: 'get', path: '/sitemap.xml', id: 'sitemapIndex', summary: 'The sitemap index', auth: 'none',
      description: 'Search down or slow: 503 with Retry-After (a crawler retries), never an empty sitemap.',
      responses: { 200: { description: 'The index.', content: XML } }, errors: [503],
    },
    {
      method: 'get', path: '/sitemaps/static.xml', id: 'staticSitemap', summary: 'The sitemap of the fixed pages', auth: 'none',
      responses: { 200: { description: 'The sitemap.', content: XML } }, errors: [],
    },
    {
      method: 'get', path: '/sitemaps/:file', id: 'sitemapFile', summary: 'One sitemap file: `{listings|posts|businesses}-{n}.xml`', auth: 'none', params: { file: z.string() },
      responses: { 200: { description: 'The sitemap.', content: XML } }, errors: [404, 503],
    },
    { method: 'get', path: '/og/site.jpg', id: 'siteImage', summary: 'The site\'s link-preview image', auth: 'none', responses: IMAGE, errors: [] },
    { method: 'get', path: '/og/listing/:file', id: 'listingImage', summary: 'A listing\'s link-preview image (`<id>.jpg`)', auth: 'none', params: { file: z.string() }, responses: IMAGE, errors: [404] },
    { method: 'get', path: '/og/business/:file', id: 'businessImage', summary: 'A business\'s link-preview image (`<id>.jpg`)', auth: 'none', params: { file: z.string() }, responses: IMAGE, errors: [404] },
    { method: 'get', path: '/og/category/:file', id: 'categoryImage', summary: 'A category\'s link-preview image (`<slug>.jpg`)', auth: 'none', params: { file: z.string() }, responses: IMAGE, errors: [404] },
    {
      method: 'get', path: PAGE_STREAM_PATH, id: 'page', summary: 'A page\'s status, head and body for the gateway, streamed', auth: 'internal',
      query: z.object({ path: z.string().describe('The page\'s path with its query.'), for: z.enum(['previewer']).optional() }),
      responses: {
        200: {
          description: 'Two JSON lines: the head frame (PageHeadFrame: status, head, whether a body may follow) as soon as it is known, then the body frame (PageBodyFrame: the rendered body, or null).',
          content: { type: PAGE_STREAM_TYPE },
        },
      },
      errors: [400],
    },
  ],
});
