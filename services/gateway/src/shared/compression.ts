import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';
import compressible from 'compressible';
import type { Context, Middleware, Next } from 'koa';
import type { Logger } from '@cp/service-kit';

/**
 * Compression shared by both halves: the negotiation of an answer's encoding (the web half's files use it too), and
 * the streaming compression of forwarded answers (the services' and a proxied remote's).
 */

/** Below this, compression costs more than it saves. */
export const MIN_COMPRESS_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** br when the client takes it at least as gladly as gzip, else gzip, else none (RFC 9110 §12.5.3 q-values, `*`). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | 'identity' {
  if (!acceptEncoding) return 'identity';
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let weight = 1;
    for (const p of params) {
      const m = /^\s*q=([0-9.]+)\s*$/.exec(p);
      if (m) weight = Number(m[1]);
    }
    q.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const of = (name: string) => q.get(name) ?? q.get('*') ?? 0;
  const br = of('br');
  const gz = of('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return 'identity';
}

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/** compressible() of each content type seen (the services answer a handful), so a forwarded answer does not look it up again. */
const compressibleTypes = new Map<string, boolean>();
function compressibleType(type: string): boolean {
  let known = compressibleTypes.get(type);
  if (known === undefined) {
    // An event stream must reach the browser event by event; a compressor would hold events back until its block fills.
    known = type !== 'text/event-stream' && compressible(type) === true;
    if (compressibleTypes.size < 256) compressibleTypes.set(type, known);
  }
  return known;
}

/**
 * A compressor for an answer made as it is sent (brotli quality 5: most of brotli's gain for a fraction of its top
 * levels' CPU; gzip level 6). `flush()` sends on what it was given so far (a streamed page's start).
 */
export function streamCompressor(encoding: Encoding): zlib.BrotliCompress | zlib.Gzip {
  return encoding === 'br' ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }) : zlib.createGzip({ level: 6 });
}

/**
 * Replaces the stream body with its compressed form, made as it streams (streamCompressor). A failure of the source ends the compressed answer too, so an
 * unfinished answer never looks complete. Content-Length and the strong ETag of the plain bytes go.
 */
export function compressBody(ctx: Context, body: Readable | Buffer, encoding: Encoding, log: Logger): void {
  const compressor = streamCompressor(encoding);
  ctx.set('Content-Encoding', encoding);
  ctx.body = compressor; // Koa drops Content-Length when a stream body is replaced
  ctx.remove('Content-Length');
  ctx.remove('ETag');
  if (Buffer.isBuffer(body)) {
    compressor.end(body); // a small answer read whole (upstream.ts): compressed as it is sent, off the event loop
    return;
  }
  pipeline(body, compressor, (err) => {
    if (err && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') log.warn({ err, path: ctx.path }, 'compressed answer failed');
  });
}

/**
 * Compresses the services' answers that the gateway forwards (JSON and other text; the largest is the full listings
 * list that the browser filters) for clients that accept it: brotli, else gzip, as the client's Accept-Encoding rates
 * them, as the body streams (or, for a small answer read whole, as it is sent).
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
    if (!(body instanceof Readable || Buffer.isBuffer(body)) || ctx.method === 'HEAD' || ctx.status === 204 || ctx.status === 304 || ctx.status === 206) return;
    if (ctx.response.get('Content-Encoding') || ctx.response.get('Content-Range') || NO_TRANSFORM.test(ctx.response.get('Cache-Control'))) return;
    if (!compressibleType(ctx.response.type)) return;
    const length = ctx.response.length;
    if (length !== undefined && length < MIN_COMPRESS_BYTES) return;
    ctx.vary('Accept-Encoding');
    const encoding = preferredEncoding(ctx.get('Accept-Encoding'));
    if (encoding === 'identity') return;
    compressBody(ctx, body, encoding, (ctx.state.log as Logger | undefined) ?? logger);
  };
}
