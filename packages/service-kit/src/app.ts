import { randomUUID } from 'node:crypto';
import http from 'node:http';
import Koa, { type Context, type Next } from 'koa';
import Router from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Logger } from 'pino';
import { errorMiddleware, HttpError } from './errors.ts';
import { healthRoutes, type ReadinessCheck } from './health.ts';
import { guardServer } from './server-guard.ts';

export interface AppOptions {
  name: string;
  logger: Logger;
  /** Readiness checks (MongoDB, NATS, S3...) served on /readyz. */
  readiness?: ReadinessCheck[];
  /** JSON body limit, default 100kb. */
  jsonLimit?: string;
  /** Path prefixes whose bodies are not JSON (e.g. multipart uploads); they are left to the route. */
  rawBodyPaths?: string[];
  /** Trust X-Forwarded-For from the gateway (only when the service is not exposed directly). */
  proxy?: boolean;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Koa app with the middleware every service shares: request id, access log, errors, security headers, JSON bodies. */
export function createApp(opts: AppOptions): Koa {
  const app = new Koa({ proxy: opts.proxy ?? true });
  app.silent = true; // errors are logged by errorMiddleware

  app.use(requestContext(opts.logger));
  app.use(errorMiddleware(opts.logger));
  app.use(securityHeaders);
  app.use(knownMethodsOnly);
  app.use(requireJsonForWrites(opts.rawBodyPaths ?? []));
  app.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: opts.jsonLimit ?? '100kb',
      encoding: 'utf-8',
      onError: (err: Error) => {
        throw err;
      },
    }),
  );
  const health = healthRoutes(opts.readiness ?? []);
  app.use(health.routes());
  return app;
}

const QUIET_PATHS = new Set(['/healthz', '/readyz']);

/**
 * Request id (the caller's when well-formed, e.g. the gateway's; a new one otherwise), answered in X-Request-Id and
 * carried by the request's child logger (`ctx.state.log`), and one access-log line per request (not for the probes).
 * `logFields` adds fields of the caller's to that line (the gateway: which upstream answered).
 */
export function requestContext(logger: Logger, opts: { logFields?: (ctx: Context) => Record<string, unknown> } = {}) {
  return async function context(ctx: Context, next: Next): Promise<void> {
    const incoming = ctx.get('x-request-id');
    const requestId = REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    const log = logger.child({ requestId });
    ctx.state.log = log;
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      if (!QUIET_PATHS.has(ctx.path)) {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        log.info({ method: ctx.method, path: ctx.path, status: ctx.status, ...opts.logFields?.(ctx), ms: Math.round(ms * 10) / 10 }, 'request');
      }
    }
  };
}

/** Defaults: a route may set a stricter value of its own (e.g. no-referrer on password reset). */
const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

/** A Content-Type of `application/json` (any parameters), what `ctx.response.is('json')` matches, without its parsing. */
const JSON_TYPE = /^\s*application\/json\s*(?:;|$)/i;

export async function securityHeaders(ctx: Context, next: Next): Promise<void> {
  await next();
  // Straight on node's response: what ctx.set does while the headers are not sent, with none of its coercions per call.
  const res = ctx.res;
  if (res.headersSent) return;
  for (const [name, value] of SECURITY_HEADERS) if (!res.getHeader(name)) res.setHeader(name, value);
  if (ctx.body !== undefined && !res.getHeader('Cache-Control') && JSON_TYPE.test(String(res.getHeader('Content-Type') ?? ''))) res.setHeader('Cache-Control', 'no-store');
}

/** The methods any service answers; anything else (TRACE, WebDAV...) is a 405 here, not a router's 501. */
export const SERVICE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
const KNOWN_METHODS = new Set<string>(SERVICE_METHODS);

export async function knownMethodsOnly(ctx: Context, next: Next): Promise<void> {
  if (!KNOWN_METHODS.has(ctx.method)) throw new HttpError(405, 'Method not allowed', { headers: { Allow: SERVICE_METHODS.join(', ') } });
  await next();
}

/** State-changing requests with a body must be JSON (415 otherwise), except the configured raw paths. */
export function requireJsonForWrites(rawPaths: string[]) {
  return async function requireJson(ctx: Context, next: Next): Promise<void> {
    const hasBody = Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';
    if (['POST', 'PUT', 'PATCH'].includes(ctx.method) && hasBody && !rawPaths.some((p) => ctx.path.startsWith(p))) {
      if (!ctx.is('application/json')) throw new HttpError(415, 'Content-Type must be application/json');
    }
    await next();
  };
}

export function createRouter(prefix?: string): Router {
  return prefix ? new Router({ prefix }) : new Router();
}

export interface RunningServer {
  server: http.Server;
  port: number;
  close(): Promise<void>;
}

/**
 * Listens and returns a handle whose close() stops accepting, drains keep-alive sockets and resolves. The server is
 * guarded (server-guard.ts): requests Node's parser refuses get a JSON answer, and an uncaught error inside a request
 * ends only that request once the process is guarded too (guardProcess).
 */
export async function listen(app: Koa, port: number, host: string, logger: Logger): Promise<RunningServer> {
  const server = http.createServer(app.callback());
  guardServer(server, logger);
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  return {
    server,
    port: actualPort,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 5_000).unref();
      }),
  };
}
