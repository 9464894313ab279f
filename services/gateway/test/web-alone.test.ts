import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Koa from 'koa';
import { RegistryDocumentSchema, SITE_SETTINGS_ELEMENT_ID } from '@cp/contracts';
import { ConfigError, createLogger, errorMiddleware, listen, type RunningServer } from '@cp/service-kit';
import { loadWebConfig, WebEnv } from '../src/web/config.ts';
import { ProxyEnv } from '../src/proxy/config.ts';
import { createWebSite, type WebSite } from '../src/web/web.ts';
import { client } from './helpers.ts';

/**
 * The web half alone (issue 25 §2): built from its own configuration (WEB_*, SITE_*, PAGE_HEAD_*), with no proxy
 * variable and no proxy, in a bare Koa app: what a host other than the gateway (the renderer) would do.
 */

const logger = createLogger('web-alone-test', 'silent');
const http = client();
let dir: string;
let site: WebSite;
let server: RunningServer;
let base: string;

function write(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-web-alone-'));
  write(path.join(dir, 'shell/index.html'), '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div></body></html>');
  write(path.join(dir, 'forum/mf-manifest.json'), JSON.stringify({ id: 'mf_forum', name: 'mf_forum', metaData: { cpRemote: { routes: ['/forum'], slots: ['forum'] } } }));
  write(path.join(dir, 'forum/remoteEntry.js'), 'var mf_forum = 1;');
  const config = loadWebConfig({ WEB_ROOT: path.join(dir, 'shell'), WEB_REMOTES: `forum=${path.join(dir, 'forum')}`, SITE_CONTACT_PHONE: '717-730-4411' });
  site = createWebSite(config, logger);
  const app = new Koa();
  app.use(errorMiddleware(logger));
  app.use(site.middleware);
  server = await listen(app, 0, '127.0.0.1', logger);
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await http.close();
  await server?.close();
  await site?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('its schema has none of the proxy\'s variables, and its problems are its own', () => {
  const proxyOnly = Object.keys(ProxyEnv.shape).filter((k) => !k.startsWith('UPSTREAM_') && !k.startsWith('BREAKER_') && k !== 'CONNECT_TIMEOUT_MS');
  expect(proxyOnly.filter((k) => k in WebEnv.shape)).toEqual([]);
  expect(() => loadWebConfig({ WEB_REMOTES: 'forum' })).toThrow(ConfigError);
  expect(() => loadWebConfig({ IDENTITY_URL: 'not checked here', RATE_LIMIT_AUTH: '-1' })).not.toThrow();
});

test('serves the page with the site settings, the registry and a remote file, without the proxy', async () => {
  const page = await http.call(`${base}/forum`);
  expect(page.status).toBe(200);
  expect(page.headers['content-security-policy']).toContain("default-src 'self'");
  expect(page.text).toContain(`id="${SITE_SETTINGS_ELEMENT_ID}"`);
  expect(page.text).toContain('717-730-4411');
  const registry = await http.call(`${base}/mf/registry.json`);
  expect(RegistryDocumentSchema.parse(registry.json()).remotes).toEqual([{ name: 'mf_forum', entry: '/mf/forum/mf-manifest.json', routes: ['/forum'], slots: ['forum'] }]);
  expect((await http.call(`${base}/mf/forum/remoteEntry.js`)).text).toBe('var mf_forum = 1;');
  expect((await http.call(`${base}/mf/forum/missing.js`)).status).toBe(404);
});
