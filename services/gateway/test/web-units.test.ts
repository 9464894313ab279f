import path from 'node:path';
import { ConfigError } from '@cp/service-kit';
import { loadGatewayConfig } from '../src/config.ts';
import { preferredEncoding } from '../src/shared/compression.ts';
import { cacheControlOf, CompressionCache, contentTypeOf, resolveInside } from '../src/web/static-files.ts';
import { contentSecurityPolicy, isPagePath, registryDocument } from '../src/web/web.ts';

describe('WEB_ROOT and WEB_REMOTES', () => {
  test('JSON: folders resolved against the working directory, URLs as origin + base path, in order', () => {
    const c = loadGatewayConfig({
      WEB_ROOT: 'shell/dist',
      WEB_REMOTES: JSON.stringify({ listings: 'mf-listings/dist', forum: 'http://127.0.0.1:3102', admin: 'https://cdn.example.com/admin/v3' }),
    });
    expect(c.web.root).toBe(path.resolve('shell/dist'));
    expect(c.web.remotes).toEqual([
      { key: 'listings', name: 'mf_listings', entry: '/mf/listings/mf-manifest.json', source: { kind: 'dir', dir: path.resolve('mf-listings/dist') } },
      { key: 'forum', name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', source: { kind: 'url', origin: 'http://127.0.0.1:3102', basePath: '/' } },
      { key: 'admin', name: 'mf_admin', entry: '/mf/admin/mf-manifest.json', source: { kind: 'url', origin: 'https://cdn.example.com', basePath: '/admin/v3/' } },
    ]);
    expect(registryDocument(c.web.remotes, new Map([['listings', { routes: ['/listings'], slots: ['hero' as const], postAdPanel: true }], ['admin', { routes: ['/admin'], slots: [] }]]))).toEqual({
      remotes: [
        { name: 'mf_listings', entry: '/mf/listings/mf-manifest.json', routes: ['/listings'], slots: ['hero'], postAdPanel: true },
        { name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', routes: [], slots: [], metadataUnavailable: true },
        { name: 'mf_admin', entry: '/mf/admin/mf-manifest.json', routes: ['/admin'], slots: [] },
      ],
    });
  });

  test('name=value pairs work too; nothing configured means no site', () => {
    const c = loadGatewayConfig({ WEB_REMOTES: 'listings=/srv/listings, forum=http://10.0.0.5:8080/' });
    expect(c.web.remotes.map((r) => [r.key, r.source.kind])).toEqual([
      ['listings', 'dir'],
      ['forum', 'url'],
    ]);
    const none = loadGatewayConfig({});
    expect(none.web).toMatchObject({ root: undefined, remotes: [] });
  });

  test.each([
    ['{"Listings":"x"}', 'must match'],
    ['{"mf-forum":"x"}', 'must match'],
    ['{"forum":""}', 'needs a build folder'],
    ['{"forum":"http://h:1/?x=1"}', 'without query'],
    ['forum=a,forum=b', 'listed twice'],
    ['{"forum":', 'JSON object'],
    ['forum', 'not name=value'],
  ])('WEB_REMOTES=%s is rejected (%s)', (value, message) => {
    expect(() => loadGatewayConfig({ WEB_REMOTES: value })).toThrow(ConfigError);
    expect(() => loadGatewayConfig({ WEB_REMOTES: value })).toThrow(message);
  });
});

describe('file rules', () => {
  test('hashed names are immutable, entry files and manifests revalidated', () => {
    expect(cacheControlOf('/d/main.779f8568.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlOf('/d/149.023af071.css')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlOf('/d/129.26b48338.js.map')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlOf('/d/__federation_expose_routes.1daaa093.js')).toBe('public, max-age=31536000, immutable');
    for (const f of ['remoteEntry.js', 'mf-manifest.json', 'mf-stats.json', 'index.html', 'main.js', 'remoteEntry.js.map', 'app.1234567.js']) {
      expect(cacheControlOf(`/d/${f}`)).toBe('no-cache');
    }
  });

  test('content types', () => {
    expect(contentTypeOf('a.js')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('a.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('a.json')).toBe('application/json; charset=utf-8');
    expect(contentTypeOf('a.woff2')).toBe('font/woff2');
    expect(contentTypeOf('a.unknown')).toBe('application/octet-stream');
  });

  test('Accept-Encoding negotiation prefers br, honours q-values and *', () => {
    expect(preferredEncoding('gzip, deflate, br')).toBe('br');
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br'); // Chromium's
    expect(preferredEncoding('gzip;q=0.2, br;q=0.8')).toBe('br');
    expect(preferredEncoding('gzip;q=0, *')).toBe('br');
    expect(preferredEncoding('deflate, zstd')).toBe('identity');
    expect(preferredEncoding('gzip')).toBe('gzip');
    expect(preferredEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('identity')).toBe('identity');
    expect(preferredEncoding(undefined)).toBe('identity');
    expect(preferredEncoding('')).toBe('identity');
  });

  test('resolveInside keeps to the folder and refuses hidden files', () => {
    expect(resolveInside('/srv/dist', '/a/b.js')).toBe(path.resolve('/srv/dist/a/b.js'));
    expect(resolveInside('/srv/dist', 'main%20x.js')).toBe(path.resolve('/srv/dist/main x.js'));
    for (const bad of ['/', '', '/.env', '/a/.git/config', '/..', '/%2e%2e/x', '/a%2f..%2f..%2fx', '/%E0%A4%A', '/a%00.js', '/..%5cx']) {
      expect(resolveInside('/srv/dist', bad)).toBeNull();
    }
  });

  test('page paths: no extension in the last segment, never under /mf', () => {
    for (const p of ['/', '/listings', '/listing/3f0c2d9e-1111', '/forum/post/abc/', '/no/such/page']) expect(isPagePath(p)).toBe(true);
    for (const p of ['/main.js', '/favicon.ico', '/mf', '/mf/x', '/mf/registry.json', '/a/b.c', '/%2eenv', '/%E0%A4%A']) expect(isPagePath(p)).toBe(false);
  });

  test('the policy adds csp.json sources to its directives and drops malformed ones', () => {
    const csp = contentSecurityPolicy({ 'script-src': ["'sha256-abc='", 'bad; source'], 'worker-src': ["'self'"], 'Bad Name': ['x'] });
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    expect(csp).not.toContain('bad; source');
    expect(csp).toContain("worker-src 'self'");
    expect(csp).not.toContain('Bad Name');
  });
});

describe('CompressionCache', () => {
  test('compresses once per file version and evicts the least recently used over its byte bound', async () => {
    const cache = new CompressionCache(1_500);
    let reads = 0;
    const content = (seed: string) => async () => {
      reads += 1;
      // random-ish content so that each compresses to several hundred bytes
      return Buffer.from(Array.from({ length: 400 }, (_, i) => `${seed}${(i * 7919) % 1013}`).join(','));
    };
    const a1 = await cache.get('/a.js', 'v1', 'gzip', content('a'));
    const a2 = await cache.get('/a.js', 'v1', 'gzip', content('a'));
    expect(a2).toBe(a1);
    expect(reads).toBe(1);
    await cache.get('/a.js', 'v2', 'gzip', content('a')); // a new version is a new entry
    expect(reads).toBe(2);
    for (const f of ['/b.js', '/c.js', '/d.js', '/e.js']) await cache.get(f, 'v1', 'br', content(f));
    expect(cache.totalBytes).toBeLessThanOrEqual(1_500);
    expect(cache.size).toBeLessThan(6);
    // the oldest entry went first: asking again reads the file again
    const before = reads;
    await cache.get('/a.js', 'v1', 'gzip', content('a'));
    expect(reads).toBe(before + 1);
  });

  test('a failed read is not cached', async () => {
    const cache = new CompressionCache(10_000);
    await expect(cache.get('/x.js', 'v1', 'gzip', () => Promise.reject(new Error('gone')))).rejects.toThrow('gone');
    expect(cache.size).toBe(0);
  });
});
