import { loadGatewayConfig } from '../src/config.ts';
import { checkCrossSite } from '../src/proxy/csrf.ts';
import { clientResponseHeaders, upstreamRequestHeaders } from '../src/shared/upstream.ts';
import { createRouteMatcher, ROUTE_RULES, routeRateLimit, type RouteRule } from '../src/proxy/routes-table.ts';
import { isSafePath } from '../src/shared/paths.ts';

describe('route table', () => {
  const match = createRouteMatcher(ROUTE_RULES);

  test('every path of the spec has an owner', () => {
    const owner = (p: string) => match(p)?.service;
    expect(owner('/api/auth/user')).toBe('identity');
    expect(owner('/api/upload')).toBe('listings');
    expect(owner('/uploads/2026/a.webp')).toBe('listings');
    expect(owner('/api/admin/businesses/1')).toBe('directory');
    expect(owner('/api/newsletter/subscribe')).toBe('comms');
    expect(match('/api/upload')?.kind).toBe('upload');
    expect(match('/api/listings')?.kind).toBe('api');
  });

  test('the longest matching prefix wins, whatever the order of the rules', () => {
    const m = createRouteMatcher([
      { prefix: '/api/forum', service: 'forum', kind: 'api' },
      { prefix: '/api/forum/uploads', service: 'listings', kind: 'upload' },
      { prefix: '/api', service: 'comms', kind: 'api' },
    ]);
    expect(m('/api/forum/uploads/1')?.service).toBe('listings');
    expect(m('/api/forum/posts')?.service).toBe('forum');
    expect(m('/api/forumx')?.service).toBe('comms');
    expect(m('/api/other')?.service).toBe('comms');
  });

  test('whole segments only, and /internal is never routed even if a rule says so', () => {
    expect(match('/api/authx')).toBeUndefined();
    expect(match('/api/listings-archive')).toBeUndefined();
    expect(match('/api')).toBeUndefined();
    const m = createRouteMatcher([...ROUTE_RULES, { prefix: '/internal', service: 'identity', kind: 'api' }]);
    expect(m('/internal/sessions/x')).toBeUndefined();
    expect(m('/internal')).toBeUndefined();
  });

  test.each([
    ['/api/listings/1', true],
    ['/uploads/a.b.webp', true],
    ['/api/listings/a%20b', true],
    ['/api/listings/../x', false],
    ['/api/listings/./x', false],
    ['/api/listings/%2e%2e/x', false],
    ['/api/listings/.%2E', false],
    ['/api/listings/a%2fb', false],
    ['/api/listings/a%5cb', false],
    ['/api/listings/a\\b', false],
    ['/api/listings/a%00', false],
    ['/api/listings/%E0%A4%A', false],
  ])('isSafePath(%s) is %s', (path, safe) => {
    expect(isSafePath(path)).toBe(safe);
  });
});

describe('rate-limit classes on the route rules', () => {
  const match = createRouteMatcher(ROUTE_RULES);
  test.each([
    ['POST', '/api/local-login', 'auth'],
    ['POST', '/api/register/', 'auth'],
    ['GET', '/api/register', undefined],
    ['POST', '/api/auth/user', undefined],
    ['POST', '/api/forgot-password', 'password'],
    ['POST', '/api/reset-password', 'password'],
    ['POST', '/api/contact', 'contact'],
    ['POST', '/api/newsletter/subscribe', 'contact'],
    ['POST', '/api/newsletter/confirm', undefined],
    ['POST', '/api/upload', 'upload'],
    ['POST', '/api/upload/x/y', 'upload'],
    ['PUT', '/api/upload', undefined],
    ['POST', '/api/advertisements/a1/impression', 'adEvents'],
    ['POST', '/api/advertisements/a1/click/', 'adEvents'],
    ['POST', '/api/advertisements/a1/b/click', undefined],
    ['POST', '/api/advertisements/a1', undefined],
    ['POST', '/api/listings', undefined],
    ['POST', '/internal/x', undefined],
  ])('%s %s counts in %s', (method, path, expected) => {
    expect(routeRateLimit(match(path), method, path)).toBe(expected);
  });

  test("a rule's own limits decide: the first for the method and path, a path-less one covering the prefix", () => {
    const rule: RouteRule = {
      prefix: '/api/x',
      service: 'forum',
      kind: 'api',
      limits: [
        { method: 'POST', class: 'contact', path: '/api/x/:id/a.b' },
        { method: 'POST', class: 'upload' },
      ],
    };
    expect(routeRateLimit(rule, 'post', '/api/x/1/a.b')).toBe('contact');
    expect(routeRateLimit(rule, 'POST', '/api/x/1/aXb')).toBe('upload'); // the dot is literal
    expect(routeRateLimit(rule, 'POST', '/api/x')).toBe('upload');
    expect(routeRateLimit({ ...rule, limits: undefined }, 'POST', '/api/x')).toBeUndefined();
    expect(routeRateLimit(undefined, 'POST', '/api/x')).toBeUndefined();
  });
});

describe('configuration', () => {
  test('defaults: port 8080, public URL from the port, limits of the brief, nothing configured', () => {
    const c = loadGatewayConfig({});
    expect(c.port).toBe(8080);
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.proxy.allowedOrigins).toEqual(['http://localhost:8080']);
    expect(c.proxy.services).toEqual({});
    expect(c.proxy.bodyLimits).toEqual({ apiBytes: 1024 * 1024, uploadBytes: 110 * 1024 * 1024 });
    expect(c.proxy.timeouts).toMatchObject({ upstreamMs: 10_000, uploadMs: 60_000, readyMs: 1_000 });
    expect(c.proxy.rateLimits).toEqual({ windowMs: 60_000, global: 600, web: 6000, auth: 20, password: 10, contact: 10, upload: 30, adEvents: 300 });
    expect(c.trustProxy).toBe(false);
  });

  test('SERVICE_URLS as JSON or name=url pairs; an individual variable wins', () => {
    const json = loadGatewayConfig({ SERVICE_URLS: '{"identity":"http://127.0.0.1:4001/","forum":"https://forum.internal"}' });
    expect(json.proxy.services).toEqual({ identity: ['http://127.0.0.1:4001'], forum: ['https://forum.internal'] });
    const pairs = loadGatewayConfig({ SERVICE_URLS: 'identity=http://127.0.0.1:4001, ads=http://127.0.0.1:4005', ADS_URL: 'http://ads:4005', COMMS_URL: '' });
    expect(pairs.proxy.services).toEqual({ identity: ['http://127.0.0.1:4001'], ads: ['http://ads:4005'] });
  });

  test('several upstreams per service (replicas): comma separated in <NAME>_URL and SERVICE_URLS, a list in JSON', () => {
    const c = loadGatewayConfig({
      LISTINGS_URL: 'http://127.0.0.1:4002, http://127.0.0.1:4012/',
      SERVICE_URLS: 'identity=http://127.0.0.1:4001,ads=http://127.0.0.1:4005,http://127.0.0.1:4015,forum=http://forum:4003',
    });
    expect(c.proxy.services).toEqual({
      identity: ['http://127.0.0.1:4001'],
      listings: ['http://127.0.0.1:4002', 'http://127.0.0.1:4012'],
      ads: ['http://127.0.0.1:4005', 'http://127.0.0.1:4015'],
      forum: ['http://forum:4003'],
    });
    const json = loadGatewayConfig({ SERVICE_URLS: '{"ads":["http://a:1","http://b:1"],"forum":"http://f:1,http://g:1"}' });
    expect(json.proxy.services).toEqual({ ads: ['http://a:1', 'http://b:1'], forum: ['http://f:1', 'http://g:1'] });
    expect(() => loadGatewayConfig({ ADS_URL: 'http://a:1,http://a:1' })).toThrow(/ADS_URL.*listed twice/s);
    expect(() => loadGatewayConfig({ ADS_URL: 'http://a:1,ftp://b' })).toThrow(/ADS_URL/);
    expect(() => loadGatewayConfig({ SERVICE_URLS: 'http://a:1,ads=http://b:1' })).toThrow(/SERVICE_URLS.*not name=url/s);
  });

  test('every problem is listed at once', () => {
    const bad = { IDENTITY_URL: 'not a url', LISTINGS_URL: 'http://x:1/api', SERVICE_URLS: 'mail=http://m', PORT: 'abc', RATE_LIMIT_AUTH: '-1' };
    let message = '';
    try {
      loadGatewayConfig(bad);
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toMatch(/^Invalid configuration/);
    for (const key of Object.keys(bad)) expect(message).toContain(key);
  });

  test('allowed origins: the public URL plus ALLOWED_ORIGINS, normalised', () => {
    const c = loadGatewayConfig({ PUBLIC_URL: 'https://CentralPaDesi.example/', ALLOWED_ORIGINS: 'https://admin.example:443, http://localhost:5173' });
    expect(c.proxy.allowedOrigins).toEqual(['https://centralpadesi.example', 'https://admin.example', 'http://localhost:5173']);
    expect(() => loadGatewayConfig({ ALLOWED_ORIGINS: 'ftp://x' })).toThrow(/ALLOWED_ORIGINS/);
  });
});

describe('cross-site rule', () => {
  const opts = { allowedOrigins: ['http://localhost:8080'], allowSameSite: false };
  test.each([
    ['POST', {}, true],
    ['POST', { secFetchSite: 'same-origin', origin: 'http://localhost:8080' }, true],
    ['POST', { secFetchSite: 'none' }, true],
    ['POST', { secFetchSite: 'cross-site' }, false],
    ['POST', { secFetchSite: 'Cross-Site' }, false],
    ['DELETE', { secFetchSite: 'same-site' }, false],
    ['PUT', { origin: 'http://evil.example' }, false],
    ['PATCH', { origin: 'http://localhost:8081' }, false],
    ['POST', { origin: 'null' }, false],
    // Only the exact serialized origin: what URL parsing would drop or rewrite is a different value.
    ['POST', { origin: 'http://evil.example@localhost:8080' }, false],
    ['POST', { secFetchSite: 'same-origin', origin: 'http://user:pw@localhost:8080' }, false],
    ['POST', { origin: 'http://localhost:8080/' }, false],
    ['POST', { origin: 'http://localhost:8080/api' }, false],
    ['POST', { origin: 'http://localhost:8080?x' }, false],
    ['POST', { origin: 'http://LOCALHOST:8080' }, true],
    ['POST', { secFetchSite: 'same-origin', origin: 'http://evil.example' }, false],
    ['GET', { secFetchSite: 'cross-site', origin: 'http://evil.example' }, true],
    ['HEAD', { secFetchSite: 'cross-site' }, true],
    ['OPTIONS', { secFetchSite: 'cross-site' }, true],
  ] as const)('%s %j → allowed %s', (method, headers, allowed) => {
    expect(checkCrossSite(method, headers, opts).ok).toBe(allowed);
  });

  test('same-site can be allowed by configuration', () => {
    expect(checkCrossSite('POST', { secFetchSite: 'same-site' }, { ...opts, allowSameSite: true }).ok).toBe(true);
  });
});

describe('header rules', () => {
  const info = { socketAddress: '10.0.0.2', clientIp: '10.0.0.2', proto: 'http', host: 'localhost:8080', requestId: 'rid-1' };

  test('request: hop-by-hop, Connection-named and client forwarding headers are dropped; the gateway’s are added', () => {
    const out = upstreamRequestHeaders(
      {
        connection: 'keep-alive, x-hop',
        'x-hop': '1',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        te: 'trailers',
        expect: '100-continue',
        host: 'localhost:8080',
        'x-forwarded-for': '6.6.6.6',
        'x-request-id': 'client-chosen',
        cookie: 'a=1; b=2',
        'content-length': '10',
      },
      info,
      true,
    );
    expect(out).toEqual({
      cookie: 'a=1; b=2',
      'content-length': '10',
      'x-forwarded-for': '10.0.0.2',
      'x-forwarded-proto': 'http',
      'x-forwarded-host': 'localhost:8080',
      'x-request-id': 'rid-1',
    });
  });

  test('response: hop-by-hop dropped, Set-Cookie kept as a list', () => {
    const out = clientResponseHeaders({
      'set-cookie': ['a=1', 'b=2'],
      connection: 'close',
      'keep-alive': 'timeout=5',
      'transfer-encoding': 'chunked',
      'content-type': 'application/json',
    });
    expect(out).toEqual({ 'set-cookie': ['a=1', 'b=2'], 'content-type': 'application/json' });
  });
});
