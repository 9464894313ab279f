import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { remoteKey, staleReason, webApps } from '../src/web.ts';

let root: string;
const write = (rel: string, content = 'x') => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), content);
};
const age = (rel: string, secondsAgo: number) => {
  const t = new Date(Date.now() - secondsAgo * 1000);
  utimesSync(path.join(root, rel), t, t);
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'web-build-'));
  write('shell/webpack.config.js');
  write('shell/src/index.ts');
  write('mf-forum/webpack.config.js');
  write('mf-forum/src/index.ts');
  write('mf-notes/README.md'); // no webpack config: not an app
  write('packages/ui/lib/button.tsx');
  for (const f of ['shell/webpack.config.js', 'shell/src/index.ts', 'mf-forum/webpack.config.js', 'mf-forum/src/index.ts', 'packages/ui/lib/button.tsx']) age(f, 600);
  for (const d of ['shell/src', 'shell', 'mf-forum/src', 'mf-forum', 'packages/ui/lib', 'packages/ui', 'packages']) age(d, 600);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

function built(app: string, mode: 'production' | 'development') {
  write(`${app}/dist/${app === 'shell' ? 'index.html' : 'mf-manifest.json'}`);
  write(`${app}/dist/.build.json`, JSON.stringify({ mode, builtAt: new Date().toISOString() }));
  age(`${app}/dist/.build.json`, 60); // built a minute ago: files written now are newer
}

test('the apps are the shell and every mf-* folder with a webpack config', () => {
  expect(webApps(root)).toEqual(['shell', 'mf-forum']);
  expect(remoteKey('mf-forum')).toBe('forum');
  expect(remoteKey('mf-yellow-pages')).toBe('yellow_pages');
});

test('missing, development and unstamped builds need a production build', () => {
  expect(staleReason(root, 'shell')).toBe('no build');
  built('shell', 'development');
  expect(staleReason(root, 'shell')).toMatch(/development build/);
  rmSync(path.join(root, 'shell/dist/.build.json'));
  expect(staleReason(root, 'shell')).toBe('build of unknown kind');
});

test('a production build is current until a source of the app or of a shared package changes', () => {
  built('shell', 'production');
  built('mf-forum', 'production');
  expect(staleReason(root, 'shell')).toBeUndefined();
  expect(staleReason(root, 'mf-forum')).toBeUndefined();

  write('mf-forum/src/page.tsx'); // newer than the build
  expect(staleReason(root, 'mf-forum')).toBe('sources changed since the build');
  expect(staleReason(root, 'shell')).toBeUndefined();

  write('packages/ui/lib/button.tsx', 'y'); // shared by every app
  expect(staleReason(root, 'shell')).toBe('sources changed since the build');
});

test('tests, node_modules and the dist itself are not sources', () => {
  built('shell', 'production');
  write('shell/test/x.test.ts');
  write('shell/node_modules/x/index.js');
  age('shell/test', 600);
  age('shell/node_modules', 600);
  age('shell', 600);
  expect(staleReason(root, 'shell')).toBeUndefined();
});

describe('the stack gives the gateway the web site', () => {
  // Imported lazily: stack-env.ts pulls in the key generation of the local stack, not needed by the tests above.
  const load = () => Promise.all([import('../src/stack-env.ts'), import('../src/deployables.ts'), import('../src/catalogue.ts')]);
  const remote = (name: string, port: number) =>
    write(`mf-${name.replace(/_/g, '-')}/remote.json`, JSON.stringify({ name, kind: 'remote', description: `the ${name} remote`, port, devPort: port - 100 }));

  test('servers mode: each remote, found by its remote.json, on its own static server port, proxied by the gateway', async () => {
    const [{ webEnv }, { discoverDeployables }, { remoteStaticServers }] = await load();
    remote('forum', 3102);
    remote('listings', 3101);
    remote('yellow_pages', 3110);
    const deployables = discoverDeployables(root);
    const servers = remoteStaticServers(100, deployables).map(({ folder, port }) => ({ folder, port }));
    expect(servers).toEqual([
      { folder: 'mf-forum', port: 3202 },
      { folder: 'mf-listings', port: 3201 },
      { folder: 'mf-yellow-pages', port: 3210 },
    ]);
    const ports = Object.fromEntries(servers.map((s) => [s.folder, s.port]));
    const ctx = { root, dataDir: '/tmp/x', infraEnv: {}, ports: { ...ports, gateway: 8180, identity: 4101, comms: 4106 }, publicUrl: 'http://localhost:8180', keys: { privateKeyFile: 'a', publicKeyFile: 'b' }, demoData: false, web: 'servers' as const };
    const env = webEnv(ctx, deployables);
    expect(env.WEB_ROOT).toBe(path.join(root, 'shell', 'dist'));
    expect(JSON.parse(env.WEB_REMOTES!)).toEqual({ forum: 'http://127.0.0.1:3202', listings: 'http://127.0.0.1:3201', yellow_pages: 'http://127.0.0.1:3210' });
  });

  test('folders mode (npm run dev): the gateway serves the dist folders the watcher writes', async () => {
    const [{ webEnv }, { discoverDeployables }] = await load();
    remote('forum', 3102);
    const env = webEnv({ root, dataDir: '/tmp/x', infraEnv: {}, ports: {}, publicUrl: 'http://localhost:8080', keys: { privateKeyFile: 'a', publicKeyFile: 'b' }, demoData: false, web: 'folders' }, discoverDeployables(root));
    expect(JSON.parse(env.WEB_REMOTES!)).toEqual({ forum: path.join(root, 'mf-forum', 'dist') });
  });
});
