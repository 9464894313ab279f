/**
 * Issue 35: a page a remote declares in its metadata (`pages`, carried by the site's /mf/registry.json) gets its own
 * head and its place in the sitemap with no change of the renderer; anything else stays a 404. The registry is read
 * at most once per TTL, and its last good copy is kept while it cannot be read.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RemotePageSchema } from '@cp/contracts';
import { createLogger } from '@cp/service-kit';
import { buildPageHead } from '../src/pages/page-head.ts';
import { remotePagesReader } from '../src/remote-pages.ts';
import { sitemaps } from '../src/sitemap/use-cases.ts';
import { serviceClient } from '../src/upstream.ts';

const logger = createLogger('remote-pages-test', 'silent');
const site = { publicUrl: 'https://centralpadesi.example', siteName: 'Central PA Desi Community', siteDescription: 'The site.' };
const EVENTS = {
  name: 'mf_events',
  entry: '/mf/events/mf-manifest.json',
  routes: ['/events', '/events/mine'],
  slots: [],
  pages: [
    { path: '/events', title: 'Community Events', description: 'Diwali melas, garba nights and pujas in Central PA.' },
    { path: '/events/mine', title: 'My RSVPs', description: 'The events you said you are going to.', index: false },
  ],
};

let answer: { status: number; body: unknown } = { status: 200, body: { remotes: [EVENTS] } };
/** What the events team's service answers to its page's preview (`/api/events/preview`), and after how long. */
let preview: { status: number; body: unknown; delayMs?: number } = { status: 200, body: {} };
let asked = 0;
let server: http.Server;
let origin: string;
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/api/events/preview') {
      const { status, body, delayMs = 0 } = preview;
      return void setTimeout(() => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)), delayMs);
    }
    asked += 1;
    if (req.url !== '/mf/registry.json') return void res.writeHead(404).end();
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const nowhere = serviceClient('nowhere', ['http://127.0.0.1:9']);
const headOf = (path: string, reader: ReturnType<typeof remotePagesReader>) =>
  buildPageHead({ site, services: { listings: nowhere, forum: nowhere, directory: nowhere }, budgetMs: 2_000, logger, remotePages: reader }, path);

describe('pages declared by remotes', () => {
  it('give a declared page its head (noindex when it asks), and leave any other path a 404', async () => {
    const reader = remotePagesReader({ webOrigin: origin, ttlMs: 60_000, logger });
    expect(await headOf('/events?town=Carlisle', reader)).toMatchObject({ status: 200, title: 'Community Events | Central PA Desi Community', description: EVENTS.pages[0]!.description, canonicalPath: '/events' });
    expect((await headOf('/events', reader)).noindex).toBeUndefined();
    expect(await headOf('/Events/Mine/', reader)).toMatchObject({ status: 200, title: 'My RSVPs | Central PA Desi Community', noindex: true });
    expect(await headOf('/events/else', reader)).toMatchObject({ status: 404, noindex: true });
    expect(await headOf('/nothing', reader)).toMatchObject({ status: 404 });
    // Without the reader (no WEB_ORIGIN) the path is no page.
    expect(await buildPageHead({ site, services: { listings: nowhere, forum: nowhere, directory: nowhere }, budgetMs: 2_000, logger }, '/events')).toMatchObject({ status: 404 });
  });

  it('reads the registry at most once per TTL, keeps the last good copy while it fails, and follows a new one', async () => {
    let clock = 0;
    const reader = remotePagesReader({ webOrigin: origin, ttlMs: 1_000, logger, now: () => clock });
    asked = 0;
    expect([...(await reader()).keys()]).toEqual(['/events', '/events/mine']);
    await reader();
    expect(asked).toBe(1);
    answer = { status: 500, body: { error: 'down' } };
    clock = 1_000;
    expect([...(await reader()).keys()]).toEqual(['/events', '/events/mine']);
    expect(asked).toBe(2);
    answer = { status: 200, body: { remotes: [{ ...EVENTS, pages: [EVENTS.pages[0]] }] } };
    clock = 2_000;
    expect([...(await reader()).keys()]).toEqual(['/events']);
    // A document that breaks the schema counts as a failure, not as "no pages".
    answer = { status: 200, body: { remotes: [{ ...EVENTS, pages: [{ path: 'no slash', title: '', description: '' }] }] } };
    clock = 3_000;
    expect([...(await reader()).keys()]).toEqual(['/events']);
    answer = { status: 200, body: { remotes: [EVENTS] } };
  });

  it("give a page with a preview endpoint the head its service says is on it now, and the declared head when it cannot", async () => {
    answer = { status: 200, body: { remotes: [{ ...EVENTS, pages: [{ ...EVENTS.pages[0], preview: '/api/events/preview' }] }] } };
    const reader = remotePagesReader({ webOrigin: origin, ttlMs: 60_000, logger });
    const readApi = (apiPath: string, signal: AbortSignal) => fetch(new URL(apiPath, origin), { signal });
    const head = (budgetMs = 2_000) => buildPageHead({ site, services: { listings: nowhere, forum: nowhere, directory: nowhere }, budgetMs, logger, remotePages: reader, readApi }, '/events');
    const declared = { title: 'Community Events | Central PA Desi Community', description: EVENTS.pages[0]!.description };

    preview = { status: 200, body: { description: 'Next: Diwali Mela (Sat, Dec 5, Harrisburg) · Garba Night (Sun, Dec 6, Enola)' } };
    expect(await head()).toMatchObject({ status: 200, title: declared.title, description: 'Next: Diwali Mela (Sat, Dec 5, Harrisburg) · Garba Night (Sun, Dec 6, Enola)', canonicalPath: '/events' });
    preview = { status: 200, body: { title: 'Events this weekend', description: 'Diwali Mela and 3 more events this weekend.' } };
    expect(await head()).toMatchObject({ title: 'Events this weekend | Central PA Desi Community', description: 'Diwali Mela and 3 more events this weekend.' });
    // Down, wrong, or too slow for the page's budget: the declared head, never an error page.
    preview = { status: 503, body: { error: 'down' } };
    expect(await head()).toMatchObject({ status: 200, ...declared });
    preview = { status: 200, body: { description: '', title: 42 } };
    expect(await head()).toMatchObject({ status: 200, ...declared });
    preview = { status: 200, body: { description: 'Too late' }, delayMs: 1_000 };
    expect(await head(200)).toMatchObject({ status: 200, ...declared });
    // No reader (the renderer reads no API): the declared head.
    expect(await buildPageHead({ site, services: { listings: nowhere, forum: nowhere, directory: nowhere }, budgetMs: 2_000, logger, remotePages: reader }, '/events')).toMatchObject(declared);
    answer = { status: 200, body: { remotes: [EVENTS] } };
  });

  it('refuse a preview that is not a public API path', () => {
    const page = { path: '/events', title: 'Events', description: 'Events.' };
    expect(RemotePageSchema.safeParse({ ...page, preview: '/api/events/preview' }).success).toBe(true);
    for (const preview of ['/internal/events', 'https://evil.example/api/x', '/api/events/preview?x=1', '/api/../identity', '/api']) {
      expect([preview, RemotePageSchema.safeParse({ ...page, preview }).success]).toEqual([preview, false]);
    }
  });

  it('put the pages to index into the static sitemap, after the site’s own', async () => {
    const reader = remotePagesReader({ webOrigin: origin, ttlMs: 60_000, logger });
    const xml = await sitemaps({ publicUrl: site.publicUrl, logger, search: nowhere, now: () => new Date('2026-12-01T00:00:00Z'), remotePages: reader }).staticSitemap();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs.at(-1)).toBe('https://centralpadesi.example/events');
    expect(locs).toContain('https://centralpadesi.example/contact');
    expect(locs).not.toContain('https://centralpadesi.example/events/mine');
  });
});
