import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { createLogger } from '@cp/service-kit';
import { randomBytes } from 'node:crypto';
import { VISITOR_COOKIE } from '@cp/contracts';
import { loadGatewayConfig } from '../src/config.ts';
import { startGateway, type GatewayOptions, type RunningGateway } from '../src/app.ts';
import { visitorIds } from '../src/web/visitor-cookie.ts';

export const PUBLIC_URL = 'http://localhost:8080';

/** What an upstream saw of one request. */
export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bytes: number;
}

export interface FakeService {
  name: string;
  port: number;
  url: string;
  seen: SeenRequest[];
  /** Resolves when the upload route received its first body bytes. */
  firstUploadChunk: Promise<void>;
  /** Requests whose connection closed before the answer was sent (client abort reaching the upstream). */
  abandoned: string[];
  /** Lets a paused streaming answer (`.../stream`) finish. */
  releaseStream(): void;
  /** Stops listening and drops every connection (the service "goes down"). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
  /** Makes `/readyz` answer 503 (false) or 200 (true). */
  setReady(ready: boolean): void;
}

export interface FakeServiceOptions {
  /** Delay of `/readyz`. */
  readyDelayMs?: number;
}

/**
 * A plain node:http server standing in for a service. Routes by path suffix:
 * - `/healthz` → 200 `{ status: 'ok' }`; `/readyz` → 200, or 503 after setReady(false) (after readyDelayMs)
 * - `.../drop` → reads the body, then closes the connection without answering (a process dying mid-request)
 * - `.../slow?ms=N` → answers after N ms
 * - `.../hang` → never answers (records when the connection is dropped)
 * - `.../stream` → sends a first chunk, the rest once releaseStream() is called
 * - `.../big?items=N` → `bigBody(N)` with Content-Length; `type=` sets its Content-Type, `encoding=` and `cache=` add
 *   Content-Encoding and Cache-Control, `chunked=1` leaves the length out, `break=1` sends half and drops the connection
 * - `/api/upload` → counts and hashes the body without keeping it
 * - anything else → echoes method, url, headers and body as JSON, with two Set-Cookie headers
 */
export async function startFakeService(name: string, opts: FakeServiceOptions = {}): Promise<FakeService> {
  const seen: SeenRequest[] = [];
  const abandoned: string[] = [];
  let releaseStream: () => void = () => {};
  const streamReleased = new Promise<void>((resolve) => (releaseStream = resolve));
  let firstChunk: () => void = () => {};
  const firstUploadChunk = new Promise<void>((resolve) => (firstChunk = resolve));
  let ready = true;

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://upstream');
    const path = url.pathname;
    const record: SeenRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, bytes: 0 };
    if (path !== '/healthz' && path !== '/readyz') seen.push(record);
    res.on('close', () => {
      if (!res.writableFinished) abandoned.push(req.url ?? '');
    });

    if (path === '/healthz') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 'ok' }));
      return;
    }
    if (path === '/readyz') {
      setTimeout(() => {
        res.statusCode = ready ? 200 : 503;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ status: ready ? 'ready' : 'not ready' }));
      }, opts.readyDelayMs ?? 0);
      return;
    }
    if (path.startsWith('/api/upload')) {
      const hash = createHash('sha256');
      req.on('data', (chunk: Buffer) => {
        if (record.bytes === 0) firstChunk();
        record.bytes += chunk.length;
        hash.update(chunk);
      });
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ service: name, bytes: record.bytes, sha256: hash.digest('hex') }));
      });
      return;
    }

    if (path.endsWith('/big')) {
      const q = url.searchParams;
      const body = bigBody(Number(q.get('items') ?? 100));
      res.setHeader('content-type', q.get('type') ?? 'application/json; charset=utf-8');
      if (q.get('encoding')) res.setHeader('content-encoding', q.get('encoding')!);
      if (q.get('cache')) res.setHeader('cache-control', q.get('cache')!);
      if (q.get('chunked') !== '1') res.setHeader('content-length', body.length);
      if (q.get('break') === '1') {
        res.write(body.subarray(0, body.length >> 1));
        setTimeout(() => res.destroy(), 50);
        return;
      }
      res.end(body);
      return;
    }

    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      chunks.push(c);
      record.bytes += c.length;
    });
    req.on('end', () => {
      if (path.endsWith('/hang')) return;
      if (path.endsWith('/drop')) {
        req.socket.destroy();
        return;
      }
      if (path.endsWith('/slow')) {
        const timer = setTimeout(() => res.end(JSON.stringify({ service: name, slow: true })), Number(url.searchParams.get('ms') ?? 1000));
        res.on('close', () => clearTimeout(timer));
        return;
      }
      if (path.endsWith('/stream')) {
        res.setHeader('content-type', 'text/plain');
        res.write('first\n');
        void streamReleased.then(() => res.end('last\n'));
        return;
      }
      const status = Number(url.searchParams.get('status') ?? 200);
      res.statusCode = status;
      res.setHeader('set-cookie', ['first=1; Path=/; HttpOnly', 'second=2; Path=/; SameSite=Lax']);
      res.setHeader('x-upstream', name);
      if (status === 204 || status === 304) {
        res.end();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({ service: name, method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
  });

  const listenOn = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listenOn(0);
  const port = (server.address() as AddressInfo).port;
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    seen,
    abandoned,
    firstUploadChunk,
    releaseStream: () => releaseStream(),
    stop: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    restart: () => listenOn(port),
    setReady: (value) => {
      ready = value;
    },
  };
}

/** A JSON list of `items` listing-like objects (about 75 bytes each): what the fake service's `.../big` answers. */
export function bigBody(items: number): Buffer {
  return Buffer.from(JSON.stringify(Array.from({ length: items }, (_, i) => ({ id: i, title: `Sofa set for sale ${i}`, location: 'Harrisburg PA' }))));
}

/** The test gateways' key for the visitor id cookie (VISITOR_ID_KEYS), random for each run. */
export const TEST_VISITOR_KEY = { id: 'test', key: randomBytes(32) };
export const TEST_VISITOR_ID_KEYS = `${TEST_VISITOR_KEY.id}:${TEST_VISITOR_KEY.key.toString('base64url')}`;
const testVisitorIds = visitorIds([TEST_VISITOR_KEY]);

/** A browser's visitor cookie as the test gateways issue it: `cp_vid=<id, signed>` (a new random id by default). */
export function signedVisitorCookie(id = randomBytes(16).toString('base64url')): string {
  return `${VISITOR_COOKIE}=${testVisitorIds.sign(id)}`;
}

/** The gateway on a free loopback port, configured like production but from the given variables (VISITOR_ID_KEYS: the test key unless given). */
export async function startTestGateway(env: Record<string, string>, options: GatewayOptions = {}): Promise<RunningGateway> {
  const config = loadGatewayConfig({ HOST: '127.0.0.1', PUBLIC_URL, LOG_LEVEL: 'silent', VISITOR_ID_KEYS: TEST_VISITOR_ID_KEYS, ...env, PORT: '0' });
  return startGateway(config, createLogger('gateway-test', env.LOG_LEVEL ?? 'silent'), options);
}

export interface CallResult {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: <T = Record<string, unknown>>() => T;
}

/** A client with its own connection pool (closed in afterAll) that shows raw headers, Set-Cookie as a list. */
export function client() {
  const agent = new Agent({ keepAliveTimeout: 1_000 });
  async function call(
    url: string,
    init: { method?: string; headers?: Record<string, string>; body?: string | Buffer; signal?: AbortSignal } = {},
  ): Promise<CallResult> {
    const res = await request(url, {
      dispatcher: agent,
      method: (init.method ?? 'GET') as 'GET',
      headers: init.headers ?? {},
      body: init.body ?? null,
      signal: init.signal ?? AbortSignal.timeout(15_000),
    });
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, text, json: <T>() => JSON.parse(text) as T };
  }
  return { call, close: () => agent.close() };
}

/** Polls until check() returns true or the bound passes. */
export async function eventually(check: () => boolean | Promise<boolean>, boundMs = 5_000, stepMs = 50): Promise<boolean> {
  const deadline = Date.now() + boundMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, stepMs));
  }
  return check();
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
