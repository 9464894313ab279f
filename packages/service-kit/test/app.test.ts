import net from 'node:net';
import { gzipSync } from 'node:zlib';
import mongoose from 'mongoose';
import { z } from 'zod';
import { createApp, createRouter, DATASTORE_UNAVAILABLE, listen, rateLimit, HttpError, conflict, loadConfig, BaseServiceEnv, createLogger, DemoDataEnv, JwtVerifyEnv, noDemoDataInProduction, requirePublicKey, type RunningServer } from '../src/index.ts';

const Body = z.object({ name: z.string().min(2, 'Name must be at least 2 characters') }).strict();

let server: RunningServer;
let base: string;

beforeAll(async () => {
  const logger = createLogger('kit-test', 'silent');
  let healthy = true;
  const app = createApp({ name: 'kit-test', logger, readiness: [{ name: 'dep', check: async () => { if (!healthy) throw new Error('down'); } }] });
  const router = createRouter('/api');
  router.post('/things', (ctx) => {
    ctx.status = 201;
    ctx.body = Body.parse(ctx.request.body);
  });
  router.get('/boom', () => {
    throw new Error('secret internal detail');
  });
  // A database that cannot be reached: the driver's own error (nothing listens on port 1 of loopback).
  router.get('/no-database', async () => {
    const conn = mongoose.createConnection('mongodb://127.0.0.1:1/kit-test', { serverSelectionTimeoutMS: 300 });
    try {
      await conn.asPromise();
    } finally {
      await conn.close().catch(() => undefined);
    }
  });
  router.get('/dup', () => {
    throw Object.assign(new Error('E11000 duplicate key'), { code: 11000, keyPattern: { email: 1 } });
  });
  router.get('/teapot', () => {
    throw new HttpError(403, 'Not yours');
  });
  router.get('/conflict', () => {
    throw conflict('Taken', 'taken');
  });
  router.get('/limited', rateLimit({ limit: 2, windowMs: 60_000 }), (ctx) => {
    ctx.body = { ok: true };
  });
  router.get('/toggle', (ctx) => {
    healthy = !healthy;
    ctx.body = { healthy };
  });
  app.use(router.routes()).use(router.allowedMethods());
  server = await listen(app, 0, '127.0.0.1', logger);
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.close());

/** Sends bytes as they are (what fetch would refuse to send) and returns the whole answer as text. */
function rawRequest(bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.end(bytes));
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer')));
  });
}

const post = (path: string, body: string, type = 'application/json') =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': type }, body });

describe('service kit app', () => {
  it('parses JSON bodies and answers with request id and security headers', async () => {
    const res = await post('/api/things', JSON.stringify({ name: 'Asha' }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ name: 'Asha' });
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('keeps a valid incoming request id', async () => {
    const res = await fetch(`${base}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
  });

  it('maps zod errors to 400 with field messages', async () => {
    const res = await post('/api/things', JSON.stringify({ name: 'A' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'Name must be at least 2 characters', issues: [{ path: 'name', message: 'Name must be at least 2 characters' }] });
  });

  it('rejects unknown keys (strict bodies)', async () => {
    const res = await post('/api/things', JSON.stringify({ name: 'Asha', isAdmin: true }));
    expect(res.status).toBe(400);
  });

  it('answers 400 for malformed JSON, 415 for other content types, 413 for large bodies', async () => {
    expect((await post('/api/things', '{"name":')).status).toBe(400);
    const wrongType = await post('/api/things', 'name=Asha', 'application/x-www-form-urlencoded');
    expect(wrongType.status).toBe(415);
    expect(await wrongType.json()).toMatchObject({ error: 'Content-Type must be application/json' });
    const big = await post('/api/things', JSON.stringify({ name: 'x'.repeat(200_000) }));
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: 'Request body too large' });
  });

  it('answers 400 JSON for a body that does not match its Content-Encoding, and reads a real one', async () => {
    const lying = await fetch(`${base}/api/things`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: '{"name":"Asha"}' });
    expect(lying.status).toBe(400);
    expect(await lying.json()).toMatchObject({ error: 'The request body does not match its Content-Encoding' });
    const truncated = gzipSync(JSON.stringify({ name: 'Asha' })).subarray(0, 12);
    const cut = await fetch(`${base}/api/things`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: truncated });
    expect(cut.status).toBe(400);
    const real = await fetch(`${base}/api/things`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: gzipSync(JSON.stringify({ name: 'Asha' })) });
    expect(real.status).toBe(201);
    for (const encoding of ['deflate', 'br']) {
      const res = await fetch(`${base}/api/things`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': encoding }, body: '{"name":"Asha"}' });
      expect({ encoding, status: res.status }).toEqual({ encoding, status: 400 });
    }
    const unknown = await fetch(`${base}/api/things`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'zstd-bogus' }, body: '{}' });
    expect(unknown.status).toBe(415);
    expect(await unknown.json()).toMatchObject({ error: 'Unsupported content encoding' });
  });

  it('answers JSON when Node refuses a request itself: oversized headers 431, broken HTTP 400', async () => {
    const big = await rawRequest(`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(big).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(big.split('\r\n\r\n')[1]!)).toEqual({ error: 'Request headers too large' });
    const broken = await rawRequest('GET /healthz HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(broken.split('\r\n\r\n')[1]!)).toEqual({ error: 'Malformed HTTP request' });
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('hides unexpected errors behind a 500 without details', async () => {
    const res = await fetch(`${base}/api/boom`);
    expect(res.status).toBe(500);
    const body = (await res.json()) as { error: string; requestId: string };
    expect(body.error).toBe('Internal Server Error');
    expect(JSON.stringify(body)).not.toContain('secret');
    expect(body.requestId).toEqual(expect.any(String));
  });

  it('answers 503 with Retry-After, not 500, while the database cannot be reached', async () => {
    const res = await fetch(`${base}/api/no-database`);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toMatchObject({ error: DATASTORE_UNAVAILABLE });
  });

  it('maps duplicate keys to 409 and HttpErrors to their status', async () => {
    const dup = await fetch(`${base}/api/dup`);
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({ code: 'duplicate_email' });
    expect((await fetch(`${base}/api/teapot`)).status).toBe(403);
    expect(await (await fetch(`${base}/api/conflict`)).json()).toMatchObject({ error: 'Taken', code: 'taken' });
  });

  it('answers 404 JSON for unknown routes and 405 for wrong methods', async () => {
    const res = await fetch(`${base}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: 'Not found' });
    const wrongMethod = await fetch(`${base}/api/things`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('content-type')).toMatch(/application\/json/);
    expect(await wrongMethod.json()).toMatchObject({ error: 'Method Not Allowed' });
    // A method no service knows is a 405 too, never the router's 501.
    for (const method of ['TRACE', 'PROPFIND']) {
      const res = await rawRequest(`${method} /api/things HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(res).toMatch(/^HTTP\/1\.1 405 /);
      expect(JSON.parse(res.split('\r\n\r\n')[1]!)).toMatchObject({ error: 'Method not allowed' });
    }
  });

  it('rate-limits with 429 and Retry-After', async () => {
    expect((await fetch(`${base}/api/limited`)).status).toBe(200);
    expect((await fetch(`${base}/api/limited`)).status).toBe(200);
    const third = await fetch(`${base}/api/limited`);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await third.json()).toMatchObject({ error: expect.any(String) });
  });

  it('reports liveness and readiness', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    await fetch(`${base}/api/toggle`);
    const down = await fetch(`${base}/readyz`);
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ checks: [{ name: 'dep', ok: false, error: 'down' }] });
    await fetch(`${base}/api/toggle`);
  });

  it('answers degraded, still ready, when only a check that is not required fails', async () => {
    const logger = createLogger('kit-test-degraded', 'silent');
    const fail = async () => {
      throw new Error('behind is down');
    };
    const ok = async () => {};
    const degraded = await listen(createApp({ name: 'kit-test-degraded', logger, readiness: [{ name: 'own', check: ok }, { name: 'behind', required: false, check: fail }] }), 0, '127.0.0.1', logger);
    const notReady = await listen(createApp({ name: 'kit-test-not-ready', logger, readiness: [{ name: 'own', check: fail }, { name: 'behind', required: false, check: fail }] }), 0, '127.0.0.1', logger);
    try {
      const res = await fetch(`http://127.0.0.1:${degraded.port}/readyz`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'degraded', checks: [{ name: 'own', ok: true }, { name: 'behind', ok: false, error: 'behind is down' }] });
      const down = await fetch(`http://127.0.0.1:${notReady.port}/readyz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toMatchObject({ status: 'not ready', error: 'Service not ready' });
    } finally {
      await degraded.close();
      await notReady.close();
    }
  });
});

describe('config', () => {
  it('fails fast listing every problem, with no default secrets', () => {
    expect(() => loadConfig(BaseServiceEnv, { MONGO_URL: 'http://nope' })).toThrow(/MONGO_URL[\s\S]*NATS_URL/);
    expect(loadConfig(BaseServiceEnv, { MONGO_URL: 'mongodb://127.0.0.1:1', NATS_URL: 'nats://127.0.0.1:2' })).toMatchObject({ NODE_ENV: 'development' });
  });

  it('a service behind identity needs the public key, and never seeds demo data in production', () => {
    const Env = noDemoDataInProduction(requirePublicKey(BaseServiceEnv.extend({ ...JwtVerifyEnv.shape, ...DemoDataEnv.shape })), 'demo things');
    const base = { MONGO_URL: 'mongodb://127.0.0.1:1', NATS_URL: 'nats://127.0.0.1:2', IDENTITY_URL: 'http://127.0.0.1:3', JWT_PUBLIC_KEY: 'k' };
    expect(loadConfig(Env, { ...base, SEED_DEMO_DATA: 'true' })).toMatchObject({ SEED_DEMO_DATA: true });
    expect(loadConfig(Env, { ...base, NODE_ENV: 'production' })).toMatchObject({ SEED_DEMO_DATA: false });
    expect(() => loadConfig(Env, { ...base, NODE_ENV: 'production', SEED_DEMO_DATA: 'true' })).toThrow(/SEED_DEMO_DATA: demo things are never created in production/);
    expect(() => loadConfig(Env, { ...base, JWT_PUBLIC_KEY: undefined })).toThrow(/JWT_PUBLIC_KEY: JWT_PUBLIC_KEY or JWT_PUBLIC_KEY_FILE is required/);
  });
});
