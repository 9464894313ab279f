/**
 * Forwarding to an upstream, shared by both halves: the API proxy forwards to the services, the web half to a remote's
 * own static server. Upstream (a keep-alive undici pool and a circuit breaker), UpstreamGroup (a service's replicas),
 * proxyRequest (streaming both ways, body limits, timeouts, header rules, the one resend to another replica).
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { EventEmitter } from 'node:events';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import type { Context } from 'koa';
import { Pool } from 'undici';
import { HttpError, propagatedHeaders, type Logger } from '@cp/service-kit';
import { VISITOR_HEADER } from '@cp/contracts';
import { visitorOf } from './visitor.ts';

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1), plus ones undici refuses to forward. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'expect',
  'host',
  'http2-settings',
]);

/**
 * Forwarding headers are set by the gateway only; whatever a client sends is dropped. So is the remotes' versions the
 * gateway tells the renderer (contracts' REMOTE_VERSIONS_HEADER): a client cannot choose them; and the visitor id
 * (VISITOR_HEADER), which only a cookie whose signature holds gives.
 */
const FORWARDING = new Set(['forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'x-real-ip', 'x-request-id', 'x-cp-remote-versions', VISITOR_HEADER]);

/** Codes meaning "could not open a connection to the upstream": they count towards the circuit breaker. */
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'UND_ERR_CONNECT_TIMEOUT']);
const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);
/** A connection that broke before the answer's headers: the request may have reached the upstream, or not. */
const CONNECTION_LOST = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
/** Methods that change nothing: one whose connection broke may be sent again (to another upstream). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Answers of at most this many bytes (by their Content-Length) are read whole before being sent on (proxyRequest);
 * larger ones, and those of unknown length (chunked, event streams), stream.
 */
export const SMALL_ANSWER_BYTES = 64 * 1024;

export const BAD_GATEWAY = 'Bad gateway';
export const GATEWAY_TIMEOUT = 'Gateway timeout';
export const SERVICE_UNAVAILABLE = 'Service unavailable';
export const BODY_TOO_LARGE = 'Request body too large';

export interface UpstreamOptions {
  name: string;
  /** http(s)://host:port */
  origin: string;
  /** Upper bound of open connections to this upstream. */
  connections: number;
  /** Requests waiting for a free connection beyond this answer 503 at once. */
  maxQueue: number;
  connectTimeoutMs: number;
  /** Consecutive connection failures that open the breaker. */
  breakerFailures: number;
  /** How long an open breaker answers 503 without trying. */
  breakerCooldownMs: number;
  now?: () => number;
}

/**
 * One upstream service: a keep-alive undici pool and a small circuit breaker. After `breakerFailures` consecutive
 * connection failures the upstream is skipped for `breakerCooldownMs` (503 at once instead of a connect attempt per
 * request); after the cool-down requests are tried again and the first success closes the breaker.
 */
export class Upstream {
  readonly name: string;
  readonly origin: string;
  readonly pool: Pool;
  readonly maxQueue: number;
  private readonly breakerFailures: number;
  private readonly breakerCooldownMs: number;
  private readonly now: () => number;
  private failures = 0;
  private openUntil = 0;
  /** Requests sent to this upstream whose answer has not ended yet (the group sends the next request to the fewest). */
  inFlight = 0;

  constructor(opts: UpstreamOptions) {
    this.name = opts.name;
    this.origin = opts.origin;
    this.maxQueue = opts.maxQueue;
    this.breakerFailures = opts.breakerFailures;
    this.breakerCooldownMs = opts.breakerCooldownMs;
    this.now = opts.now ?? Date.now;
    this.pool = new Pool(opts.origin, {
      connections: opts.connections,
      pipelining: 1,
      // Shorter than the services' keep-alive (65 s): the gateway closes idle sockets first, so it never reuses one
      // the service is closing. Hints in a Keep-Alive response header are honoured up to keepAliveMaxTimeout.
      keepAliveTimeout: 4_000,
      keepAliveMaxTimeout: 30_000,
      connectTimeout: opts.connectTimeoutMs,
      headersTimeout: 10_000,
      bodyTimeout: 10_000,
    });
  }

  /** Milliseconds the breaker stays open, 0 when requests may go through. */
  openFor(): number {
    return Math.max(0, this.openUntil - this.now());
  }

  get consecutiveFailures(): number {
    return this.failures;
  }

  recordSuccess(): void {
    this.failures = 0;
    this.openUntil = 0;
  }

  recordConnectFailure(): void {
    this.failures += 1;
    if (this.failures >= this.breakerFailures) this.openUntil = this.now() + this.breakerCooldownMs;
  }

  /** Waits for requests in flight, then closes the connections; forced after `graceMs`. */
  async close(graceMs = 5_000): Promise<void> {
    if (this.pool.destroyed) return;
    let timer: NodeJS.Timeout | undefined;
    const forced = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.pool.destroy().then(resolve, resolve);
      }, graceMs);
      timer.unref();
    });
    await Promise.race([this.pool.close().catch(() => undefined), forced]);
    clearTimeout(timer);
  }
}

/**
 * One service's upstreams (its replicas), each with its own pool and breaker. A request goes to the upstream with
 * the fewest requests in progress among those whose breaker is closed (ties take turns), so a slow replica gets less
 * and a stopped one none. An upstream taken out by its breaker is tried again by the first request after its
 * cool-down (half-open); when that attempt cannot connect, the request goes to another upstream (proxyRequest), so
 * probing a replica that is still down costs no request.
 */
export class UpstreamGroup {
  readonly name: string;
  readonly members: readonly Upstream[];
  private turn = 0;

  constructor(name: string, members: Upstream[]) {
    if (members.length === 0) throw new Error(`${name}: no upstream`);
    this.name = name;
    this.members = members;
  }

  /** The configured origins, comma separated (logs). */
  get origin(): string {
    return this.members.map((m) => m.origin).join(',');
  }

  /** The upstream for the next request, skipping `tried` and open breakers; undefined when none is left. */
  pick(tried: readonly Upstream[] = []): Upstream | undefined {
    const n = this.members.length;
    const start = this.turn++ % n;
    let best: Upstream | undefined;
    for (let i = 0; i < n; i++) {
      const m = this.members[(start + i) % n]!;
      if (tried.includes(m) || m.openFor() > 0) continue;
      if (!best || m.inFlight < best.inFlight) best = m;
    }
    return best;
  }

  /** Milliseconds until some upstream may be tried again: 0 when one is available now. */
  openFor(): number {
    return Math.min(...this.members.map((m) => m.openFor()));
  }

  async close(graceMs?: number): Promise<void> {
    await Promise.all(this.members.map((m) => m.close(graceMs)));
  }
}

/**
 * The upstreams of run-time registrations (issue 35), one per key (kind, name, origin): kept while the key stays
 * registered, so its pool and breaker survive table changes. `sweep` closes those not asked for since the last sweep,
 * once their requests in flight are done (`graceMs`).
 */
export class RegisteredUpstreams {
  private readonly byKey = new Map<string, Upstream>();
  private live = new Set<string>();

  /** The upstream of `key`, made by `make` the first time. */
  get(key: string, make: () => Upstream): Upstream {
    this.live.add(key);
    let u = this.byKey.get(key);
    if (!u) this.byKey.set(key, (u = make()));
    return u;
  }

  sweep(graceMs: number): void {
    for (const [key, u] of this.byKey) {
      if (this.live.has(key)) continue;
      this.byKey.delete(key);
      void u.close(graceMs).catch(() => {});
    }
    this.live = new Set();
  }

  async close(): Promise<void> {
    await Promise.all([...this.byKey.values()].map((u) => u.close()));
  }
}

/** Counts the bytes of a request body and fails as soon as they pass the limit. */
export class BodyLimit extends Transform {
  readonly max: number;
  seen = 0;
  exceeded = false;

  constructor(max: number) {
    super();
    this.max = max;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.seen += chunk.length;
    if (this.seen > this.max) {
      this.exceeded = true;
      callback(new HttpError(413, BODY_TOO_LARGE));
      return;
    }
    callback(null, chunk);
  }
}

/**
 * Reads and throws away what is left of a request body so the client can read the answer sent before it finished
 * (closing a socket with unread data makes the kernel send a reset, and the client may lose the answer). Bounded:
 * past `maxBytes` or `maxMs` the connection is closed.
 */
export function discardRequestBody(req: IncomingMessage, maxBytes = 8 * 1024 * 1024, maxMs = 10_000): void {
  if (req.complete || req.destroyed) return;
  req.unpipe();
  let seen = 0;
  const timer = setTimeout(() => req.socket.destroy(), maxMs);
  timer.unref();
  const done = () => clearTimeout(timer);
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) {
      done();
      req.socket.destroy();
    }
  });
  req.once('end', done);
  req.once('close', done);
  req.once('error', done);
  req.resume();
}

const NONE: readonly string[] = [];

function connectionTokens(value: string | string[] | undefined): string[] {
  if (!value) return [];
  return (Array.isArray(value) ? value.join(',') : value)
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
}

export interface ForwardInfo {
  /** Address of the peer that opened the connection to the gateway. */
  socketAddress: string;
  /** The client as the gateway resolved it (equal to socketAddress unless a trusted proxy is in front). */
  clientIp: string;
  proto: string;
  host: string;
  requestId: string;
  /** The visitor id of the request's signed cookie (web/visitor-cookie.ts), for the services' counting. */
  visitorId?: string | undefined;
}

function clientAddress(raw: string | undefined): string {
  if (!raw) return 'unknown';
  return raw.startsWith('::ffff:') ? raw.slice(7) : raw;
}

/** What the gateway tells an upstream about the request it forwards (X-Forwarded-*, X-Request-Id). */
export function forwardInfoOf(ctx: Context): ForwardInfo {
  return {
    socketAddress: clientAddress(ctx.req.socket.remoteAddress),
    clientIp: clientAddress(ctx.ip),
    proto: ctx.protocol,
    host: ctx.host,
    requestId: ctx.state.requestId as string,
    visitorId: visitorOf(ctx),
  };
}

/** Request headers for the upstream: hop-by-hop and client-sent forwarding headers removed, the gateway's own added. */
export function upstreamRequestHeaders(incoming: IncomingHttpHeaders, info: ForwardInfo, hasBody: boolean): Record<string, string | string[]> {
  const named = incoming.connection ? connectionTokens(incoming.connection) : NONE;
  // With tracing on, the client's trace context is continued by the gateway's own span, which the instrumentation
  // writes on the upstream request: the client's copy would be a second `traceparent` (issue 36 §2).
  const traced = propagatedHeaders();
  const out: Record<string, string | string[]> = {};
  for (const name in incoming) {
    const value = incoming[name];
    if (value === undefined || HOP_BY_HOP.has(name) || FORWARDING.has(name) || named.includes(name) || traced.includes(name)) continue;
    if (name === 'content-length' && !hasBody) continue;
    out[name] = value;
  }
  const chain = info.clientIp !== info.socketAddress ? `${info.clientIp}, ${info.socketAddress}` : info.socketAddress;
  out['x-forwarded-for'] = chain;
  out['x-forwarded-proto'] = info.proto;
  out['x-forwarded-host'] = info.host;
  out['x-request-id'] = info.requestId;
  if (info.visitorId) out[VISITOR_HEADER] = info.visitorId;
  return out;
}

/** Response headers for the client: hop-by-hop removed; Set-Cookie stays a list (one header per cookie). */
export function clientResponseHeaders(upstream: IncomingHttpHeaders | Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const named = upstream.connection ? connectionTokens(upstream.connection) : NONE;
  const out: Record<string, string | string[]> = {};
  for (const name in upstream) {
    const value = upstream[name];
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    if (HOP_BY_HOP.has(lower) || lower === 'x-request-id' || named.includes(lower)) continue;
    out[name] = value;
  }
  return out;
}

function errorCode(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as { code?: unknown; errors?: unknown; cause?: unknown };
  if (typeof e.code === 'string') return e.code;
  // net's happy-eyeballs connect (several addresses) fails with an AggregateError of the attempts.
  if (Array.isArray(e.errors)) for (const inner of e.errors) if (errorCode(inner)) return errorCode(inner);
  if (e.cause) return errorCode(e.cause);
  return undefined;
}

export interface ProxyOptions {
  /** Path and query sent upstream; default the request's own (the API routes forward paths unchanged). */
  path?: string;
  /** Time allowed for the upstream's response headers once the request is sent, and between body chunks. */
  timeoutMs: number;
  /** Largest request body accepted (413 beyond). */
  maxBodyBytes: number;
  forward: ForwardInfo;
  log: Logger;
}

/**
 * The request body for undici, read from the client only when undici starts sending it (after a connection to the
 * upstream is open). A request that could not connect has consumed none of it, so it can go to another upstream.
 */
class DeferredBody implements AsyncIterable<Buffer> {
  started = false;
  private readonly req: IncomingMessage;
  readonly limit: BodyLimit;

  constructor(req: IncomingMessage, limit: BodyLimit) {
    this.req = req;
    this.limit = limit;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Buffer> {
    this.started = true;
    // pipe, not pipeline: a failed upstream request must not destroy the client's socket (we still answer on it).
    this.req.pipe(this.limit);
    this.req.once('error', (err) => this.limit.destroy(err));
    for await (const chunk of this.limit) yield chunk as Buffer;
  }
}

/** 503 with the time until an upstream may be tried again. */
function unavailable(openForMs: number): HttpError {
  return new HttpError(503, SERVICE_UNAVAILABLE, { headers: { 'Retry-After': String(Math.max(1, Math.ceil(openForMs / 1000))) } });
}

/**
 * Forwards the Koa request to an upstream of `target` (one upstream, or a service's replicas: see UpstreamGroup) and
 * streams the answer back. Bodies are never buffered: the request body flows from the client socket to the upstream
 * socket and the response the other way, with backpressure.
 * A request that could not connect (it never reached the upstream) is sent once more to another upstream of the group,
 * whatever its method; one whose connection broke before the answer only when its method is safe (GET, HEAD, OPTIONS)
 * and it has no body. Anything else that may have reached an upstream is never sent twice.
 * Failures become JSON errors: 502 connection refused/reset, 503 every breaker open or queue full, 504 timeout, 413 body
 * too large. A client that goes away cancels the upstream request.
 */
export async function proxyRequest(ctx: Context, target: Upstream | UpstreamGroup, opts: ProxyOptions): Promise<void> {
  const req = ctx.req;
  const pick = (tried: Upstream[]): Upstream | undefined =>
    target instanceof UpstreamGroup ? target.pick(tried) : tried.length === 0 && target.openFor() === 0 ? target : undefined;
  let upstream = pick([]);
  if (!upstream) throw unavailable(target.openFor());
  if (upstream.pool.stats.queued >= upstream.maxQueue) {
    opts.log.warn({ upstream: upstream.name, origin: upstream.origin, queued: upstream.pool.stats.queued }, 'upstream queue full');
    throw new HttpError(503, SERVICE_UNAVAILABLE, { headers: { 'Retry-After': '1' } });
  }

  const declared = req.headers['content-length'] !== undefined ? Number(req.headers['content-length']) : undefined;
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (declared !== undefined && declared > opts.maxBodyBytes) {
    discardRequestBody(req);
    throw new HttpError(413, BODY_TOO_LARGE);
  }
  const hasBody = chunked || (declared !== undefined && declared > 0);
  const body = hasBody ? new DeferredBody(req, new BodyLimit(opts.maxBodyBytes)) : undefined;

  // Cancels the upstream request when the client goes away. undici takes an EventEmitter as a signal ('abort'): it costs
  // less per request than an AbortController and its AbortSignal.
  const cancel = new EventEmitter();
  let aborted = false;
  const onClose = () => {
    if (ctx.res.writableFinished || aborted) return;
    aborted = true;
    cancel.emit('abort');
  };
  ctx.res.once('close', onClose);
  // Whatever the upstream did not read (it answered early, or failed) is drained so the client gets the answer.
  ctx.res.once('finish', () => discardRequestBody(req));

  const method = ctx.method as 'GET';
  const request = {
    path: opts.path ?? `${ctx.path}${ctx.search}`,
    method,
    headers: upstreamRequestHeaders(req.headers, opts.forward, hasBody),
    signal: cancel,
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
  };
  const tried: Upstream[] = [];
  let response: Awaited<ReturnType<Pool['request']>>;
  for (;;) {
    tried.push(upstream);
    upstream.inFlight += 1;
    try {
      // undici sends any async iterable as a streamed body (its types list Readable only).
      response = await upstream.pool.request({ ...request, body: (body ?? null) as Readable | null });
      break;
    } catch (err) {
      upstream.inFlight -= 1;
      const code = errorCode(err);
      const notConnected = code !== undefined && CONNECT_FAILURES.has(code);
      if (notConnected) upstream.recordConnectFailure();
      const resend =
        !aborted && !body?.started && tried.length === 1 && (notConnected || (SAFE_METHODS.has(method) && !hasBody && code !== undefined && CONNECTION_LOST.has(code)));
      const next = resend ? pick(tried) : undefined;
      if (next && next.pool.stats.queued < next.maxQueue) {
        opts.log.warn({ upstream: upstream.name, origin: upstream.origin, code, to: next.origin }, 'upstream failed before the request reached it; sent to another');
        upstream = next;
        continue;
      }
      ctx.res.off('close', onClose);
      throw mapUpstreamError(err, { upstream, limit: body?.limit, aborted, log: opts.log });
    }
  }
  upstream.recordSuccess();
  const answered = upstream;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    answered.inFlight -= 1;
  };

  ctx.status = response.statusCode;
  const forwarded = clientResponseHeaders(response.headers);
  ctx.set(forwarded);
  const answer = response.body;
  answer.once('close', release);
  answer.once('end', release);
  answer.on('error', (err) => {
    release();
    if (!aborted) opts.log.warn({ err, upstream: answered.name, origin: answered.origin }, 'upstream response body failed');
  });
  if (ctx.method === 'HEAD' || response.statusCode === 204 || response.statusCode === 304) {
    await answer.dump();
    release();
    return;
  }
  // A small answer of known length (a page of a list, an item) is read whole and sent in one write: a stream's machinery
  // (the pipe to the client, its end and close events) costs more than the few kilobytes it would carry. If the
  // service fails before the last byte, nothing was sent yet: the client gets the error (502, 504) instead.
  const length = Number(response.headers['content-length']);
  if (length <= SMALL_ANSWER_BYTES) {
    try {
      ctx.body = Buffer.from(await answer.arrayBuffer());
    } catch (err) {
      ctx.res.off('close', onClose);
      for (const name of Object.keys(forwarded)) ctx.remove(name); // the error answer is the gateway's, not the service's
      throw mapUpstreamError(err, { upstream: answered, limit: undefined, aborted, log: opts.log });
    } finally {
      release();
    }
    return;
  }
  ctx.body = answer;
}

function mapUpstreamError(err: unknown, c: { upstream: Upstream; limit: BodyLimit | undefined; aborted: boolean; log: Logger }): HttpError {
  if (c.aborted) return new HttpError(499, 'Client closed request');
  if (c.limit?.exceeded) return new HttpError(413, BODY_TOO_LARGE);
  if (err instanceof HttpError) return err;
  const code = errorCode(err);
  if (code && TIMEOUTS.has(code)) {
    c.log.warn({ upstream: c.upstream.name, origin: c.upstream.origin, code }, 'upstream timeout');
    return new HttpError(504, GATEWAY_TIMEOUT);
  }
  c.log.warn({ upstream: c.upstream.name, origin: c.upstream.origin, code, err: code ? undefined : err }, 'upstream failed');
  return new HttpError(502, BAD_GATEWAY);
}
