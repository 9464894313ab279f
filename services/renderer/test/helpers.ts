import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import { PAGE_STREAM_PATH, PageBodyFrameSchema, PageHeadFrameSchema, type PageBodyFrame, type PageHeadFrame } from '@cp/contracts';
import { connectMongo, createLogger, listen, type MetricsRegistry, type RunningServer } from '@cp/service-kit';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { startListings, type ListingsHarness } from '../../listings/test/helpers.ts';
import { startForum, type ForumHarness } from '../../forum/test/helpers.ts';
import { startDirectory, type DirectoryHarness } from '../../directory/test/helpers.ts';
import { buildRendererApp } from '../src/app.ts';
import { RendererEnv, type RendererConfig } from '../src/config.ts';

export { call, until } from '../../listings/test/helpers.ts';

export const PUBLIC_URL = 'https://centralpadesi.example';

export interface RendererHarness {
  base: string;
  config: RendererConfig;
  close(): Promise<void>;
}

/** Nothing listens here: a service that is down. */
export const DOWN = 'http://127.0.0.1:9';

/** The real renderer app on the test MongoDB, reading the given services' origins. */
export async function startRenderer(origins: { listings: string; forum: string; directory: string; search?: string }, env: Record<string, string> = {}, metrics?: MetricsRegistry): Promise<RendererHarness> {
  const config = RendererEnv.parse({
    ...testEnv(),
    NODE_ENV: 'test',
    MONGO_DB: `renderer_${randomUUID().slice(0, 8)}`,
    PUBLIC_URL,
    LISTINGS_URL: origins.listings,
    FORUM_URL: origins.forum,
    DIRECTORY_URL: origins.directory,
    SEARCH_URL: origins.search ?? DOWN,
    ...env,
  });
  const logger = createLogger('renderer-test');
  const conn = await connectMongo(config.MONGO_URL, config.MONGO_DB);
  const { app, close } = await buildRendererApp({ config, logger, conn, ...(metrics ? { metrics } : {}) });
  const server: RunningServer = await listen(app as Koa, 0, '127.0.0.1', logger);
  return {
    base: `http://127.0.0.1:${server.port}`,
    config,
    async close() {
      await server.close();
      await close();
      await conn.dropDatabase().catch(() => undefined);
      await conn.close();
    },
  };
}

export interface RendererStack {
  listings: ListingsHarness;
  forum: ForumHarness;
  directory: DirectoryHarness;
  renderer: RendererHarness;
  close(): Promise<void>;
}

/** Listings, forum and directory (each with its identity) on the real infrastructure, and a renderer reading them. */
export async function startRendererStack(): Promise<RendererStack> {
  const listings = await startListings();
  const forum = await startForum();
  const directory = await startDirectory();
  const renderer = await startRenderer({ listings: listings.base, forum: forum.base, directory: directory.base });
  return {
    listings,
    forum,
    directory,
    renderer,
    async close() {
      await renderer.close();
      await Promise.all([listings.close(), forum.close(), directory.close()]);
    },
  };
}

/** A server that takes requests and never answers them (a service that hangs); close() ends them. */
export async function hangingServer(): Promise<{ url: string; requests: () => number; close(): Promise<void> }> {
  let count = 0;
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((_req, res) => {
    count++;
    open.add(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => count,
    async close() {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A page's two frames as the renderer streams them (contracts' page-head.ts), with the answer's Cache-Control. */
export async function pageFrames(res: Response): Promise<{ head: PageHeadFrame; body: PageBodyFrame['body'] | undefined; cacheControl: string | null }> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
  const lines = (await res.text()).split('\n').filter((line) => line !== '');
  const head = PageHeadFrameSchema.parse(JSON.parse(lines[0]!));
  // A body frame follows exactly when the head said one may.
  expect(lines).toHaveLength(head.body ? 2 : 1);
  const body = head.body ? PageBodyFrameSchema.parse(JSON.parse(lines[1]!)).body : undefined;
  return { head, body, cacheControl: res.headers.get('cache-control') };
}

/** `GET /internal/page` of one page. */
export function askPage(base: string, path: string, query = '', headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${base}${PAGE_STREAM_PATH}?path=${encodeURIComponent(path)}${query}`, { headers });
}
