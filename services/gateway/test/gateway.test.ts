import nodeHttp from 'node:http';
import net from 'node:net';
import { request } from 'undici';
import type { RunningGateway } from '../src/app.ts';
import { client, eventually, PUBLIC_URL, startFakeService, startTestGateway, UUID, type FakeService } from './helpers.ts';

interface Echo {
  service: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** A request whose path is sent exactly as given. */
function rawRequest(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = nodeHttp.request({ host: '127.0.0.1', port, path, method: 'GET', agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.end();
  });
}

let gateway: RunningGateway;
const services: Record<string, FakeService> = {};
const http = client();
const call = http.call;
let base: string;

beforeAll(async () => {
  for (const name of ['identity', 'listings', 'forum', 'directory', 'ads']) services[name] = await startFakeService(name);
  // comms is deliberately not configured; identity through SERVICE_URLS, the others one by one.
  gateway = await startTestGateway({
    SERVICE_URLS: `identity=${services.identity!.url}`,
    LISTINGS_URL: services.listings!.url,
    FORUM_URL: services.forum!.url,
    DIRECTORY_URL: services.directory!.url,
    ADS_URL: services.ads!.url,
  });
  base = gateway.url;
});

afterAll(async () => {
  await http.close();
  await gateway?.close();
  await Promise.all(Object.values(services).map((s) => s.stop()));
});

describe('routing', () => {
  test.each([
    ['/api/register', 'identity'],
    ['/api/local-login', 'identity'],
    ['/api/logout', 'identity'],
    ['/api/auth/user', 'identity'],
    ['/api/forgot-password', 'identity'],
    ['/api/reset-password', 'identity'],
    ['/api/listings', 'listings'],
    ['/api/listings/0b4c1f52-5a43-4a4e-9d8e-6f0a3c2b1d00', 'listings'],
    ['/uploads/abc.webp', 'listings'],
    ['/api/forum/posts/1/replies', 'forum'],
    ['/api/businesses', 'directory'],
    ['/api/admin/businesses/7', 'directory'],
    ['/api/yellow-pages?mainCategory=Food', 'directory'],
    ['/api/advertisements?placement=home', 'ads'],
    ['/api/advertisements/9/click', 'ads'],
  ])('%s goes to %s with its path unchanged', async (path, service) => {
    const res = await call(`${base}${path}`);
    expect(res.status).toBe(200);
    const echo = res.json<Echo>();
    expect(echo.service).toBe(service);
    expect(echo.url).toBe(path);
  });

  test('prefixes match whole segments only: /api/authx and /api/uploads are unknown (404 JSON)', async () => {
    for (const path of ['/api/authx', '/api/uploads', '/api/listingsfoo/1']) {
      const res = await call(`${base}${path}`);
      expect(res.status).toBe(404);
      expect(res.json()).toMatchObject({ error: 'Not found' });
    }
  });

  test('unknown /api paths, /internal and the rest answer 404 JSON and reach no service', async () => {
    const before = Object.values(services).reduce((n, s) => n + s.seen.length, 0);
    for (const path of ['/api/nothing', '/api', '/internal/sessions/check', '/internal', '/somewhere']) {
      for (const method of ['GET', 'POST']) {
        const res = await call(`${base}${path}`, { method });
        expect(res.status).toBe(404);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(res.json()).toMatchObject({ error: 'Not found' });
      }
    }
    expect(Object.values(services).reduce((n, s) => n + s.seen.length, 0)).toBe(before);
  });

  test('paths that an upstream could read as another path are refused (400), e.g. /api/auth/../../internal', async () => {
    for (const path of ['/api/auth/../../internal/sessions', '/api/auth/%2e%2e/%2E%2E/internal/x', '/api/listings/a%2Fb', '/api/listings/%zz']) {
      // node:http sends the path as written (a URL parser would remove the dot segments), like curl --path-as-is
      const res = await rawRequest(gateway.port, path);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ error: 'Invalid path' });
    }
  });

  test('methods the site does not use are answered 405 JSON, never forwarded', async () => {
    const before = services.listings!.seen.length;
    for (const method of ['TRACE', 'PROPFIND']) {
      const res = await call(`${base}/api/listings`, { method });
      expect(res.status).toBe(405);
      expect(res.headers.allow).toContain('GET');
      expect(res.json()).toMatchObject({ error: 'Method not allowed' });
    }
    expect(services.listings!.seen.length).toBe(before);
  });

  test('a service without a configured URL answers 503 JSON', async () => {
    for (const path of ['/api/contact', '/api/newsletter/subscribe']) {
      const res = await call(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(res.status).toBe(503);
      expect(res.json()).toMatchObject({ error: 'Service unavailable' });
    }
  });
});

describe('what passes through', () => {
  test('method, query, body, content type and cookies reach the service unchanged', async () => {
    const body = JSON.stringify({ title: 'Room for rent in Camp Hill', price: 650, note: 'ünïcødé ✓' });
    const res = await call(`${base}/api/listings/42?x=1&y=a%20b&y=2`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: 'cp_session=abc.def.ghi; other=1' },
      body,
    });
    expect(res.status).toBe(200);
    const echo = res.json<Echo>();
    expect(echo).toMatchObject({ service: 'listings', method: 'PUT', url: '/api/listings/42?x=1&y=a%20b&y=2', body });
    expect(echo.headers.cookie).toBe('cp_session=abc.def.ghi; other=1');
    expect(echo.headers['content-type']).toBe('application/json');
    expect(echo.headers['content-length']).toBe(String(Buffer.byteLength(body)));
  });

  test.each(['DELETE', 'PATCH', 'POST'])('%s is forwarded', async (method) => {
    const res = await call(`${base}/api/forum/posts/3`, { method });
    expect(res.status).toBe(200);
    expect(res.json<Echo>().method).toBe(method);
  });

  test('several Set-Cookie headers come back as separate headers, unchanged', async () => {
    const res = await call(`${base}/api/local-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(res.headers['set-cookie']).toEqual(['first=1; Path=/; HttpOnly', 'second=2; Path=/; SameSite=Lax']);
  });

  test('the upstream status and headers come back; 204 and HEAD have no body', async () => {
    const created = await call(`${base}/api/forum/posts?status=201`, { method: 'POST' });
    expect(created.status).toBe(201);
    expect(created.headers['x-upstream']).toBe('forum');
    const notFound = await call(`${base}/api/listings/missing?status=404`);
    expect(notFound.status).toBe(404);
    expect(notFound.json<Echo>().service).toBe('listings'); // the service's own body, not the gateway's
    const empty = await call(`${base}/api/listings/1?status=204`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(empty.text).toBe('');
    const head = await call(`${base}/api/listings`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers['x-upstream']).toBe('listings');
    expect(head.headers['set-cookie']).toHaveLength(2);
  });

  test('a request id is generated when missing, passed to the service and returned', async () => {
    const res = await call(`${base}/api/auth/user`);
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(UUID);
    expect(res.json<Echo>().headers['x-request-id']).toBe(id);
  });

  test('a well-formed request id is kept, a malformed one replaced', async () => {
    const kept = await call(`${base}/api/auth/user`, { headers: { 'x-request-id': 'trace-123.abc:9' } });
    expect(kept.headers['x-request-id']).toBe('trace-123.abc:9');
    expect(kept.json<Echo>().headers['x-request-id']).toBe('trace-123.abc:9');
    const replaced = await call(`${base}/api/auth/user`, { headers: { 'x-request-id': 'x'.repeat(200) } });
    expect(replaced.headers['x-request-id']).toMatch(UUID);
    expect(replaced.json<Echo>().headers['x-request-id']).toBe(replaced.headers['x-request-id']);
  });

  test('X-Forwarded-For/Proto/Host are set by the gateway; values sent by the client are not trusted', async () => {
    const res = await call(`${base}/api/auth/user`, {
      headers: { 'x-forwarded-for': '203.0.113.9', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', forwarded: 'for=1.2.3.4' },
    });
    const h = res.json<Echo>().headers;
    expect(h['x-forwarded-for']).toBe('127.0.0.1');
    expect(h['x-forwarded-proto']).toBe('http');
    expect(h['x-forwarded-host']).toBe(new URL(base).host);
    expect(h.forwarded).toBeUndefined();
    expect(h.host).toBe(new URL(services.identity!.url).host);
  });

  test('hop-by-hop request headers (and those named in Connection) are not forwarded', async () => {
    const port = gateway.port;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          'GET /api/auth/user HTTP/1.1\r\nHost: localhost\r\nConnection: close, X-Private-Hop\r\nX-Private-Hop: secret\r\nTE: trailers\r\nKeep-Alive: timeout=5\r\nProxy-Authorization: Basic eDp5\r\nX-Kept: yes\r\n\r\n',
        );
      });
      let data = '';
      socket.setEncoding('utf8');
      socket.on('data', (d: string) => (data += d));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
    const json = JSON.parse(body.includes('{') ? body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1) : '{}') as Echo;
    expect(json.headers['x-kept']).toBe('yes');
    for (const h of ['x-private-hop', 'te', 'proxy-authorization']) expect(json.headers[h]).toBeUndefined();
    expect(json.headers.connection).toBe('keep-alive'); // the gateway's own pooled connection, not the client's
  });

  test('security headers are on proxied answers and on the gateway’s own errors', async () => {
    for (const path of ['/api/listings', '/api/nowhere', '/api/contact']) {
      const res = await call(`${base}${path}`);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  test('answers are streamed: the first chunk arrives while the service is still writing', async () => {
    const res = await request(`${base}/api/forum/stream`, { signal: AbortSignal.timeout(10_000) });
    expect(res.statusCode).toBe(200);
    const iterator = res.body[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(Buffer.from(first.value as Buffer).toString()).toBe('first\n');
    services.forum!.releaseStream();
    let rest = '';
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) rest += Buffer.from(next.value as Buffer).toString();
    expect(rest).toBe('last\n');
  });

  test('a client that goes away cancels the upstream request', async () => {
    const controller = new AbortController();
    const pending = call(`${base}/api/listings/hang`, { signal: controller.signal }).catch((err: unknown) => err);
    expect(await eventually(() => services.listings!.seen.some((r) => r.url === '/api/listings/hang'))).toBe(true);
    controller.abort();
    await pending;
    expect(await eventually(() => services.listings!.abandoned.includes('/api/listings/hang'))).toBe(true);
  });
});

describe('body size', () => {
  test('a JSON API body over 1 MB answers 413 JSON and never reaches the service', async () => {
    const seenBefore = services.listings!.seen.length;
    const big = Buffer.alloc(1024 * 1024 + 1, 'a');
    const res = await call(`${base}/api/listings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(res.status).toBe(413);
    expect(res.json()).toMatchObject({ error: 'Request body too large' });
    expect(services.listings!.seen.length).toBe(seenBefore);
    // the connection is still usable afterwards
    expect((await call(`${base}/api/listings`)).status).toBe(200);
  });

  test('a body of exactly 1 MB passes', async () => {
    const body = Buffer.alloc(1024 * 1024, 'b');
    const res = await call(`${base}/api/forum/posts`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' }, body });
    expect(res.status).toBe(200);
    expect(res.json<Echo>().body.length).toBe(1024 * 1024);
  });
});

describe('cross-site protection', () => {
  const json = { 'content-type': 'application/json' };

  test('a cross-site POST (Sec-Fetch-Site) is rejected with 403 JSON before reaching the service', async () => {
    const before = services.listings!.seen.length;
    const res = await call(`${base}/api/listings`, { method: 'POST', headers: { ...json, 'sec-fetch-site': 'cross-site' }, body: '{}' });
    expect(res.status).toBe(403);
    expect(res.json()).toMatchObject({ error: 'Cross-site request rejected' });
    expect(services.listings!.seen.length).toBe(before);
  });

  test.each(['PUT', 'PATCH', 'DELETE'])('a %s from a foreign Origin is rejected', async (method) => {
    const res = await call(`${base}/api/listings/1`, { method, headers: { ...json, origin: 'https://evil.example' }, body: '{}' });
    expect(res.status).toBe(403);
  });

  test('same-site and opaque (null) origins are rejected by default', async () => {
    const sameSite = await call(`${base}/api/logout`, { method: 'POST', headers: { 'sec-fetch-site': 'same-site', origin: PUBLIC_URL } });
    expect(sameSite.status).toBe(403);
    const opaque = await call(`${base}/api/logout`, { method: 'POST', headers: { origin: 'null' } });
    expect(opaque.status).toBe(403);
  });

  test('a same-origin POST from the site passes', async () => {
    const res = await call(`${base}/api/logout`, { method: 'POST', headers: { 'sec-fetch-site': 'same-origin', origin: PUBLIC_URL } });
    expect(res.status).toBe(200);
    expect(res.json<Echo>().service).toBe('identity');
  });

  test('a POST with neither header (curl, another server) passes', async () => {
    const res = await call(`${base}/api/logout`, { method: 'POST' });
    expect(res.status).toBe(200);
  });

  test('GET and HEAD are never rejected, even cross-site', async () => {
    const headers = { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' };
    expect((await call(`${base}/api/listings`, { headers })).status).toBe(200);
    expect((await call(`${base}/uploads/photo.jpg`, { method: 'HEAD', headers })).status).toBe(200);
  });
});

describe('health', () => {
  test('/healthz answers while alive; /readyz lists each configured service', async () => {
    const alive = await call(`${base}/healthz`);
    expect(alive.status).toBe(200);
    expect(alive.json()).toEqual({ status: 'ok' });
    const ready = await call(`${base}/readyz`);
    expect(ready.status).toBe(200);
    const body = ready.json<{ status: string; checks: Array<{ name: string; ok: boolean }> }>();
    expect(body.status).toBe('ready');
    // comms is not configured: not checked, and not a reason to be unready
    expect(body.checks.map((c) => c.name).sort()).toEqual(['ads', 'directory', 'forum', 'identity', 'listings']);
    expect(body.checks.every((c) => c.ok)).toBe(true);
  });
});

describe('staticRoutes hook', () => {
  test('receives what is not API, uploads, internal or health; the API rules stay in front of it', async () => {
    const hooked = await startTestGateway(
      { LISTINGS_URL: services.listings!.url },
      {
        staticRoutes: async (ctx) => {
          ctx.type = 'text/html';
          ctx.body = '<!doctype html><title>shell</title>';
        },
      },
    );
    try {
      const page = await call(`${hooked.url}/listings/123`);
      expect(page.status).toBe(200);
      expect(page.text).toContain('shell');
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect((await call(`${hooked.url}/api/nothing`)).status).toBe(404);
      expect((await call(`${hooked.url}/internal/x`)).status).toBe(404);
      expect((await call(`${hooked.url}/api/listings`)).json<Echo>().service).toBe('listings');
    } finally {
      await hooked.close();
    }
  });
});

describe('metrics (issue 36)', () => {
  test('are served on the internal metrics port only, by route prefix and never by raw path; /metrics of the public port is a 404', async () => {
    const scrape = async () => (await fetch(`http://127.0.0.1:${gateway.metricsPort}/metrics`)).text();
    const count = (text: string, labels: string) => Number(new RegExp(`^http_server_request_duration_seconds_count\\{${labels.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    const listings = 'service="gateway",route="/api/listings",method="GET",status="200"';
    const before = count(await scrape(), listings);
    for (let i = 0; i < 30; i++) expect((await call(`${base}/api/listings/listing-${i}`)).status).toBe(200);
    expect((await call(`${base}/api/nothing-here`)).status).toBe(404);
    expect((await call(`${base}/metrics`)).status).toBe(404);
    const text = await scrape();
    expect(count(text, listings) - before).toBe(30);
    expect(count(text, 'service="gateway",route="unmatched",method="GET",status="404"')).toBeGreaterThanOrEqual(2);
    expect(text).not.toContain('listing-1');
    expect(text).toContain('nodejs_eventloop_lag_seconds{service="gateway"}');
  });
});
