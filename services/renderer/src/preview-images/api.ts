import type { Context } from 'koa';
import { z } from 'zod';
import { notFound, operations } from '@cp/service-kit';
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

/** The context the preview operations answer from: the sources they read and the bucket's cache. */
export function previewContext(deps: PreviewImageDeps): PreviewContext {
  return { deps, sources: previewSources(deps), cache: previewCache(deps.store, deps.logger, deps.renderConcurrency ?? 2) };
}

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

const JPEG = { type: 'image/jpeg', description: 'A 1200×630 link-preview image.' };
const IMAGE = { 200: { description: 'The image (cacheable; ETag).', content: JPEG }, 304: { description: 'Not modified (If-None-Match).' } };

/**
 * The link-preview images (issue 20 §4), every one a 1200×630 JPEG of at most 300 KB, cached in the bucket under
 * og/ and answered with Cache-Control public for an hour (a minute when a service did not answer and a fallback
 * card stands in).
 */
export const previewImageOperations = operations<{ previews: PreviewContext }>([
  {
    method: 'get', path: '/og/site.jpg', id: 'siteImage', summary: 'The site\'s link-preview image', auth: 'none', responses: IMAGE, errors: [],
    handle: async (koa, { previews }) => send(koa, await siteImageAnswer(previews)),
  },
  {
    method: 'get', path: '/og/listing/:file', id: 'listingImage', summary: 'A listing\'s link-preview image (`<id>.jpg`)', auth: 'none', params: { file: z.string() }, responses: IMAGE, errors: [404],
    handle: async (koa, { previews }) => send(koa, await listingImage(previews, stem(koa.params.file))),
  },
  {
    method: 'get', path: '/og/business/:file', id: 'businessImage', summary: 'A business\'s link-preview image (`<id>.jpg`)', auth: 'none', params: { file: z.string() }, responses: IMAGE, errors: [404],
    handle: async (koa, { previews }) => send(koa, await businessImage(previews, stem(koa.params.file))),
  },
  {
    method: 'get', path: '/og/category/:file', id: 'categoryImage', summary: 'A category\'s link-preview image (`<slug>.jpg`)', auth: 'none', params: { file: z.string() }, responses: IMAGE, errors: [404],
    handle: async (koa, { previews }) => send(koa, await categoryImage(previews, stem(koa.params.file))),
  },
]);
