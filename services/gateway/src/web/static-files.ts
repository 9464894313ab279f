/**
 * Sending built files: content types, the cache rule (hashed names immutable, everything else revalidated), weak
 * ETags with 304 answers, and brotli/gzip computed once per file version and kept in a bounded memory cache.
 * Used by the gateway (shell and local remote builds) and by the standalone static server (a remote's own server).
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Context } from 'koa';
import { MIN_COMPRESS_BYTES, preferredEncoding, type Encoding } from '../shared/compression.ts';

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.txt', '.svg', '.webmanifest', '.ico']);
/** Larger files are sent as they are (the builds have nothing near this). */
const MAX_COMPRESS_BYTES = 16 * 1024 * 1024;

/** `name.<8+ hex>.ext` (and its source map): the content hash is in the name, so the file never changes. */
const HASHED = /\.[0-9a-f]{8,32}\.(?:js|mjs|css|png|jpe?g|gif|svg|webp|avif|woff2?)(?:\.map)?$/;

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE.has(path.extname(file).toLowerCase());
}

/** Hashed file names are cached for a year; entry files, manifests, index.html and anything unhashed are revalidated. */
export function cacheControlOf(file: string): string {
  return HASHED.test(path.basename(file)) ? IMMUTABLE : REVALIDATE;
}

/**
 * The file under `root` that a URL path (relative, still percent-encoded, already checked by isSafePath) names, or
 * null: no hidden files (a segment starting with `.`), nothing outside `root`.
 */
export function resolveInside(root: string, encodedRelative: string): string | null {
  const segments = encodedRelative.split('/').filter((s) => s !== '');
  if (segments.length === 0) return null;
  const decoded: string[] = [];
  for (const segment of segments) {
    let s: string;
    try {
      s = decodeURIComponent(segment);
    } catch {
      return null;
    }
    if (s.startsWith('.') || s.includes('/') || s.includes('\\') || s.includes('\0')) return null;
    decoded.push(s);
  }
  const base = path.resolve(root);
  const file = path.resolve(base, ...decoded);
  return file.startsWith(base + path.sep) ? file : null;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Compressed copies keyed by file, size, mtime and encoding; least recently used first out when over the byte bound. */
export class CompressionCache {
  private readonly entries = new Map<string, Promise<Buffer>>();
  private readonly sizes = new Map<string, number>();
  private bytes = 0;
  readonly maxBytes: number;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get totalBytes(): number {
    return this.bytes;
  }

  /** The compressed file; computed once per version (concurrent requests share the work). */
  get(file: string, version: string, encoding: Encoding, read: () => Promise<Buffer>): Promise<Buffer> {
    const key = `${file}\0${version}\0${encoding}`;
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key); // refresh its place in the LRU order
      this.entries.set(key, hit);
      return hit;
    }
    const work = read().then((raw) =>
      encoding === 'br'
        ? brotli(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          })
        : gzip(raw, { level: 9 }),
    );
    if (this.maxBytes === 0) return work;
    this.entries.set(key, work);
    work.then(
      (buf) => {
        if (this.entries.get(key) !== work) return;
        this.sizes.set(key, buf.length);
        this.bytes += buf.length;
        this.evict();
      },
      () => this.entries.delete(key), // a failed read is not cached
    );
    return work;
  }

  private evict(): void {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      const size = this.sizes.get(key);
      if (size === undefined) continue; // still compressing
      this.entries.delete(key);
      this.sizes.delete(key);
      this.bytes -= size;
    }
  }
}

export interface SendOptions {
  /** Overrides the rule of cacheControlOf. */
  cacheControl?: string;
  /** Extra response headers (e.g. the Content-Security-Policy of the page). */
  headers?: Record<string, string>;
}

function etagMatches(header: string, etag: string): boolean {
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}

/**
 * Sets the headers every answer of a file carries, and answers 304 when If-None-Match carries the current ETag
 * (`notModified`). `unsend` takes the headers back (a file that vanished before it could be read).
 */
function startAnswer(ctx: Context, name: string, etag: string, modified: Date | undefined, compressible: boolean, opts: SendOptions): { notModified: boolean; unsend: () => false } {
  ctx.set('Content-Type', contentTypeOf(name));
  ctx.set('Cache-Control', opts.cacheControl ?? cacheControlOf(name));
  ctx.set('ETag', etag);
  if (modified) ctx.set('Last-Modified', modified.toUTCString());
  if (compressible) ctx.vary('Accept-Encoding');
  for (const [header, value] of Object.entries(opts.headers ?? {})) ctx.set(header, value);
  const unsend = (): false => {
    for (const header of ['Content-Type', 'Cache-Control', 'ETag', 'Last-Modified', 'Vary', 'Content-Encoding', 'Content-Length', ...Object.keys(opts.headers ?? {})]) ctx.remove(header);
    return false;
  };
  const ifNoneMatch = ctx.get('if-none-match');
  const notModified = Boolean(ifNoneMatch) && etagMatches(ifNoneMatch, etag);
  if (notModified) ctx.status = 304;
  return { notModified, unsend };
}

const compressibleSize = (name: string, size: number) => isCompressible(name) && size >= MIN_COMPRESS_BYTES && size <= MAX_COMPRESS_BYTES;

/**
 * Answers GET/HEAD with the file, or returns false when there is no such regular file (the caller decides: 404 or the
 * page). Negotiates br > gzip > identity for compressible types; 304 when If-None-Match carries the current ETag.
 */
export async function sendFile(ctx: Context, file: string, cache: CompressionCache, opts: SendOptions = {}): Promise<boolean> {
  let info;
  try {
    info = await stat(file);
  } catch {
    return false;
  }
  if (!info.isFile()) return false;
  const version = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
  const compressible = compressibleSize(file, info.size);
  const { notModified, unsend } = startAnswer(ctx, file, `W/"${version}"`, info.mtime, compressible, opts);
  if (notModified) return true;

  const encoding = compressible ? preferredEncoding(ctx.get('accept-encoding')) : 'identity';
  if (encoding === 'br' || encoding === 'gzip') {
    try {
      const body = await cache.get(file, version, encoding, () => readFile(file));
      ctx.status = 200;
      ctx.set('Content-Encoding', encoding);
      ctx.body = body;
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return unsend(); // removed by a rebuild in between
      throw err;
    }
  }
  ctx.status = 200;
  ctx.length = info.size;
  if (ctx.method === 'HEAD') return true;
  const stream = createReadStream(file);
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', reject);
  }).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOENT') throw err;
  });
  if (stream.destroyed) return unsend();
  ctx.body = stream;
  return true;
}

/**
 * A file made in memory (`name` gives its type and cache rule; `version` identifies its content: the ETag and the
 * compression cache key), answered like sendFile answers a file: the same headers, encodings and 304s.
 */
export async function sendContent(ctx: Context, content: { name: string; bytes: Buffer; version: string }, cache: CompressionCache, opts: SendOptions = {}): Promise<void> {
  const { name, bytes, version } = content;
  const compressible = compressibleSize(name, bytes.length);
  if (startAnswer(ctx, name, `W/"${version}"`, undefined, compressible, opts).notModified) return;
  const encoding = compressible ? preferredEncoding(ctx.get('accept-encoding')) : 'identity';
  ctx.status = 200;
  if (encoding === 'identity') {
    ctx.body = bytes;
    return;
  }
  ctx.set('Content-Encoding', encoding);
  ctx.body = await cache.get(`${name}\0memory`, version, encoding, async () => bytes);
}
