import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RegistryDocumentSchema, type RegistryDocument, type RemoteMetadata } from '@cp/contracts';
import { createLogger } from '@cp/service-kit';
import type { RunningGateway } from '../src/app.ts';
import { metadataFromManifest, preloadLinks, registryDocument, urlMetadataReader } from '../src/web/remote-metadata.ts';
import { Upstream } from '../src/shared/upstream.ts';
import { closeAfterEach } from '../../../infra/src/jest/closing.ts';
import { client, eventually, startTestGateway } from './helpers.ts';

const HEADER_LINK = { id: 'm', slot: 'header-actions' as const, to: '/m', label: 'M', icon: 'bell' as const, count: { url: '/api/m/count', field: 'n', noun: 'new' } };

/**
 * GET /mf/registry.json carries what each remote contributes, read from the mf-manifest.json of its build: from a
 * build folder (re-read when the file changes) and from a remote's own server (fetched at start, revalidated after
 * WEB_REMOTE_METADATA_TTL_MS, last good metadata kept while it is down, listed without metadata when never read).
 */

const manifest = (name: string, cpRemote: unknown) => JSON.stringify({ id: name, name, metaData: { name, publicPath: `/mf/x/`, remoteEntry: { name: 'remoteEntry.js', path: '' }, cpRemote }, shared: [], exposes: [] });

/** A remote's static server whose manifest a test changes; it records what it was asked. */
interface ManifestServer {
  url: string;
  port: number;
  /** The manifest text served, or 'hang' (never answers) or a status code. */
  answer: string | number;
  requests: Array<{ url: string; ifNoneMatch: string | undefined }>;
  stop(): Promise<void>;
  start(): Promise<void>;
}

async function manifestServer(initial: string | number): Promise<ManifestServer> {
  const hanging = new Set<http.ServerResponse>();
  const handler: http.RequestListener = (req, res) => {
    state.requests.push({ url: req.url ?? '', ifNoneMatch: req.headers['if-none-match'] });
    const { answer } = state;
    if (answer === 'hang') {
      hanging.add(res);
      return;
    }
    if (typeof answer === 'number') {
      res.writeHead(answer).end();
      return;
    }
    const etag = `"${createHash('sha256').update(answer).digest('hex').slice(0, 16)}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag }).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json', etag }).end(answer);
  };
  let server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const state: ManifestServer = {
    url: `http://127.0.0.1:${port}`,
    port,
    answer: initial,
    requests: [],
    async stop() {
      for (const res of hanging) res.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      server = http.createServer(handler);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
  };
  return state;
}

const api = client();
const registryOf = async (g: RunningGateway): Promise<RegistryDocument> => {
  const res = await api.call(`${g.url}/mf/registry.json`);
  expect(res.status).toBe(200);
  const parsed = RegistryDocumentSchema.safeParse(res.json());
  if (!parsed.success) throw new Error(`registry does not match its schema: ${parsed.error.message}`);
  return parsed.data;
};
const entryOf = async (g: RunningGateway, name: string) => (await registryOf(g)).remotes.find((r) => r.name === name);

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-registry-'));
});
afterAll(async () => {
  await api.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('metadata of a remote served from its build folder', () => {
  const closing = closeAfterEach();

  test('read from its manifest; an upgrade is picked up when the file changes; a missing or invalid file lists it without metadata', async () => {
    const dist = path.join(dir, 'mf-forum/dist');
    mkdirSync(dist, { recursive: true });
    const file = path.join(dist, 'mf-manifest.json');
    writeFileSync(file, manifest('mf_forum', { routes: ['/forum'], slots: ['forum'] }));
    const g = closing(await startTestGateway({ WEB_REMOTES: JSON.stringify({ forum: dist }) }));
    expect(await registryOf(g)).toEqual({ remotes: [{ name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', routes: ['/forum'], slots: ['forum'] }] });

    // a new build (watch mode, or a redeploy into the folder)
    writeFileSync(file, manifest('mf_forum', { routes: ['/forum', '/forum/post/:id'], slots: ['forum', 'sidebar-ad'], postAdPanel: true }));
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(await entryOf(g, 'mf_forum')).toEqual({ name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', routes: ['/forum', '/forum/post/:id'], slots: ['forum', 'sidebar-ad'], postAdPanel: true });

    writeFileSync(file, manifest('mf_forum', { routes: ['not-a-path'], slots: ['forum'] }));
    utimesSync(file, new Date(), new Date(Date.now() + 10_000));
    expect(await entryOf(g, 'mf_forum')).toEqual({ name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', routes: [], slots: [], metadataUnavailable: true });

    unlinkSync(file);
    expect(await entryOf(g, 'mf_forum')).toMatchObject({ routes: [], slots: [], metadataUnavailable: true });
    // the site is still up
    expect((await api.call(`${g.url}/mf/forum/nothing.js`)).status).toBe(404);
  });
});

describe('metadata of a remote served from its own server', () => {
  const closing = closeAfterEach();

  test('fetched at start; revalidated with If-None-Match after the TTL; an upgrade shows in the registry', async () => {
    const server = closing(await manifestServer(manifest('mf_forum', { routes: ['/forum'], slots: ['forum'] })));
    const g = closing(await startTestGateway({ WEB_REMOTES: JSON.stringify({ forum: `${server.url}/forum/v1/` }), WEB_REMOTE_METADATA_TTL_MS: '300' }));
    expect(await entryOf(g, 'mf_forum')).toEqual({ name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', routes: ['/forum'], slots: ['forum'] });
    expect(server.requests[0]).toEqual({ url: '/forum/v1/mf-manifest.json', ifNoneMatch: undefined });
    // within the TTL: no new request
    const asked = server.requests.length;
    await registryOf(g);
    expect(server.requests.length).toBe(asked);

    // unchanged after the TTL: a conditional request, answered 304
    await new Promise((r) => setTimeout(r, 350));
    expect(await eventually(async () => (await registryOf(g), server.requests.length > asked))).toBe(true);
    expect(server.requests.at(-1)?.ifNoneMatch).toMatch(/^"/);

    // upgraded: the registry shows it once revalidated (the answer during the refresh is the previous metadata)
    server.answer = manifest('mf_forum', { routes: ['/forum', '/forum/post/:id'], slots: ['forum'] });
    expect(await eventually(async () => (await entryOf(g, 'mf_forum'))?.routes.length === 2, 3_000)).toBe(true);
  });

  test('down after a good read: the last metadata is kept (its pages show the fallback, not a 404); back up: revalidated', async () => {
    const server = closing(await manifestServer(manifest('mf_forum', { routes: ['/forum'], slots: ['forum'] })));
    const g = closing(await startTestGateway({ WEB_REMOTES: JSON.stringify({ forum: server.url }), WEB_REMOTE_METADATA_TTL_MS: '100' }));
    expect((await entryOf(g, 'mf_forum'))?.routes).toEqual(['/forum']);
    await server.stop();
    await new Promise((r) => setTimeout(r, 150));
    for (let i = 0; i < 3; i++) {
      expect(await entryOf(g, 'mf_forum')).toEqual({ name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', routes: ['/forum'], slots: ['forum'] });
      await new Promise((r) => setTimeout(r, 60));
    }
    server.answer = 500;
    await server.start();
    expect((await entryOf(g, 'mf_forum'))?.routes).toEqual(['/forum']);
    server.answer = manifest('mf_forum', { routes: ['/forum', '/forum/new'], slots: ['forum'] });
    expect(await eventually(async () => (await entryOf(g, 'mf_forum'))?.routes.length === 2, 3_000)).toBe(true);
  });

  test('down from the start: listed without metadata at once, the other remotes with theirs; read once it comes up', async () => {
    const server = closing(await manifestServer(manifest('mf_forum', { routes: ['/forum'], slots: ['forum'] })));
    await server.stop();
    const listings = closing(await manifestServer(manifest('mf_listings', { routes: ['/listings'], slots: ['hero'], postAdPanel: true })));
    const g = closing(await startTestGateway({ WEB_REMOTES: JSON.stringify({ listings: listings.url, forum: server.url }), WEB_REMOTE_METADATA_TTL_MS: '100' }));
    const started = Date.now();
    expect(await registryOf(g)).toEqual({
      remotes: [
        { name: 'mf_listings', entry: '/mf/listings/mf-manifest.json', routes: ['/listings'], slots: ['hero'], postAdPanel: true },
        { name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', routes: [], slots: [], metadataUnavailable: true },
      ],
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    await server.start();
    expect(await eventually(async () => (await entryOf(g, 'mf_forum'))?.routes[0] === '/forum', 3_000)).toBe(true);
  });

  test('a server that hangs: the first registry answer waits at most the remote timeout, later ones not at all', async () => {
    const server = await manifestServer('hang');
    const g = closing(await startTestGateway({ WEB_REMOTES: JSON.stringify({ forum: server.url }), WEB_REMOTE_TIMEOUT_MS: '300', WEB_REMOTE_METADATA_TTL_MS: '100' }));
    closing(server); // stopped before the gateway closes, as it holds what the gateway asked
    let started = Date.now();
    expect(await entryOf(g, 'mf_forum')).toMatchObject({ routes: [], slots: [], metadataUnavailable: true });
    expect(Date.now() - started).toBeLessThan(1_500);
    await new Promise((r) => setTimeout(r, 150));
    started = Date.now();
    expect(await entryOf(g, 'mf_forum')).toMatchObject({ metadataUnavailable: true });
    expect(Date.now() - started).toBeLessThan(200);
  });

  test('a manifest without metadata (an old build), or not JSON, or too big: listed without metadata', async () => {
    const server = closing(await manifestServer(JSON.stringify({ id: 'mf_forum', name: 'mf_forum', metaData: { name: 'mf_forum' } })));
    const g = closing(await startTestGateway({ WEB_REMOTES: JSON.stringify({ forum: server.url }), WEB_REMOTE_METADATA_TTL_MS: '50' }));
    expect(await entryOf(g, 'mf_forum')).toMatchObject({ metadataUnavailable: true });
    server.answer = '<html>';
    await new Promise((r) => setTimeout(r, 80));
    await registryOf(g);
    expect(await entryOf(g, 'mf_forum')).toMatchObject({ metadataUnavailable: true });
    server.answer = manifest('mf_forum', { routes: ['/forum'], slots: ['forum'], padding: 'x'.repeat(1024 * 1024) });
    await new Promise((r) => setTimeout(r, 80));
    await registryOf(g);
    expect(await entryOf(g, 'mf_forum')).toMatchObject({ metadataUnavailable: true });
  });
});

describe('units', () => {
  test('metadataFromManifest: the published metadata, normalised; a readable error otherwise', () => {
    expect(metadataFromManifest(manifest('mf_a', { routes: ['/a'], slots: ['hero'], postAdPanel: false, extra: 1 }))).toEqual({ routes: ['/a'], slots: ['hero'] });
    expect(() => metadataFromManifest('nope')).toThrow('not JSON');
    // preload hints carry only a remote's own manifest under /mf/<key>/, never what could break the Link header
    const known = new Map([['x', { routes: ['/x'], slots: [] }]]);
    expect(preloadLinks([{ key: 'x', entry: '/mf/x/mf-manifest.json' }], known, '/x')).toEqual(['</mf/x/mf-manifest.json>; rel=preload; as=fetch; crossorigin=anonymous']);
    expect(preloadLinks([{ key: 'x', entry: '/mf/x/a>, <https://evil.example/x.js' }], known, '/x')).toEqual([]);
    expect(preloadLinks([{ key: 'x', entry: 'https://cdn.example/mf/x/mf-manifest.json' }], known, '/x')).toEqual([]);
    expect(preloadLinks([{ key: 'x', entry: '/mf/x/mf-manifest.json' }], known, '/y')).toEqual([]);
    expect(() => metadataFromManifest(manifest('mf_a', { routes: ['/a'], slots: ['footer'] }))).toThrow('no valid remote metadata');
    // header links (issue 23): kept when there are some, an empty list dropped, an invalid one refused
    expect(metadataFromManifest(manifest('mf_m', { routes: ['/m'], slots: [], headerLinks: [HEADER_LINK] }))).toEqual({ routes: ['/m'], slots: [], headerLinks: [HEADER_LINK] });
    expect(metadataFromManifest(manifest('mf_m', { routes: ['/m'], slots: [], headerLinks: [] }))).toEqual({ routes: ['/m'], slots: [] });
    expect(() => metadataFromManifest(manifest('mf_m', { routes: ['/m'], slots: [], headerLinks: [{ ...HEADER_LINK, slot: 'footer' }] }))).toThrow('no valid remote metadata');
    expect(() => metadataFromManifest(manifest('mf_m', { routes: ['/n'], slots: [], headerLinks: [HEADER_LINK] }))).toThrow('no valid remote metadata');
  });

  test('registryDocument: configuration order; unknown metadata is empty and marked', () => {
    const remotes = [
      { key: 'b', name: 'mf_b', entry: '/mf/b/mf-manifest.json', source: { kind: 'dir' as const, dir: '/x' } },
      { key: 'a', name: 'mf_a', entry: '/mf/a/mf-manifest.json', source: { kind: 'dir' as const, dir: '/y' } },
    ];
    const metadata = new Map<string, RemoteMetadata | undefined>([
      ['a', { routes: ['/a'], slots: [], postAdPanel: true }],
      ['m', { routes: ['/m'], slots: [], headerLinks: [HEADER_LINK] }],
    ]);
    expect(registryDocument([...remotes, { key: 'm', name: 'mf_m', entry: '/mf/m/mf-manifest.json', source: { kind: 'dir' as const, dir: '/z' } }], metadata)).toEqual({
      remotes: [
        { name: 'mf_b', entry: '/mf/b/mf-manifest.json', routes: [], slots: [], metadataUnavailable: true },
        { name: 'mf_a', entry: '/mf/a/mf-manifest.json', routes: ['/a'], slots: [], postAdPanel: true },
        { name: 'mf_m', entry: '/mf/m/mf-manifest.json', routes: ['/m'], slots: [], headerLinks: [HEADER_LINK] },
      ],
    });
  });

  test('urlMetadataReader: concurrent readers share one request; a failure is retried after min(TTL, 5 s)', async () => {
    const server = await manifestServer(503);
    const upstream = new Upstream({ name: 'web:forum', origin: server.url, connections: 2, maxQueue: 10, connectTimeoutMs: 500, breakerFailures: 5, breakerCooldownMs: 1_000 });
    let now = 1_000;
    const reader = urlMetadataReader(
      { key: 'forum', name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', source: { kind: 'url', origin: server.url, basePath: '/' } },
      upstream,
      { ttlMs: 60_000, timeoutMs: 500, now: () => now },
      createLogger('registry-test', 'silent'),
    );
    try {
      expect(await Promise.all([reader.current(), reader.current()])).toEqual([undefined, undefined]);
      expect(server.requests).toHaveLength(1);
      server.answer = manifest('mf_forum', { routes: ['/forum'], slots: ['forum'] });
      now += 4_000;
      expect(await reader.current()).toBeUndefined();
      expect(server.requests).toHaveLength(1);
      now += 1_001;
      await reader.current(); // starts the retry, answers with what it knows
      expect(await eventually(async () => (await reader.current()) !== undefined, 2_000)).toBe(true);
      expect(await reader.current()).toEqual({ routes: ['/forum'], slots: ['forum'] });
      expect(server.requests).toHaveLength(2);
    } finally {
      await upstream.close(100);
      await server.stop();
    }
  });
});
