import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';
import compressible from 'compressible';
import type { Context, Middleware, Next } from 'koa';
import type { Logger } from '@cp/service-kit';
import { MIN_COMPRESS_BYTES, preferredEncoding, type Encoding } from './static-files.ts';

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * Replaces the stream body with its compressed form, made as it streams (brotli quality 5: most of brotli's gain for a
 * fraction of its top levels' CPU; gzip level 6). A failure of the source ends the compressed answer too, so an
 * unfinished answer never looks complete. Content-Length and the strong ETag of the plain bytes go.
 */
export function compressBody(ctx: Context, body: Readable, encoding: Encoding, log: Logger): void {
  const compressor = encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.createGzip({ level: 6 });
  ctx.set('Content-Encoding', encoding);
  ctx.body = compressor; // Koa drops Content-Length when a stream body is replaced
  ctx.remove('Content-Length');
  ctx.remove('ETag');
  pipeline(body, compressor, (err) => {
    if (err && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') log.warn({ err, path: ctx.path }, 'compressed answer failed');
  });
}

/**
 * Compresses the services' answers that the gateway forwards (JSON and other text; the largest is the full listings
 * list that the browser filters) for clients that accept it: brotli, else gzip, as the client's Accept-Encoding rates
 * them. The body keeps streaming.
 *
 * Left as they are: HEAD, answers without a body (204, 304), bodies already encoded, partial content, `no-transform`,
 * types that do not compress (images), event streams, and bodies known to be under 1 KB. `Vary: Accept-Encoding` is set whenever the
 * encoding could depend on the request. The web site's files are handled by web.ts and static-files.ts.
 *
 * BREACH (a secret in a compressed body, next to text an attacker controls) does not apply: the session travels in a
 * cookie, and no answer carries a CSRF token or another secret beside reflected input.
 */
export function compressForwarded(logger: Logger): Middleware {
  return async function compression(ctx: Context, next: Next): Promise<void> {
    await next();
    if (!ctx.state.upstream) return;
    const body: unknown = ctx.body;
    if (!(body instanceof Readable) || ctx.method === 'HEAD' || ctx.status === 204 || ctx.status === 304 || ctx.status === 206) return;
    if (ctx.response.get('Content-Encoding') || ctx.response.get('Content-Range') || NO_TRANSFORM.test(ctx.response.get('Cache-Control'))) return;
    // An event stream must reach the browser event by event; a compressor would hold events back until its block fills.
    if (!compressible(ctx.response.type) || ctx.response.type === 'text/event-stream') return;
    const length = ctx.response.length;
    if (length !== undefined && length < MIN_COMPRESS_BYTES) return;
    ctx.vary('Accept-Encoding');
    const encoding = preferredEncoding(ctx.get('Accept-Encoding'));
    if (encoding === 'identity') return;
    compressBody(ctx, body, encoding, (ctx.state.log as Logger | undefined) ?? logger);
  };
}
