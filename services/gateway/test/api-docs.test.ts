import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { request } from 'undici';
import { client, startTestGateway } from './helpers.ts';
import type { RunningGateway } from '../src/app.ts';

/** Issue 24 §1: the gateway serves the public API's OpenAPI document and a docs page that needs nothing from outside. */
describe('GET /api/openapi.json and /api/docs', () => {
  const http = client();
  let gateway: RunningGateway;
  beforeAll(async () => {
    gateway = await startTestGateway({});
  });
  afterAll(async () => {
    await gateway.close();
    await http.close();
  });

  test('the merged document is the committed services/gateway/openapi.json, revalidated by ETag', async () => {
    const res = await http.call(`${gateway.url}/api/openapi.json`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const committed = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8')) as Record<string, unknown>;
    expect(res.json()).toEqual(committed);
    expect(committed.openapi).toBe('3.1.0');
    const again = await http.call(`${gateway.url}/api/openapi.json`, { headers: { 'If-None-Match': String(res.headers.etag) } });
    expect(again.status).toBe(304);
  });

  test('the docs page loads Redoc from the gateway itself (no other origin), under its own CSP', async () => {
    const res = await http.call(`${gateway.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('<redoc spec-url="/api/openapi.json"></redoc>');
    const sources = [...res.text.matchAll(/(?:src|href|spec-url)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual(['/api/openapi.json', '/api/docs/redoc.js']);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).not.toMatch(/https?:/);
  });

  test('the Redoc bundle is served, gzipped when asked', async () => {
    const plain = await http.call(`${gateway.url}/api/docs/redoc.js`);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toMatch(/^application\/javascript/);
    expect(plain.text).toContain('Redoc');
    expect(plain.text).not.toContain('cdn.redoc.ly'); // its one request to another origin, replaced
    const gz = await request(`${gateway.url}/api/docs/redoc.js`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const bytes = Buffer.from(await gz.body.arrayBuffer());
    expect(bytes.length).toBeLessThan(Buffer.byteLength(plain.text) / 2);
    expect(gunzipSync(bytes).toString()).toBe(plain.text);
  });

  test('other methods and paths under /api/docs are the API\'s 404, never forwarded', async () => {
    expect((await http.call(`${gateway.url}/api/docs/other.js`)).status).toBe(404);
    const post = await http.call(`${gateway.url}/api/openapi.json`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(post.status).toBe(404);
    expect(post.json()).toHaveProperty('error');
  });
});
