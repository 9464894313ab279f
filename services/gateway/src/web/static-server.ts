/**
 * A microfrontend's own static server: serves one build folder at `/` with the gateway's file rules (hashed names
 * immutable, the rest revalidated, ETag/304, brotli/gzip, 404 JSON for a missing file, no index fallback).
 * This is what "a remote deployed on its own" looks like in the local stack; the gateway proxies `/mf/<name>/` to it
 * (WEB_REMOTES name=http://host:port). Any static host with the same rules (a CDN, nginx) can replace it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import Koa, { type Context } from 'koa';
import { errorMiddleware, healthRoutes, HttpError, listen, notFound, securityHeaders, serverSpans, type Logger, type RunningServer } from '@cp/service-kit';
import { CompressionCache, resolveInside, sendFile } from './static-files.ts';
import { isSafePath } from '../shared/paths.ts';

export interface StaticServerOptions {
  dir: string;
  port: number;
  host?: string;
  compressionCacheBytes?: number;
  /** /readyz answers 200 only once this file exists in `dir` (e.g. mf-manifest.json); default: when `dir` exists. */
  readyFile?: string;
}

export function buildStaticApp(opts: StaticServerOptions, logger: Logger): Koa {
  const cache = new CompressionCache(opts.compressionCacheBytes ?? 32 * 1024 * 1024);
  const app = new Koa();
  app.silent = true;
  app.use(serverSpans()); // the request's trace context when tracing is on (the remote's files, in the page's trace)
  app.use(securityHeaders);
  app.use(errorMiddleware(logger));
  const build = opts.readyFile ? path.join(opts.dir, opts.readyFile) : opts.dir;
  app.use(
    healthRoutes([
      {
        name: 'build',
        check: async () => {
          if (!existsSync(build)) throw new Error(`${opts.readyFile ?? opts.dir} not found`);
        },
      },
    ]).routes(),
  );
  app.use(async (ctx: Context) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw new HttpError(405, 'Method not allowed', { headers: { Allow: 'GET, HEAD' } });
    if (!isSafePath(ctx.path)) throw new HttpError(400, 'Invalid path');
    const file = resolveInside(opts.dir, ctx.path);
    if (!file || !(await sendFile(ctx, file, cache))) throw notFound();
  });
  return app;
}

export async function startStaticServer(opts: StaticServerOptions, logger: Logger): Promise<RunningServer> {
  return listen(buildStaticApp(opts, logger), opts.port, opts.host ?? '127.0.0.1', logger);
}
