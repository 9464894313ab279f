// Serves the production builds the way the gateway must (see shell/README.md), for local checks and browser tests:
//   /mf/registry.json        the registry: every built remote (mf-*/dist/mf-manifest.json), or $PREVIEW_REGISTRY
//   /mf/<name>/...           mf-<name>/dist/...
//   /api/*, /uploads/*       proxied to $GATEWAY_URL (default http://127.0.0.1:8080); 502 when it is down
//   anything else            shell/dist/<file>, or shell/dist/index.html for a page path (the shell routes it)
// Cache: hashed assets (name.[8 hex].js|css) immutable for a year; index.html, registry, manifests, remoteEntry no-cache.
// Usage: node shell/scripts/preview.js [port]   (PORT, GATEWAY_URL, PUBLIC_URL, PREVIEW_REGISTRY)
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { MF_REGISTRY_PATH } from '@cp/contracts/mf-metadata';

const root = path.resolve(import.meta.dirname, '../..');
const shellDist = path.join(root, 'shell/dist');
const port = Number(process.argv[2] ?? process.env.PORT ?? 4173);
const gateway = new URL(process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080');
// The gateway accepts state-changing calls only from its public origin; this server speaks for the page.
const publicOrigin = new URL(process.env.PUBLIC_URL ?? 'http://localhost:8080').origin;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;

function builtRemotes() {
  return readdirSync(root)
    .filter((dir) => dir.startsWith('mf-') && existsSync(path.join(root, dir, 'dist/mf-manifest.json')))
    .map((dir) => {
      const manifest = JSON.parse(readFileSync(path.join(root, dir, 'dist/mf-manifest.json'), 'utf8'));
      return { name: manifest.name, entry: `/mf/${dir.slice(3)}/mf-manifest.json` };
    });
}

function registry() {
  if (process.env.PREVIEW_REGISTRY) return readFileSync(process.env.PREVIEW_REGISTRY, 'utf8');
  return JSON.stringify({ remotes: builtRemotes() });
}

function sendFile(res, file, method) {
  const ext = path.extname(file);
  res.writeHead(200, {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
    'X-Content-Type-Options': 'nosniff',
  });
  if (method === 'HEAD') return res.end();
  createReadStream(file).pipe(res);
}

function notFound(res) {
  res.writeHead(404, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ error: 'Not found' }));
}

function safeJoin(base, urlPath) {
  const file = path.join(base, decodeURIComponent(urlPath));
  return file.startsWith(base + path.sep) || file === base ? file : null;
}

function proxy(req, res) {
  const headers = { ...req.headers, host: gateway.host };
  if (headers.origin) headers.origin = publicOrigin;
  const upstream = http.request(
    { host: gateway.hostname, port: gateway.port || 80, method: req.method, path: req.url, headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (res.headersSent) return res.destroy();
    res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: 'Service unavailable' }));
  });
  req.pipe(upstream);
}

const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://preview');
  const p = url.pathname;
  if (p === '/api' || p.startsWith('/api/') || p.startsWith('/uploads/')) return proxy(req, res);
  if (req.method !== 'GET' && req.method !== 'HEAD') return notFound(res);
  if (p === MF_REGISTRY_PATH) {
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
    return res.end(req.method === 'HEAD' ? undefined : registry());
  }
  const remote = /^\/mf\/([a-z0-9-]+)\/(.*)$/.exec(p);
  if (remote) {
    const file = safeJoin(path.join(root, `mf-${remote[1]}`, 'dist'), remote[2] ?? '');
    return file && existsSync(file) && statSync(file).isFile() ? sendFile(res, file, req.method) : notFound(res);
  }
  const file = safeJoin(shellDist, p);
  if (file && existsSync(file) && statSync(file).isFile()) return sendFile(res, file, req.method);
  if (path.extname(p)) return notFound(res); // a missing asset is a 404, not the page
  return sendFile(res, path.join(shellDist, 'index.html'), req.method);
});

server.listen(port, '127.0.0.1', () => process.stdout.write(`preview: http://127.0.0.1:${port} (api → ${gateway.origin})\n`));
