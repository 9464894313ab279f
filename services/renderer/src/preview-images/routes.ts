import type Router from '@koa/router';
import type { Context } from 'koa';
import { createRouter, notFound } from '@cp/service-kit';
import { previewCache } from './cache.ts';
import type { PreviewImageDeps } from './deps.ts';
import { OG_HEIGHT, OG_WIDTH } from './render.ts';
import { previewSources } from './sources.ts';
import { businessImage, categoryImage, categorySlug, listingImage, siteImageAnswer, type PreviewAnswer, type PreviewContext } from './use-cases.ts';

export type { PreviewImageDeps } from './deps.ts';
export { fetchWithTimeout } from './deps.ts';
export { categorySlug, OG_HEIGHT, OG_WIDTH };

/** The paths of the preview images (a page's og:image is PUBLIC_URL + one of these: previewImageUrl). */
export const previewImagePath = {
  listing: (id: string) => `/og/listing/${encodeURIComponent(id)}.jpg`,
  business: (id: string) => `/og/business/${encodeURIComponent(id)}.jpg`,
  category: (category: string) => `/og/category/${categorySlug(category)}.jpg`,
  site: () => '/og/site.jpg',
};

/** An absolute og:image URL on the site's public origin. */
export const previewImageUrl = (publicUrl: string, path: string) => publicUrl.replace(/\/+$/, '') + path;

/** `<name>.jpg` → name; anything else is no preview image (404). */
function stem(file: string | undefined): string {
  const m = /^([^/]+)\.jpg$/.exec(file ?? '');
  if (!m?.[1]) throw notFound('Not found');
  return m[1];
}

/**
 * The link-preview images (issue 20 §4), every one a 1200×630 JPEG of at most 300 KB, cached in the bucket under
 * og/ and answered with Cache-Control public for an hour (a minute when a service did not answer and a fallback
 * card stands in).
 */
export function previewImageRoutes(deps: PreviewImageDeps): Router {
  const ctx: PreviewContext = { deps, sources: previewSources(deps), cache: previewCache(deps.store, deps.logger, deps.renderConcurrency ?? 2) };
  const router = createRouter();

  const send = (koa: Context, { image, maxAge }: PreviewAnswer) => {
    koa.set('Cache-Control', `public, max-age=${maxAge}`);
    koa.set('ETag', `"${image.etag}"`);
    // Previewers and other sites' pages may show it.
    koa.set('Cross-Origin-Resource-Policy', 'cross-origin');
    koa.type = 'image/jpeg';
    koa.status = 200;
    if (koa.fresh || koa.method === 'HEAD') {
      if ('stream' in image) image.stream.destroy();
      if (koa.fresh) koa.status = 304;
      else koa.length = 'stream' in image ? image.size : image.data.length;
      return;
    }
    if ('stream' in image) {
      koa.length = image.size;
      koa.body = image.stream;
    } else {
      koa.body = image.data;
    }
  };

  router.get('/og/site.jpg', async (koa) => send(koa, await siteImageAnswer(ctx)));
  router.get('/og/listing/:file', async (koa) => send(koa, await listingImage(ctx, stem(koa.params.file))));
  router.get('/og/business/:file', async (koa) => send(koa, await businessImage(ctx, stem(koa.params.file))));
  router.get('/og/category/:file', async (koa) => send(koa, await categoryImage(ctx, stem(koa.params.file))));

  return router;
}
