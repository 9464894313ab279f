import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { get } from 'node:http';
import { createServer } from 'node:net';
import sharp from 'sharp';
import { LISTING_CATEGORIES } from '@cp/contracts';
import { createApp, createLogger, listen, operationsRouter, type ObjectStore, type RunningServer } from '@cp/service-kit';
import { call, listingBody, startListings, testStore, type ListingsHarness } from '../../listings/test/helpers.ts';
import { businessBody, startDirectory, type DirectoryHarness } from '../../directory/test/helpers.ts';
import { previewContext, previewImageOperations, previewImagePath } from '../src/preview-images/api.ts';
import { fetchWithTimeout } from '../src/preview-images/deps.ts';
import { MAX_JPEG_BYTES } from '../src/preview-images/render.ts';

/**
 * The preview images on the real listings and directory services (each behind the real identity), the real S3 of
 * the test infrastructure as their cache (a key prefix of this run's own, removed at the end).
 */

let listings: ListingsHarness;
let directory: DirectoryHarness;
let seller: string;
let admin: string;

/** The real bucket under a prefix of this run's, counting writes (a render is always followed by one). */
function runStore(prefix: string) {
  const inner = testStore();
  const writes: string[] = [];
  const store: ObjectStore = {
    put: async (key, body, type) => {
      writes.push(key);
      await inner.put(prefix + key, body, type);
    },
    get: (key) => inner.get(prefix + key),
    remove: (key) => inner.remove(prefix + key),
    async *list(p) {
      for await (const o of inner.list(prefix + p)) yield { ...o, key: o.key.slice(prefix.length) };
    },
    ensureBucket: () => inner.ensureBucket(),
    ping: () => inner.ping(),
  };
  return { store, writes, cleanup: async () => { for await (const o of inner.list(prefix)) await inner.remove(o.key); } };
}

interface Renderer {
  base: string;
  writes: string[];
  /** Every URL the module fetched. */
  fetched: string[];
  close(): Promise<void>;
}

async function startPreviews(opts: { listingsUrl?: string; siteName?: string; maxInputPixels?: number } = {}): Promise<Renderer> {
  const logger = createLogger('renderer-previews-test');
  const { store, writes, cleanup } = runStore(`test-${randomUUID()}/`);
  const fetched: string[] = [];
  const timed = fetchWithTimeout(5_000);
  const app = createApp({ name: 'renderer', logger });
  const previews = previewContext({
    config: {
      PUBLIC_URL: 'http://localhost:8080',
      LISTINGS_URL: [opts.listingsUrl ?? listings.base],
      DIRECTORY_URL: [directory.base],
      ...(opts.siteName ? { SITE_NAME: opts.siteName } : {}),
    },
    logger,
    store,
    ...(opts.maxInputPixels ? { maxInputPixels: opts.maxInputPixels } : {}),
    fetch: (url) => {
      fetched.push(url);
      return timed(url);
    },
  });
  const router = operationsRouter(previewImageOperations, { previews });
  app.use(router.routes()).use(router.allowedMethods());
  const server: RunningServer = await listen(app, 0, '127.0.0.1', logger);
  return {
    base: `http://127.0.0.1:${server.port}`,
    writes,
    fetched,
    async close() {
      await server.close();
      await cleanup();
    },
  };
}

async function upload(data: Buffer, name = 'photo.png', type = 'image/png'): Promise<string> {
  const form = new FormData();
  form.append('images', new Blob([new Uint8Array(data)], { type }), name);
  const res = await fetch(`${listings.base}/api/upload`, { method: 'POST', body: form, headers: { cookie: seller } });
  const body = (await res.json()) as { url?: string };
  if (res.status !== 201 || !body.url) throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  return body.url;
}

async function newListing(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await call(listings.base, 'POST', '/api/listings', { cookie: seller, body: listingBody(overrides) });
  if (res.status !== 201) throw new Error(`listing failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

async function newBusiness(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await call(directory.base, 'POST', '/api/admin/businesses', { cookie: admin, body: businessBody(overrides) });
  if (res.status !== 201) throw new Error(`business failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

async function image(base: string, path: string) {
  const res = await fetch(base + path);
  const data = Buffer.from(await res.arrayBuffer());
  const meta = res.status === 200 ? await sharp(data).metadata() : undefined;
  return { res, data, meta, sha: createHash('sha256').update(data).digest('hex') };
}

const expectPreview = (img: Awaited<ReturnType<typeof image>>, maxAge = 3600) => {
  expect(img.res.status).toBe(200);
  expect(img.res.headers.get('content-type')).toBe('image/jpeg');
  expect(img.res.headers.get('cache-control')).toBe(`public, max-age=${maxAge}`);
  expect(img.meta?.format).toBe('jpeg');
  expect(img.meta?.width).toBe(1200);
  expect(img.meta?.height).toBe(630);
  expect(img.data.length).toBeLessThanOrEqual(MAX_JPEG_BYTES);
};

/** A photo-sized image of pure noise: the hardest thing to compress. */
const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
const solid = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

let r: Renderer;

beforeAll(async () => {
  [listings, directory] = await Promise.all([startListings(), startDirectory()]);
  seller = (await listings.newSession()).cookie;
  admin = (await directory.newAdminSession()).cookie;
  r = await startPreviews();
});
afterAll(async () => {
  await r?.close();
  await Promise.all([listings?.close(), directory?.close()]);
});

describe('listing preview images', () => {
  it('fits a large noisy photo to 1200×630 JPEG within 300 KB, and serves it from the cache the second time', async () => {
    const url = await upload(await noise(1600, 1200));
    const id = await newListing({ imageUrls: [url] });
    const writesBefore = r.writes.length;
    const first = await image(r.base, previewImagePath.listing(id));
    expectPreview(first);
    expect(first.meta?.width).toBeGreaterThanOrEqual(600);
    expect(r.writes.length).toBe(writesBefore + 1);
    expect(r.writes.at(-1)).toMatch(/^og\/listing\/[0-9a-f]{40}\.jpg$/);

    const imageFetches = r.fetched.filter((u) => u.endsWith(url)).length;
    const second = await image(r.base, previewImagePath.listing(id));
    expectPreview(second);
    expect(second.sha).toBe(first.sha);
    expect(r.writes.length).toBe(writesBefore + 1); // no second render
    expect(r.fetched.filter((u) => u.endsWith(url)).length).toBe(imageFetches); // the source not read again
  });

  it('gets a new image when the listing’s first image changes', async () => {
    const red = await upload(await solid(900, 700, '#dc2626'));
    const blue = await upload(await solid(900, 700, '#2563eb'));
    const id = await newListing({ imageUrls: [red, blue] });
    const before = await image(r.base, previewImagePath.listing(id));
    expectPreview(before);
    const { dominant } = await sharp(before.data).stats();
    expect(dominant.r).toBeGreaterThan(dominant.b);

    const res = await call(listings.base, 'PUT', `/api/listings/${id}`, { cookie: seller, body: { imageUrls: [blue, red] } });
    expect(res.status).toBe(200);
    const after = await image(r.base, previewImagePath.listing(id));
    expectPreview(after);
    expect(after.res.headers.get('etag')).not.toBe(before.res.headers.get('etag'));
    const stats = await sharp(after.data).stats();
    expect(stats.dominant.b).toBeGreaterThan(stats.dominant.r);
  });

  it('enlarges a small photo to the full size', async () => {
    const id = await newListing({ imageUrls: [await upload(await solid(300, 200, '#16a34a'))] });
    expectPreview(await image(r.base, previewImagePath.listing(id)));
  });

  it('never decodes a source above the pixel limit: the category’s card instead', async () => {
    const id = await newListing({ category: 'Services', imageUrls: [await upload(await solid(900, 700, '#dc2626'))] });
    const small = await startPreviews({ maxInputPixels: 900 * 700 - 1 });
    try {
      const img = await image(small.base, previewImagePath.listing(id));
      expectPreview(img);
      expect(img.sha).toBe((await image(small.base, previewImagePath.category('Services'))).sha);
    } finally {
      await small.close();
    }
    expect((await image(r.base, previewImagePath.listing(id))).sha).not.toBe((await image(r.base, previewImagePath.category('Services'))).sha);
  });

  it('uses the category’s card for a listing without an image', async () => {
    const id = await newListing({ category: 'Jobs', title: 'Accountant wanted', imageUrls: [] });
    const own = await image(r.base, previewImagePath.listing(id));
    expectPreview(own);
    const card = await image(r.base, previewImagePath.category('Jobs'));
    expect(own.sha).toBe(card.sha);
  });

  it('answers 404 for a listing that does not exist and 400 for a malformed id', async () => {
    const missing = await fetch(r.base + previewImagePath.listing(randomUUID()));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'Listing not found' });
    const bad = await fetch(`${r.base}/og/listing/not-an-id.jpg`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/invalid listing id/i);
    expect((await fetch(`${r.base}/og/listing/${randomUUID()}.png`)).status).toBe(404);
  });

  it('answers 404 for a deleted listing (the listings service says 410), not the fallback card', async () => {
    const id = await newListing({ title: 'Sold and removed' });
    expect((await call(listings.base, 'DELETE', `/api/listings/${id}`, { cookie: seller })).status).toBe(200);
    expect((await call(listings.base, 'GET', `/api/listings/${id}`)).status).toBe(410);
    const gone = await fetch(r.base + previewImagePath.listing(id));
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: 'Listing not found' });
  });

  it('gives the site card for a minute while the listings service cannot be reached', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const down = await startPreviews({ listingsUrl: `http://127.0.0.1:${port}` });
    try {
      const img = await image(down.base, previewImagePath.listing(randomUUID()));
      expectPreview(img, 60);
      expect(img.sha).toBe((await image(r.base, previewImagePath.site())).sha);
    } finally {
      await down.close();
    }
  });
});

describe('branded cards', () => {
  it('draws one card per listing category, each its own, cached once', async () => {
    const shas = new Set<string>();
    for (const category of LISTING_CATEGORIES) {
      const path = previewImagePath.category(category);
      expect(path).toMatch(/^\/og\/category\/[a-z0-9-]+\.jpg$/);
      const img = await image(r.base, path);
      expectPreview(img);
      shas.add(img.sha);
      const writes = r.writes.length;
      expect((await image(r.base, path)).sha).toBe(img.sha);
      expect(r.writes.length).toBe(writes);
    }
    expect(shas.size).toBe(LISTING_CATEGORIES.length);
    expect(previewImagePath.category('Buy & Sell')).toBe('/og/category/buy-sell.jpg');
  });

  it('answers 404 for an unknown category and 400 for a malformed one', async () => {
    const unknown = await fetch(`${r.base}/og/category/cars.jpg`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: 'Category not found' });
    expect((await fetch(`${r.base}/og/category/Buy%20%26%20Sell.jpg`)).status).toBe(400);
  });

  it('draws the site card, which differs with the site’s name', async () => {
    const site = await image(r.base, '/og/site.jpg');
    expectPreview(site);
    const other = await startPreviews({ siteName: 'Another Community' });
    try {
      const img = await image(other.base, '/og/site.jpg');
      expectPreview(img);
      expect(img.sha).not.toBe(site.sha);
    } finally {
      await other.close();
    }
  });

  it('answers HEAD and a revalidation without a body', async () => {
    const head = await fetch(`${r.base}/og/site.jpg`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/jpeg');
    const etag = head.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[0-9a-f]{40}"$/);
    // node:http, not fetch: fetch adds Cache-Control: no-cache to a conditional request, which asks for no 304.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      get(`${r.base}/og/site.jpg`, { headers: { 'if-none-match': etag } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      }).on('error', reject);
    });
    expect(status).toBe(304);
  });
});

describe('business preview images', () => {
  it('centres a logo uploaded to this site on the branded card', async () => {
    const logo = await upload(await solid(400, 400, '#7c3aed'), 'logo.png');
    const id = await newBusiness({ name: 'Purple Spice', logoUrl: logo });
    const img = await image(r.base, previewImagePath.business(id));
    expectPreview(img);
    expect(r.fetched.some((u) => u.endsWith(logo))).toBe(true);
    // The logo's colour at the centre, the card's around it.
    const centre = await sharp(await sharp(img.data).extract({ left: 560, top: 260, width: 80, height: 60 }).toBuffer()).stats();
    expect(centre.channels[2]!.mean).toBeGreaterThan(centre.channels[1]!.mean + 60); // purple: blue well above green
    expect(img.sha).not.toBe((await image(r.base, '/og/site.jpg')).sha);
  });

  it('never fetches an external logo: the site card', async () => {
    const external = 'http://127.0.0.1:9/logo.png';
    const id = await newBusiness({ name: 'Outside Logo', logoUrl: external });
    const img = await image(r.base, previewImagePath.business(id));
    expectPreview(img);
    expect(img.sha).toBe((await image(r.base, '/og/site.jpg')).sha);
    expect(r.fetched.some((u) => u.includes('127.0.0.1:9'))).toBe(false);
  });

  it('gives the site card to a business without a logo', async () => {
    const id = await newBusiness({ name: 'No Logo' });
    const img = await image(r.base, previewImagePath.business(id));
    expectPreview(img);
    expect(img.sha).toBe((await image(r.base, '/og/site.jpg')).sha);
  });

  it('answers 404 for a business that does not exist and 400 for a malformed id', async () => {
    const missing = await fetch(r.base + previewImagePath.business(randomUUID()));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: 'Business not found' });
    expect((await fetch(`${r.base}/og/business/1234.jpg`)).status).toBe(400);
  });
});
