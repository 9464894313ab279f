import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Context } from 'koa';
import { defineOperations, notFound, type Logger } from '@cp/service-kit';

/**
 * The public API's description (issue 24 §1): `GET /api/openapi.json`, the merged OpenAPI 3.1 document committed at
 * services/gateway/openapi.json (`npm run openapi` writes it from the contracts and the services' declarations), and
 * `GET /api/docs`, a page that shows it with Redoc's standalone bundle served from here (`/api/docs/redoc.js`): no CDN,
 * the page works offline. The bundle is the `redoc` package's (`API_DOCS_BUNDLE` names another file: the container
 * copies it at build time). It is not a page of the site: no shell, its own Content-Security-Policy.
 */

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';
export const API_DOCS_SCRIPT_PATH = '/api/docs/redoc.js';
const DOCUMENT_FILE = fileURLToPath(new URL('../../openapi.json', import.meta.url));

/** Redoc renders with inline styles (styled-components) and runs its search in a blob: worker. */
const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  'worker-src blob:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>API — Central PA Desi Community</title>
<style>body{margin:0}</style>
</head>
<body>
<redoc spec-url="${OPENAPI_PATH}"></redoc>
<script src="${API_DOCS_SCRIPT_PATH}"></script>
</body>
</html>
`;

function bundlePath(configured: string | undefined): string | undefined {
  if (configured) return existsSync(configured) ? configured : undefined;
  try {
    return createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');
  } catch {
    return undefined;
  }
}

/**
 * The one thing Redoc's bundle loads from another origin is the small logo of its "API docs by Redocly" link (from its
 * CDN): it is replaced by an empty image, so the page makes no request beyond the site, and none its CSP refuses.
 */
const REDOC_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const EMPTY_IMAGE = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";
function offline(bundle: Buffer): Buffer {
  return Buffer.from(bundle.toString('utf8').replaceAll(REDOC_LOGO, EMPTY_IMAGE));
}

interface Asset {
  body: Buffer;
  gzipped: Buffer;
  etag: string;
}

async function asset(body: Buffer): Promise<Asset> {
  return { body, gzipped: await promisify(gzip)(body), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

function send(ctx: Context, a: Asset, type: string, cacheControl: string): void {
  ctx.set('ETag', a.etag);
  ctx.set('Cache-Control', cacheControl);
  ctx.set('Vary', 'Accept-Encoding');
  ctx.type = type;
  ctx.status = 200;
  if (ctx.fresh) {
    ctx.status = 304;
    return;
  }
  if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = a.gzipped;
  } else ctx.body = a.body;
}

/** The files the docs operations answer with, each read once, at its first request. */
export interface ApiDocsAssets {
  document(): Promise<Asset>;
  /** null: the Redoc bundle is not installed (the page and the script answer 404). */
  page(): Promise<Asset | null>;
  script(): Promise<Asset | null>;
}

export function apiDocsAssets(opts: { bundle?: string | undefined; logger: Logger }): ApiDocsAssets {
  let documentAsset: Promise<Asset> | undefined;
  let pageAsset: Promise<Asset> | undefined;
  let scriptAsset: Promise<Asset | null> | undefined;
  const script = bundlePath(opts.bundle);
  if (!script) opts.logger.warn({ bundle: opts.bundle }, 'API docs: the Redoc bundle is not installed; /api/docs answers 404');
  return {
    document: () => (documentAsset ??= asset(readFileSync(DOCUMENT_FILE))),
    page: async () => (script ? await (pageAsset ??= asset(Buffer.from(PAGE))) : null),
    script: () => (scriptAsset ??= script ? asset(offline(readFileSync(script))) : Promise.resolve(null)),
  };
}

/** What the gateway answers itself under /api: its router, the merged OpenAPI document's gateway part and the route test. */
export const gatewayApi = defineOperations<ApiDocsAssets>({
  service: 'gateway',
  title: 'Gateway',
  description: 'The one origin: it forwards each /api path to the service that owns it, rate-limits per address, refuses cross-site state changes, and serves this description.',
  operations: [
    {
      method: 'get', path: OPENAPI_PATH, id: 'openApiDocument', summary: 'This document (OpenAPI 3.1)', auth: 'none',
      responses: { 200: { description: 'The public API\'s OpenAPI 3.1 document.', content: { type: 'application/json', description: 'An OpenAPI 3.1 document.' } }, 304: { description: 'Not modified (If-None-Match).' } }, errors: [],
      handle: async (ctx, assets) => send(ctx, await assets.document(), 'application/json', 'no-cache'),
    },
    {
      method: 'get', path: API_DOCS_PATH, id: 'apiDocsPage', summary: 'The readable API reference (Redoc, served offline)', auth: 'none',
      responses: { 200: { description: 'An HTML page.', content: { type: 'text/html' } }, 304: { description: 'Not modified.' } }, errors: [404],
      handle: async (ctx, assets) => {
        const page = await assets.page();
        if (!page) throw notFound('API docs are not installed');
        ctx.set('Content-Security-Policy', DOCS_CSP);
        send(ctx, page, 'text/html; charset=utf-8', 'no-cache');
      },
    },
    {
      method: 'get', path: API_DOCS_SCRIPT_PATH, id: 'apiDocsScript', summary: 'The docs page\'s script (Redoc\'s standalone bundle)', auth: 'none',
      responses: { 200: { description: 'JavaScript.', content: { type: 'application/javascript' } }, 304: { description: 'Not modified.' } }, errors: [404],
      handle: async (ctx, assets) => {
        const a = await assets.script();
        if (!a) throw notFound('API docs are not installed');
        send(ctx, a, 'application/javascript; charset=utf-8', 'public, max-age=3600');
      },
    },
  ],
});
