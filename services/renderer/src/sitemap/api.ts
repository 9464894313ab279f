import type { Context } from 'koa';
import { z } from 'zod';
import { SITEMAP_KINDS, type SitemapKind } from '@cp/contracts';
import { notFound, operations } from '@cp/service-kit';
import type { Sitemaps } from './use-cases.ts';

export type { SitemapDeps } from './deps.ts';
export { sitemaps } from './use-cases.ts';

const XML = { type: 'application/xml', description: 'A sitemap (sitemaps.org schema).' };

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
export const sitemapOperations = operations<{ sitemaps: Sitemaps }>([
  {
    method: 'get', path: '/robots.txt', id: 'robots', summary: 'robots.txt', auth: 'none',
    responses: { 200: { description: 'The rules and the sitemap\'s URL.', content: { type: 'text/plain' } } }, errors: [],
    handle: (ctx, { sitemaps }) => {
      ctx.type = 'text/plain; charset=utf-8';
      ctx.set('Cache-Control', ROBOTS_CACHE);
      ctx.body = sitemaps.robots();
    },
  },
  {
    method: 'get', path: '/sitemap.xml', id: 'sitemapIndex', summary: 'The sitemap index', auth: 'none',
    description: 'Search down or slow: 503 with Retry-After (a crawler retries), never an empty sitemap.',
    responses: { 200: { description: 'The index.', content: XML } }, errors: [503],
    handle: async (ctx, { sitemaps }) => xml(ctx, await sitemaps.index()),
  },
  {
    method: 'get', path: '/sitemaps/static.xml', id: 'staticSitemap', summary: 'The sitemap of the fixed pages', auth: 'none',
    responses: { 200: { description: 'The sitemap.', content: XML } }, errors: [],
    handle: async (ctx, { sitemaps }) => xml(ctx, await sitemaps.staticSitemap()),
  },
  {
    method: 'get', path: '/sitemaps/:file', id: 'sitemapFile', summary: 'One sitemap file: `{listings|posts|businesses}-{n}.xml`', auth: 'none', params: { file: z.string() },
    responses: { 200: { description: 'The sitemap.', content: XML } }, errors: [404, 503],
    handle: async (ctx, { sitemaps }) => {
      const m = PAGE_FILE.exec(ctx.params.file ?? '');
      if (!m) throw notFound('No such sitemap');
      const body = await sitemaps.page(m[1] as SitemapKind, Number(m[2]));
      if (body === null) throw notFound('No such sitemap');
      xml(ctx, body);
    },
  },
]);
