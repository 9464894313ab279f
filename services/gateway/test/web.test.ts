import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { RegistryDocumentSchema, SAMPLE_SITE_SETTINGS } from '@cp/contracts';
import { createLogger, type RunningServer } from '@cp/service-kit';
import type { RunningGateway } from '../src/app.ts';
import { withSiteSettings } from '../src/web/site-settings.ts';
import { startStaticServer } from '../src/web/static-server.ts';
import { closeAfterAll } from '../../../infra/src/jest/closing.ts';
import { client, startFakeService, startTestGateway, type FakeService } from './helpers.ts';

/**
 * The gateway serving built web apps: fixture builds in a temporary folder (what webpack writes: index.html with an
 * inline script, csp.json, hashed chunks, remoteEntry.js, mf-manifest.json), one remote served from its folder, one
 * through its own static server (proxied), one whose server is down, one that echoes what it was asked.
 */

const FAST_MS = 3_000;
const THEME_SCRIPT = "(function(){document.documentElement.classList.add('light')})()";
const THEME_HASH = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
const INDEX_HTML = `<!doctype html><html><head><script>${THEME_SCRIPT}</script><script defer src="/main.0a1b2c3d.js"></script></head><body><div id="root"></div></body></html>`;
/** What the browser gets: index.html with the site settings (development: the samples) written in. */
const PAGE_HTML = withSiteSettings(INDEX_HTML, SAMPLE_SITE_SETTINGS);
/** Big enough to be compressed (≥ 1 KB), and compressible. */
const MAIN_JS = `/* shell main */\n${'console.log("the shell renders the page");\n'.repeat(200)}`;

let dir: string;
let shellDist: string;
let listingsDist: string;
let forumDist: string;
let gateway: RunningGateway;
let forumServer: RunningServer | undefined;
let forumPort: number;
let identity: FakeService;
let echo: FakeService;
const closing = closeAfterAll();
const api = closing(client());
let base: string;

function write(file: string, content: string | Buffer): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

function remoteBuild(distDir: string, name: string, cpRemote: unknown): void {
  write(path.join(distDir, 'remoteEntry.js'), `/* ${name} remote entry */\n${`var ${name} = ${JSON.stringify(name)};\n`.repeat(80)}`);
  write(path.join(distDir, 'mf-manifest.json'), JSON.stringify({ id: name, name, metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, cpRemote } }));
  write(path.join(distDir, 'mf-stats.json'), JSON.stringify({ name }));
  write(path.join(distDir, '129.0baa9b47.js'), `/* ${name} chunk */ export const x = 1;`);
  write(path.join(distDir, 'styles.bc78ed19.css'), `.${name}{color:red}\n`.repeat(100));
}

const startForumServer = async (port = 0) => {
  forumServer = await startStaticServer({ dir: forumDist, port }, createLogger('forum-static', 'silent'));
  forumPort = forumServer.port;
};

/**
 * A raw request whose path is sent exactly as written (URL parsers would resolve `..` before sending), with the raw
 * bytes of the answer (the shared client decodes nothing either, but returns text).
 */
function getBytes(rawPath: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, path: rawPath, method: 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** getBytes with the answer as text. */
async function rawGet(rawPath: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const res = await getBytes(rawPath, headers);
  return { ...res, body: res.body.toString('utf8') };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-web-'));
  closing(() => rmSync(dir, { recursive: true, force: true }));
  shellDist = path.join(dir, 'shell/dist');
  listingsDist = path.join(dir, 'mf-listings/dist');
  forumDist = path.join(dir, 'mf-forum/dist');
  write(path.join(shellDist, 'index.html'), INDEX_HTML);
  write(path.join(shellDist, 'csp.json'), JSON.stringify({ 'script-src': [THEME_HASH] }));
  write(path.join(shellDist, 'main.0a1b2c3d.js'), MAIN_JS);
  write(path.join(shellDist, 'main.0a1b2c3d.js.map'), JSON.stringify({ version: 3, sources: [] }));
  write(path.join(shellDist, '149.023af071.css'), 'body{margin:0}\n'.repeat(100));
  write(path.join(shellDist, 'humans.txt'), 'Made by the community\n');
  write(path.join(shellDist, '.secret'), 'hidden');
  write(path.join(dir, 'secret.txt'), 'outside the web root');
  remoteBuild(listingsDist, 'mf_listings', { routes: ['/listings', '/listing/:id'], slots: ['hero', 'recent-listings'], postAdPanel: true });
  remoteBuild(forumDist, 'mf_forum', { routes: ['/forum'], slots: ['forum'], postAdPanel: false });
  write(path.join(listingsDist, '.env'), 'SECRET=1');

  await startForumServer();
  closing(() => forumServer?.close()); // the tests stop and start it again
  identity = closing(await startFakeService('identity'));
  echo = closing(await startFakeService('echo'));
  // A port where nothing listens: a remote whose server is down from the start.
  const down = await startFakeService('down');
  const downUrl = down.url;
  await down.stop();

  gateway = closing(await startTestGateway({
    IDENTITY_URL: identity.url,
    WEB_ROOT: shellDist,
    WEB_REMOTES: JSON.stringify({
      listings: listingsDist,
      forum: `http://127.0.0.1:${forumPort}`,
      directory: downUrl,
      echo: `${echo.url}/base/`,
    }),
    WEB_REMOTE_TIMEOUT_MS: '500',
    BREAKER_FAILURES: '3',
    BREAKER_COOLDOWN_MS: '1000',
  }));
  base = gateway.url;
});

describe('the page', () => {
  test('/ is index.html: 200, no-cache, nosniff, and a CSP with the inline script hash of csp.json', async () => {
    const res = await api.call(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.text).toBe(PAGE_HTML);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${THEME_HASH}`);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  test('preload hints (Link): the registry on every page, and the remotes the first view needs: the home page\'s first screen, or the owner of the path', async () => {
    const linksOf = async (p: string) => {
      const res = await api.call(`${base}${p}`);
      expect(res.status).toBe(200);
      return res.headers.link === undefined ? [] : String(res.headers.link).split(', ');
    };
    const registry = '</mf/registry.json>; rel=preload; as=fetch; crossorigin=anonymous';
    const listings = [registry, '</mf/listings/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous'];
    // home: mf-listings fills the hero; mf-forum's section is below the first screen
    expect(await linksOf('/')).toEqual(listings);
    expect(await linksOf('/index.html')).toEqual(listings);
    expect(await linksOf('/listing/3f0c2d9e-1111-4a6b-9c1d-2e3f4a5b6c7d')).toEqual(listings);
    // a remote behind its own server, read from its manifest there
    expect(await linksOf('/forum')).toEqual([registry, '</mf/forum/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous']);
    expect(await linksOf('/forum/post/abc')).toEqual([registry]); // mf_forum's fixture owns /forum only
    expect(await linksOf('/no/such/page')).toEqual([registry]);
  });

  test.each(['/listings', '/listing/3f0c2d9e-1111-4a6b-9c1d-2e3f4a5b6c7d', '/forum/post/abc', '/no/such/page', '/admin/', '/index.html'])(
    'page path %s gets index.html with status 200',
    async (p) => {
      const res = await api.call(`${base}${p}`);
      expect(res.status).toBe(200);
      expect(res.text).toBe(PAGE_HTML);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toBeDefined();
    },
  );

  test('HEAD of a page answers the headers without a body', async () => {
    const res = await api.call(`${base}/listings`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  test('the page is revalidated: its ETag gives 304, and a rebuilt page a new ETag and policy', async () => {
    const first = await api.call(`${base}/`);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await api.call(`${base}/`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    // a watch-mode rebuild rewrites index.html and csp.json
    const script2 = "(function(){document.documentElement.classList.add('dark')})()";
    const hash2 = `'sha256-${createHash('sha256').update(script2).digest('base64')}'`;
    write(path.join(shellDist, 'index.html'), INDEX_HTML.replace(THEME_SCRIPT, script2));
    write(path.join(shellDist, 'csp.json'), JSON.stringify({ 'script-src': [hash2] }));
    const future = new Date(Date.now() + 5_000);
    utimesSync(path.join(shellDist, 'index.html'), future, future);
    utimesSync(path.join(shellDist, 'csp.json'), future, future);
    try {
      const rebuilt = await api.call(`${base}/`, { headers: { 'if-none-match': etag } });
      expect(rebuilt.status).toBe(200);
      expect(rebuilt.text).toContain(script2);
      expect(rebuilt.headers['content-security-policy']).toContain(hash2);
      expect(rebuilt.headers['content-security-policy']).not.toContain(THEME_HASH);
    } finally {
      write(path.join(shellDist, 'index.html'), INDEX_HTML);
      write(path.join(shellDist, 'csp.json'), JSON.stringify({ 'script-src': [THEME_HASH] }));
    }
  });

  test('other methods on the site are refused with 405', async () => {
    const res = await api.call(`${base}/listings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD');
  });
});

describe('the shell build', () => {
  test('a hashed script is immutable for a year, JavaScript content type, identity without Accept-Encoding', async () => {
    const res = await getBytes('/main.0a1b2c3d.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(MAIN_JS)));
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(res.body.toString('utf8')).toBe(MAIN_JS);
  });

  test('brotli when accepted, gzip when only gzip is, both decoding to the file', async () => {
    const br = await getBytes('/main.0a1b2c3d.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.length).toBeLessThan(Buffer.byteLength(MAIN_JS) / 5);
    expect(zlib.brotliDecompressSync(br.body).toString('utf8')).toBe(MAIN_JS);
    const gz = await getBytes('/main.0a1b2c3d.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString('utf8')).toBe(MAIN_JS);
    // the second answer comes from the compression cache and is the same
    const again = await getBytes('/main.0a1b2c3d.js', { 'accept-encoding': 'br' });
    expect(again.body.equals(br.body)).toBe(true);
  });

  test('CSS, source maps and unhashed files: right types and cache rules', async () => {
    const css = await api.call(`${base}/149.023af071.css`);
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const map = await api.call(`${base}/main.0a1b2c3d.js.map`);
    expect(map.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(map.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const robots = await api.call(`${base}/humans.txt`); // /robots.txt is the renderer's
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.headers['cache-control']).toBe('no-cache');
  });

  test.each(['/main.ffffffff.js', '/missing.css', '/favicon.ico', '/listings/app.js', '/csp.json'])(
    'a missing asset %s is a 404 JSON, never the page',
    async (p) => {
      const res = await api.call(`${base}${p}`);
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Not found' });
      expect(res.text).not.toContain('<html');
      expect(res.headers['cache-control']).not.toContain('immutable');
    },
  );

  test('/api and /uploads are never the page: unknown API paths 404 JSON, known ones reach their service', async () => {
    const unknown = await api.call(`${base}/api/no-such-thing`);
    expect(unknown.status).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'Not found' });
    const user = await api.call(`${base}/api/auth/user`);
    expect(user.status).toBe(200);
    expect(user.json()).toMatchObject({ service: 'identity', url: '/api/auth/user' });
    // listings is not configured in this gateway: 503, not the page
    expect((await api.call(`${base}/uploads/a.jpg`)).status).toBe(503);
    expect((await api.call(`${base}/api/listings`)).status).toBe(503);
  });
});

describe('the remote registry', () => {
  test('lists every configured remote in order with the metadata of its build, not cached', async () => {
    const res = await api.call(`${base}/mf/registry.json`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(RegistryDocumentSchema.safeParse(res.json()).success).toBe(true);
    expect(res.json()).toEqual({
      remotes: [
        // from its build folder
        { name: 'mf_listings', entry: '/mf/listings/mf-manifest.json', routes: ['/listings', '/listing/:id'], slots: ['hero', 'recent-listings'], postAdPanel: true },
        // from its own static server
        { name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', routes: ['/forum'], slots: ['forum'] },
        // its server is down: still listed, without metadata
        { name: 'mf_directory', entry: '/mf/directory/mf-manifest.json', routes: [], slots: [], metadataUnavailable: true },
        // its server answers something that is not a manifest
        { name: 'mf_echo', entry: '/mf/echo/mf-manifest.json', routes: [], slots: [], metadataUnavailable: true },
      ],
    });
  });
});

describe('a remote served from its build folder', () => {
  test('remoteEntry.js, mf-manifest.json and mf-stats.json are revalidated; hashed chunks immutable', async () => {
    const entry = await api.call(`${base}/mf/listings/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.text).toContain('mf_listings remote entry');
    const manifest = await api.call(`${base}/mf/listings/mf-manifest.json`);
    expect(manifest.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: 'mf_listings' });
    expect((await api.call(`${base}/mf/listings/mf-stats.json`)).headers['cache-control']).toBe('no-cache');
    const chunk = await api.call(`${base}/mf/listings/129.0baa9b47.js`);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.text).toContain('mf_listings chunk');
  });

  test.each(['/mf/listings/nope.js', '/mf/listings/', '/mf/listings', '/mf/unknown/remoteEntry.js', '/mf/', '/mf/listings/deep/page'])(
    '%s is a 404 JSON, never the page',
    async (p) => {
      const res = await api.call(`${base}${p}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('<html');
    },
  );
});

describe('a remote behind its own static server (proxied)', () => {
  test('its files come through the gateway with the gateway cache rules and compression', async () => {
    const entry = await getBytes('/mf/forum/remoteEntry.js', { 'accept-encoding': 'br' });
    expect(entry.status).toBe(200);
    expect(entry.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(entry.body).toString('utf8')).toContain('mf_forum remote entry');
    const chunk = await api.call(`${base}/mf/forum/129.0baa9b47.js`);
    expect(chunk.status).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await api.call(`${base}/mf/forum/nope.js`);
    expect(missing.status).toBe(404);
    expect(missing.text).not.toContain('<html');
  });

  test('revalidation passes through: the static server answers 304 to its ETag', async () => {
    const first = await api.call(`${base}/mf/forum/mf-manifest.json`);
    expect(first.status).toBe(200);
    const etag = String(first.headers.etag);
    const again = await api.call(`${base}/mf/forum/mf-manifest.json`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
  });

  test('the path maps onto the configured base path; cookies and credentials are not forwarded, no cookie comes back', async () => {
    const res = await api.call(`${base}/mf/echo/chunk.js?v=1`, { headers: { cookie: 'token=secret', authorization: 'Bearer x' } });
    expect(res.status).toBe(200);
    const seen = res.json<{ url: string; headers: Record<string, string> }>();
    expect(seen.url).toBe('/base/chunk.js?v=1');
    expect(seen.headers.cookie).toBeUndefined();
    expect(seen.headers.authorization).toBeUndefined();
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  test('a remote server that hangs gives 504 within the remote timeout', async () => {
    const started = Date.now();
    const res = await api.call(`${base}/mf/echo/hang`);
    expect(res.status).toBe(504);
    expect(Date.now() - started).toBeLessThan(FAST_MS);
  });

  test('a remote whose server is down answers 502 at once, then 503 while the breaker is open; the page and other remotes still work', async () => {
    const started = Date.now();
    const first = await api.call(`${base}/mf/directory/mf-manifest.json`);
    expect(first.status).toBe(502);
    expect(first.json()).toMatchObject({ error: 'Bad gateway' });
    for (let i = 0; i < 3; i++) await api.call(`${base}/mf/directory/remoteEntry.js`);
    const open = await api.call(`${base}/mf/directory/remoteEntry.js`);
    expect(open.status).toBe(503);
    expect(open.headers['retry-after']).toBeDefined();
    expect(Date.now() - started).toBeLessThan(FAST_MS);
    expect((await api.call(`${base}/`)).status).toBe(200);
    expect((await api.call(`${base}/mf/listings/remoteEntry.js`)).status).toBe(200);
    expect((await api.call(`${base}/mf/forum/remoteEntry.js`)).status).toBe(200);
  });

  test('stopping a remote server turns its files into 502/503; starting it again brings them back', async () => {
    await forumServer!.close();
    forumServer = undefined;
    const down = await api.call(`${base}/mf/forum/mf-manifest.json`);
    expect([502, 503]).toContain(down.status);
    expect(down.text).not.toContain('<html');
    await startForumServer(forumPort);
    // after the breaker's cool-down (1 s here) requests go through again
    let status = 0;
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      status = (await api.call(`${base}/mf/forum/mf-manifest.json`)).status;
      if (status === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(status).toBe(200);
  });
});

describe('paths that try to leave the build folders', () => {
  test.each([
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/mf/listings/../../secret.txt',
    '/mf/listings/%2e%2e/%2e%2e/secret.txt',
    '/mf/listings/..%2f..%2fsecret.txt',
    '/mf/listings/..%5c..%5csecret.txt',
    '/..%5csecret.txt',
    '/mf/forum/%2e%2e/%2e%2e/mf-listings/dist/.env',
    '/.secret',
    '/mf/listings/.env',
    '/%2esecret',
    '/main.0a1b2c3d.js%00.css',
  ])('%s is refused (400/404) and shows nothing of the file', async (p) => {
    const res = await rawGet(p);
    expect([400, 404]).toContain(res.status);
    expect(res.body).not.toContain('outside the web root');
    expect(res.body).not.toContain('SECRET');
    expect(res.body).not.toContain('hidden');
  });
});

describe('without a build', () => {
  test('a gateway whose WEB_ROOT has no index.html answers 503 for pages and 404 for assets', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'gateway-web-empty-'));
    const g = await startTestGateway({ WEB_ROOT: empty, WEB_REMOTES: '' });
    try {
      const pageRes = await api.call(`${g.url}/listings`);
      expect(pageRes.status).toBe(503);
      expect(pageRes.json()).toMatchObject({ error: 'Site not built' });
      expect((await api.call(`${g.url}/main.0a1b2c3d.js`)).status).toBe(404);
      expect((await api.call(`${g.url}/mf/registry.json`)).json()).toEqual({ remotes: [] });
    } finally {
      await g.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });

  test('a gateway without web configuration answers 404 JSON outside /api, as before', async () => {
    const g = await startTestGateway({});
    try {
      expect((await api.call(`${g.url}/`)).status).toBe(404);
      expect((await api.call(`${g.url}/mf/registry.json`)).status).toBe(404);
    } finally {
      await g.close();
    }
  });
});
