import zlib from 'node:zlib';
import { Agent, request } from 'undici';
import type { RunningGateway } from '../src/app.ts';
import { MIN_COMPRESS_BYTES } from '../src/shared/compression.ts';
import { SMALL_ANSWER_BYTES } from '../src/shared/upstream.ts';
import { bigBody, startFakeService, startTestGateway, type FakeService } from './helpers.ts';

describe('compression of forwarded answers', () => {
  let gateway: RunningGateway;
  let listings: FakeService;
  const agent = new Agent({ keepAliveTimeout: 1_000 });

  /** The raw bytes as sent (undici does not decode), with the headers. */
  async function get(path: string, acceptEncoding?: string, method: 'GET' | 'HEAD' = 'GET') {
    const res = await request(`${gateway.url}${path}`, {
      dispatcher: agent,
      method,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      signal: AbortSignal.timeout(15_000),
    });
    const bytes = Buffer.from(await res.body.arrayBuffer());
    return { status: res.statusCode, headers: res.headers, bytes };
  }
  const vary = (h: Record<string, unknown>) => String(h.vary ?? '').toLowerCase();

  beforeAll(async () => {
    listings = await startFakeService('listings');
    gateway = await startTestGateway({ LISTINGS_URL: listings.url });
  });
  afterAll(async () => {
    await agent.close();
    await gateway?.close();
    await listings?.stop();
  });

  it('answers JSON with brotli when the browser accepts it, byte for byte the service\'s answer once decoded', async () => {
    const res = await get('/api/listings/big?items=500', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(vary(res.headers)).toContain('accept-encoding');
    const decoded = zlib.brotliDecompressSync(res.bytes);
    expect(decoded.equals(bigBody(500))).toBe(true);
    expect(res.bytes.length).toBeLessThan(bigBody(500).length / 5);
  });

  it('answers with gzip when that is all the client takes', async () => {
    const res = await get('/api/listings/big?items=500', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.bytes).equals(bigBody(500))).toBe(true);
  });

  it('compresses an answer whose length is not known ahead (chunked)', async () => {
    const res = await get('/api/listings/big?items=500&chunked=1', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.bytes).equals(bigBody(500))).toBe(true);
  });

  it('sends the answer as it is to a client that accepts no encoding we have, and says the answer varies', async () => {
    for (const accept of [undefined, 'identity', 'deflate']) {
      const res = await get('/api/listings/big?items=500', accept);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(bigBody(500).length);
      expect(res.bytes.equals(bigBody(500))).toBe(true);
      expect(vary(res.headers)).toContain('accept-encoding');
    }
  });

  it('leaves small answers, images, event streams, encoded bodies, no-transform answers and HEAD as the service sent them', async () => {
    expect(bigBody(5).length).toBeLessThan(MIN_COMPRESS_BYTES);
    const cases: Array<[string, number]> = [
      ['/api/listings/big?items=5', 5],
      [`/api/listings/big?items=500&type=${encodeURIComponent('image/jpeg')}`, 500],
      [`/api/listings/big?items=500&type=${encodeURIComponent('text/event-stream')}`, 500],
      ['/api/listings/big?items=500&cache=no-store,%20no-transform', 500],
    ];
    for (const [path, items] of cases) {
      const res = await get(path, 'br, gzip');
      expect([path, res.headers['content-encoding']]).toEqual([path, undefined]);
      expect(res.bytes.equals(bigBody(items))).toBe(true);
    }
    // Already encoded by the service: passed through untouched (the bytes are not valid gzip; nobody decodes them).
    const encoded = await get('/api/listings/big?items=500&encoding=gzip', 'br, gzip');
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(encoded.bytes.equals(bigBody(500))).toBe(true);
    const head = await get('/api/listings/big?items=500', 'br', 'HEAD');
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.bytes.length).toBe(0);
  });

  it('a small answer of known length is read whole: the same bytes and length plain or compressed, and a 502 when the service fails halfway', async () => {
    const items = 100;
    expect(bigBody(items).length).toBeLessThanOrEqual(SMALL_ANSWER_BYTES);
    const plain = await get(`/api/listings/big?items=${items}`);
    expect([plain.status, plain.headers['content-length'], plain.bytes.equals(bigBody(items))]).toEqual([200, String(bigBody(items).length), true]);
    const gz = await get(`/api/listings/big?items=${items}`, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.bytes).equals(bigBody(items))).toBe(true);
    // Nothing was sent before the service broke off: the client gets the gateway's error, never a truncated body.
    const broken = await get(`/api/listings/big?items=${items}&break=1&cache=${encodeURIComponent('public, max-age=60')}`);
    expect(broken.status).toBe(502);
    expect(JSON.parse(broken.bytes.toString('utf8'))).toMatchObject({ error: 'Bad gateway' });
    expect(broken.headers['cache-control']).toBe('no-store'); // none of the service's headers on the gateway's error
    // A large one streams: the service's failure halfway closes the connection after what was sent (below).
    expect(bigBody(2000).length).toBeGreaterThan(SMALL_ANSWER_BYTES);
  });

  it('ends the compressed answer with an error when the service fails halfway, and goes on serving', async () => {
    const failed = await get('/api/listings/big?items=2000&break=1', 'br').then(
      () => undefined,
      (err: unknown) => err as Error,
    );
    // The connection is closed on the client (an unfinished answer must not look complete), not left hanging.
    expect(failed).toBeInstanceOf(Error);
    expect(failed?.name).not.toBe('TimeoutError');
    const next = await get('/api/listings/big?items=500', 'br');
    expect(zlib.brotliDecompressSync(next.bytes).equals(bigBody(500))).toBe(true);
  });
});
