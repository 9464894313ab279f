import { createHash } from 'node:crypto';
import http from 'node:http';
import type { RunningGateway } from '../src/app.ts';
import { eventually, startFakeService, startTestGateway, type FakeService } from './helpers.ts';

const MB = 1024 * 1024;

interface UploadResult {
  status: number;
  body: string;
  /** The upstream had received bytes before the client wrote its last chunk. */
  upstreamStartedFirst: boolean;
}

/**
 * Streams `totalMb` one-megabyte chunks with backpressure. After `waitAfterMb` chunks it pauses until the upstream has
 * received its first bytes (bounded): a gateway that buffered the whole body would never let that happen.
 */
function streamUpload(
  port: number,
  totalMb: number,
  opts: { chunked?: boolean; waitFor?: Promise<void>; waitAfterMb?: number; hash?: ReturnType<typeof createHash> } = {},
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'content-type': 'application/octet-stream' };
    if (!opts.chunked) headers['content-length'] = String(totalMb * MB);
    let upstreamStartedFirst = false;
    const req = http.request({ host: '127.0.0.1', port, path: '/api/upload', method: 'POST', headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, upstreamStartedFirst }));
    });
    req.on('error', reject);
    req.setTimeout(60_000, () => req.destroy(new Error('upload timed out')));
    const chunk = Buffer.alloc(MB);
    void (async () => {
      for (let i = 0; i < totalMb; i++) {
        if (req.destroyed) return;
        chunk.fill(i % 251);
        opts.hash?.update(chunk);
        if (opts.waitFor && i === opts.waitAfterMb) {
          const bound = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 10_000).unref());
          upstreamStartedFirst = (await Promise.race([opts.waitFor.then(() => 'started' as const), bound])) === 'started';
        }
        if (!req.write(Buffer.from(chunk))) await new Promise<void>((r) => req.once('drain', () => r()));
      }
      req.end();
    })().catch(reject);
  });
}

let listings: FakeService;
let gateway: RunningGateway;
let small: RunningGateway;

beforeAll(async () => {
  listings = await startFakeService('listings');
  gateway = await startTestGateway({ LISTINGS_URL: listings.url });
  small = await startTestGateway({ LISTINGS_URL: listings.url, MAX_UPLOAD_BYTES: String(2 * MB) });
});

afterAll(async () => {
  await Promise.all([gateway?.close(), small?.close()]);
  await listings?.stop();
});

test('a 50 MB upload streams through: the service receives bytes before the client has finished, all of them intact', async () => {
  const hash = createHash('sha256');
  const res = await streamUpload(gateway.port, 50, { waitFor: listings.firstUploadChunk, waitAfterMb: 10, hash });
  expect(res.status).toBe(200);
  expect(res.upstreamStartedFirst).toBe(true);
  expect(JSON.parse(res.body)).toEqual({ service: 'listings', bytes: 50 * MB, sha256: hash.digest('hex') });
}, 60_000);

test('a chunked upload (no Content-Length) over the upload limit is cut off with 413 JSON', async () => {
  const seen = listings.seen.length;
  const res = await streamUpload(small.port, 5, { chunked: true });
  expect(res.status).toBe(413);
  expect(JSON.parse(res.body)).toMatchObject({ error: 'Request body too large' });
  // the service got at most the limit and never answered this request with success
  const upstreamRequest = listings.seen.slice(seen)[0];
  expect(upstreamRequest?.bytes ?? 0).toBeLessThanOrEqual(2 * MB);
}, 30_000);

test('a declared Content-Length over the upload limit answers 413 before anything is forwarded', async () => {
  const seen = listings.seen.length;
  const res = await streamUpload(small.port, 3);
  expect(res.status).toBe(413);
  expect(listings.seen.length).toBe(seen);
}, 30_000);

test('a client that aborts an upload mid-way cancels the upstream request', async () => {
  const abandonedBefore = listings.abandoned.length;
  const seenBefore = listings.seen.length;
  const req = http.request({ host: '127.0.0.1', port: gateway.port, path: '/api/upload', method: 'POST', headers: { 'content-type': 'application/octet-stream' }, agent: false });
  req.on('error', () => {});
  req.write(Buffer.alloc(MB));
  // the service is receiving the body...
  expect(await eventually(() => listings.seen.length > seenBefore && (listings.seen.at(-1)?.bytes ?? 0) > 0)).toBe(true);
  req.destroy();
  expect(await eventually(() => listings.abandoned.length > abandonedBefore)).toBe(true);
  // the gateway is still fine
  const res = await streamUpload(gateway.port, 1);
  expect(res.status).toBe(200);
}, 30_000);

test('an upload under the limit passes on the small gateway', async () => {
  const res = await streamUpload(small.port, 2, { chunked: true });
  expect(res.status).toBe(200);
  expect(JSON.parse(res.body)).toMatchObject({ bytes: 2 * MB });
}, 30_000);
