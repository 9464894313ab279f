import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeAfterAll } from '../../../infra/src/jest/closing.ts';
import type { RunningGateway } from '../src/app.ts';
import { withPageBody, withPageHead } from '../src/web/page-head.ts';
import { startListings, call, listingBody, type ListingsHarness } from '../../listings/test/helpers.ts';
import { DOWN, hangingServer, startRenderer, type RendererHarness } from '../../renderer/test/helpers.ts';
import { parseHead } from '../../renderer/test/head-parser.ts';
import { client, eventually, startFakeService, startTestGateway, PUBLIC_URL } from './helpers.ts';

/**
 * The page's head and status from the renderer (issue 20): the real renderer reading the real listings service, the
 * gateway serving a shell build whose index.html has the default title and description.
 */
const INDEX_HTML =
  '<!doctype html><html><head><meta charset="utf-8" /><title>Central PA Desi Community</title>' +
  '<meta name="description" content="The shell default." /><script defer src="/main.0a1b2c3d.js"></script></head><body><div id="root"></div></body></html>';

let dir: string;
let listings: ListingsHarness;
let renderer: RendererHarness;
let gateway: RunningGateway;
let listingId: string;
let cookie: string;
const closing = closeAfterAll();
const api = closing(client());

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-head-'));
  closing(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(path.join(dir, 'shell'), { recursive: true });
  writeFileSync(path.join(dir, 'shell', 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dir, 'shell', 'csp.json'), JSON.stringify({ 'script-src': ["'sha256-AAAA'"] }));
  listings = closing(await startListings());
  // Budgets far above the defaults: what these tests check is the head, not the wait (two cores shared with the suite;
  // the waits have tests of their own below).
  renderer = closing(await startRenderer({ listings: listings.base, forum: DOWN, directory: DOWN }, { PUBLIC_URL, PAGE_DATA_BUDGET_MS: '3000' }));
  ({ cookie } = await listings.newSession());
  const created = await call(listings.base, 'POST', '/api/listings', { body: listingBody({ title: 'Teak dining table', price: 450 }), cookie });
  listingId = created.body.id as string;
  gateway = closing(await startTestGateway({ LISTINGS_URL: listings.base, RENDERER_URL: renderer.base, WEB_ROOT: path.join(dir, 'shell'), PAGE_HEAD_CACHE_TTL_MS: '500', PAGE_HEAD_TIMEOUT_MS: '4000' }));
}, 120_000);

describe('the page with its head from the renderer', () => {
  test("a listing's page: one title and description, the listing's; Open Graph and JSON-LD in the head; the CSP kept", async () => {
    const home = await api.call(`${gateway.url}/`);
    const res = await api.call(`${gateway.url}/listing/${listingId}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBe(home.headers['content-security-policy']);
    expect(res.headers['content-security-policy']).toContain("script-src 'self' 'sha256-AAAA'");
    expect(res.text.match(/<title>/g)).toHaveLength(1);
    expect(res.text.match(/name="description"/g)).toHaveLength(1);
    expect(res.text).not.toContain('The shell default.');
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).toContain('id="site-settings"');
    const head = parseHead(res.text);
    expect(head.title).toBe('Teak dining table | Central PA Desi Community');
    expect(head.meta.description).toMatch(/^\$450 · Harrisburg PA · /);
    expect(head.canonical).toBe(`${PUBLIC_URL}/listing/${listingId}`);
    expect(head.meta['og:image']).toBe(`${PUBLIC_URL}/og/listing/${listingId}.jpg`);
    expect(head.jsonLd.map((d) => d['@type'])).toEqual(['Product']);
  });

  test('a missing listing and an unknown route: 404 with the SPA document (the shell shows its not-found page); HEAD too', async () => {
    for (const p of ['/listing/0b8f5a9e-4c1d-4e6f-9a2b-3c4d5e6f7a8b', '/no-such-page']) {
      const res = await api.call(`${gateway.url}${p}`, { headers: { 'if-none-match': '*' } });
      expect([p, res.status]).toEqual([p, 404]);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).toContain('<script defer src="/main.0a1b2c3d.js"></script>');
      expect(parseHead(res.text).meta.robots).toBe('noindex');
      expect((await api.call(`${gateway.url}${p}`, { method: 'HEAD' })).status).toBe(404);
    }
  });

  test('a change of the listing shows within the cache time', async () => {
    expect((await call(listings.base, 'PUT', `/api/listings/${listingId}`, { body: { title: 'Teak dining table, six chairs' }, cookie })).status).toBe(200);
    const shows = await eventually(async () => parseHead((await api.call(`${gateway.url}/listing/${listingId}`)).text).title === 'Teak dining table, six chairs | Central PA Desi Community', 10_000, 100);
    expect(shows).toBe(true);
  });

  test('its metrics count how pages were found: asked of the renderer, then kept (issue 36)', async () => {
    const g = await startTestGateway({ LISTINGS_URL: listings.base, RENDERER_URL: renderer.base, WEB_ROOT: path.join(dir, 'shell'), PAGE_HEAD_CACHE_TTL_MS: '60000', PAGE_HEAD_TIMEOUT_MS: '4000' });
    try {
      const series = async () => (await api.call(`http://127.0.0.1:${g.metricsPort}/metrics`)).text;
      const counted = (text: string, outcome: string) => new RegExp(`^gateway_page_answers_total\\{[^}]*outcome="${outcome}"[^}]*\\} [1-9]`, 'm').test(text);
      expect(counted(await series(), 'miss')).toBe(false);
      expect((await api.call(`${g.url}/listing/${listingId}`)).status).toBe(200);
      expect(counted(await series(), 'miss')).toBe(true);
      // Asked again once the first answer is kept: the renderer is not asked.
      const kept = await eventually(async () => {
        await api.call(`${g.url}/listing/${listingId}`);
        return counted(await series(), 'hit');
      }, 10_000, 100);
      expect(kept).toBe(true);
    } finally {
      await g.close();
    }
  });

  test('the page head endpoint is never reachable from outside', async () => {
    const res = await api.call(`${gateway.url}/internal/page?path=%2F`);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });
});

describe('renderer down or slow', () => {
  test("the page is today's: 200, the shell's title and description", async () => {
    const hanging = await hangingServer();
    for (const rendererUrl of [DOWN, hanging.url]) {
      const g = await startTestGateway({ RENDERER_URL: rendererUrl, WEB_ROOT: path.join(dir, 'shell') });
      try {
        for (const p of [`/listing/${listingId}`, '/no-such-page']) {
          const res = await api.call(`${g.url}${p}`);
          expect([rendererUrl, p, res.status]).toEqual([rendererUrl, p, 200]);
          expect(res.text).toContain('id="site-settings"');
          const head = parseHead(res.text);
          expect(head.title).toBe('Central PA Desi Community');
          expect(head.meta.description).toBe('The shell default.');
        }
      } finally {
        await g.close();
      }
    }
    expect(hanging.requests()).toBeGreaterThan(0);
    await hanging.close();
  });

  test("a link previewer waits longer for the renderer (and says so); a person's page does not", async () => {
    // A renderer answering 800 ms late: past a person's wait (300 ms), inside a previewer's (3 s).
    const asked: string[] = [];
    const slow = createServer((req, res) => {
      asked.push(req.url ?? '');
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store' });
        res.end(`${JSON.stringify({ status: 200, head: '<title>Slow but sure | Central PA Desi Community</title>', body: false })}\n`);
      }, 800);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const g = await startTestGateway({ RENDERER_URL: `http://127.0.0.1:${(slow.address() as AddressInfo).port}`, WEB_ROOT: path.join(dir, 'shell') });
    try {
      const person = await api.call(`${g.url}/listing/${listingId}`, { headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36' } });
      expect(parseHead(person.text).title).toBe('Central PA Desi Community');
      for (const ua of ['WhatsApp/2.23.20.0', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)']) {
        const previewer = await api.call(`${g.url}/listing/${listingId}`, { headers: { 'user-agent': ua } });
        expect([ua, previewer.status, parseHead(previewer.text).title]).toEqual([ua, 200, 'Slow but sure | Central PA Desi Community']);
      }
      expect(asked[0]).toBe(`/internal/page?path=${encodeURIComponent(`/listing/${listingId}`)}`);
      expect(asked.slice(1).every((u) => u.endsWith('&for=previewer'))).toBe(true);
    } finally {
      await g.close();
      slow.closeAllConnections();
      await new Promise((r) => slow.close(r));
    }
  });
});

describe("the renderer's public files", () => {
  test('/robots.txt, /sitemap.xml, /sitemaps/…, /og/… go to the renderer, path and query unchanged; /internal never', async () => {
    const fake = await startFakeService('renderer');
    const g = await startTestGateway({ RENDERER_URL: fake.url, WEB_ROOT: path.join(dir, 'shell') });
    try {
      for (const p of ['/robots.txt', '/sitemap.xml', '/sitemaps/listings-1.xml', '/og/listing/0b8f5a9e-4c1d-4e6f-9a2b-3c4d5e6f7a8b.jpg?v=2', '/og/site.jpg']) {
        const res = await api.call(`${g.url}${p}`);
        expect([p, res.status]).toEqual([p, 200]);
        expect(fake.seen.at(-1)?.url).toBe(p);
      }
      const before = fake.seen.length;
      expect((await api.call(`${g.url}/internal/page?path=/`)).status).toBe(404);
      expect((await api.call(`${g.url}/ogx`)).status).toBe(200); // a page path, not the renderer's /og
      expect(fake.seen.slice(before).filter((r) => !r.url.startsWith('/internal/page?path=')).map((r) => r.url)).toEqual([]);
    } finally {
      await g.close();
      await fake.stop();
    }
  });

  test("withPageBody: the body and its state in #root; the shell's scripts fetched after the first paint, its preloads gone", () => {
    const shell =
      '<!doctype html><html><head><title>T</title><link rel="preload" href="/mf/registry.json" as="fetch" crossorigin="anonymous" />' +
      '<script defer="defer" src="/main.0a1b2c3d.js"></script><link href="/main.css" rel="stylesheet"></head>' +
      '<body><div id="root"></div><noscript>Needs JavaScript</noscript><script>loader()</script></body></html>';
    // Markup that merely shows such text (escaped by React) is the page's and stays as it is.
    const body = { html: '<p>&lt;script src=&quot;/x.js&quot;&gt;&lt;/script&gt;</p>', state: '{"api":{}}', styles: ['/mf/forum/styles.1.css'] };
    const out = withPageBody(shell, body);
    expect(out).toContain('<template data-after-paint="/main.0a1b2c3d.js"></template>');
    expect(out).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(out).not.toContain('rel="preload"');
    expect(out).not.toContain('<noscript>');
    expect(out).toContain(`<div id="root">${body.html}</div><script type="application/json" id="cp-ssr-state">{"api":{}}</script>`);
    expect(out).toContain('<script>loader()</script>'); // the shell's own inline scripts stay (their hashes are the CSP's)
    // The remote's stylesheet in the head, after the shell's.
    expect(out).toContain('<link href="/main.css" rel="stylesheet"><link rel="stylesheet" href="/mf/forum/styles.1.css" /></head>');
    // A document without the empty root is left alone.
    expect(withPageBody('<html><body></body></html>', body)).toBe('<html><body></body></html>');
  });

  test('withPageHead replaces the default title and description where the title was', () => {
    const out = withPageHead(INDEX_HTML, '<title>X</title>\n<meta name="description" content="Y" />');
    expect(out).toBe(INDEX_HTML.replace('<title>Central PA Desi Community</title><meta name="description" content="The shell default." />', '<title>X</title>\n<meta name="description" content="Y" />'));
    expect(withPageHead('<html><head></head></html>', '<title>X</title>')).toBe('<html><head><title>X</title></head></html>');
  });
});
