import { closeAfterAll } from '../../../infra/src/jest/closing.ts';
import type { RunningGateway } from '../src/app.ts';
import { call, listingBody, startSearch, until } from '../../search/test/helpers.ts';
import { DOWN, startRenderer, type RendererHarness } from '../../renderer/test/helpers.ts';
import { client, startTestGateway, PUBLIC_URL } from './helpers.ts';

/**
 * robots.txt and the sitemaps through the gateway (issue 20): the gateway → the real renderer → the real search
 * service, fed by the real listings service's stream. The internal sitemap routes of search are never reachable.
 */
const closing = closeAfterAll();
const api = closing(client());
let env: Awaited<ReturnType<typeof startSearch>>;
let renderer: RendererHarness;
let gateway: RunningGateway;
let listingId: string;

beforeAll(async () => {
  env = closing(await startSearch());
  renderer = closing(await startRenderer({ listings: env.listings.base, forum: DOWN, directory: DOWN, search: env.search.base }, { PUBLIC_URL }));
  const { cookie } = await env.listings.newSession();
  const created = await call(env.listings.base, 'POST', '/api/listings', { cookie, body: listingBody({ title: 'Gateway sitemap sofa' }) });
  listingId = created.body.id as string;
  await until('search has the listing', async () => !!env.search.deps.index.listings.get(listingId));
  gateway = closing(await startTestGateway({ LISTINGS_URL: env.listings.base, SEARCH_URL: env.search.base, RENDERER_URL: renderer.base }));
}, 120_000);

test('/robots.txt answers through the gateway as text, naming the sitemap on PUBLIC_URL', async () => {
  const res = await api.call(`${gateway.url}/robots.txt`);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(res.text).toMatch(/^User-agent: \*\nDisallow: \/admin\n/);
  expect(res.text).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml\n`);
});

test('/sitemap.xml and a listings sitemap answer through the gateway as XML, the new listing in it', async () => {
  const index = await api.call(`${gateway.url}/sitemap.xml`);
  expect(index.status).toBe(200);
  expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(index.headers['cache-control']).toBe('public, max-age=60');
  expect(index.text).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(index.text).toContain(`<loc>${PUBLIC_URL}/sitemaps/static.xml</loc>`);
  const files = [...index.text.matchAll(/<loc>([^<]*\/sitemaps\/listings-\d+\.xml)<\/loc>/g)].map((m) => m[1]!.slice(PUBLIC_URL.length));
  expect(files.length).toBeGreaterThan(0);
  let found = false;
  for (const f of files) {
    const page = await api.call(`${gateway.url}${f}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('application/xml; charset=utf-8');
    found ||= page.text.includes(`<loc>${PUBLIC_URL}/listing/${listingId}</loc>`);
  }
  expect(found).toBe(true);
});

test("search's internal sitemap routes are not reachable through the gateway", async () => {
  for (const p of ['/internal/sitemap/listings', '/internal/sitemap/listings/summary?pageSize=2']) {
    const res = await api.call(`${gateway.url}${p}`);
    expect([p, res.status]).toEqual([p, 404]);
  }
});
