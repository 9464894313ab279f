import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { createServer as createHttpServer, request as httpRequest, type Server } from 'node:http';
import { createServer } from 'node:net';
import { cpSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_STREAM_PATH, PageBodyFrameSchema, PageHeadFrameSchema, REMOTE_VERSIONS_HEADER } from '@cp/contracts';
import type { RunningGateway } from '../../gateway/src/app.ts';
import { client, startTestGateway } from '../../gateway/test/helpers.ts';
import { startForum, type ForumHarness } from '../../forum/test/helpers.ts';
import { ensureWebBuild, remoteKey, webApps } from '../../../infra/src/web.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { untilDefined } from '../../../infra/src/jest/until-defined.ts';
import { call, DOWN, PUBLIC_URL } from './helpers.ts';

/**
 * Server rendering (issue 20 §1–§3), through the real pieces: the web apps' production builds (browser and server
 * bundles), a gateway serving them (the registry, the remotes' folders), the renderer loading the shell's server
 * bundle and the remotes' server containers from that gateway at run time, the real forum service for the data, and a
 * second gateway asking that renderer for its pages, as the site's does.
 *   - the page's content is in its HTML, with the data the browser hydrates it with, and no inline script;
 *   - a remote rebuilt with a changed text and deployed (its folder replaced) is rendered anew, with no rebuild or
 *     restart of the shell, the renderer or the gateways;
 *   - a remote that is down leaves the page 200, with that remote's fallback in the HTML and the browser told to retry.
 * The renderer runs as its own process, as deployed: the server bundle and the remotes' containers are plain Node.js
 * code that jest's module system must not load.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const work = path.join(root, '.data', `ssr-test-${process.pid}`);
/** The deployed forum remote: a copy of its build, replaced by a new build in the swap test. */
const forumDir = path.join(work, 'deployed-forum');

let forum: ForumHarness;
/** Between the renderer and the forum: every path the renderer asks, in order (the forum's answer goes back as is). */
let forumProxy: Awaited<ReturnType<typeof countingProxy>>;
let renderer: { base: string; child: ChildProcess; log: () => string };
let webOrigin: RunningGateway;
/** The renderer's WEB_ORIGIN: webOrigin through a proxy the outage test switches off. */
let originProxy: { url: string; down: (path: string, method: string) => boolean; server: Server };
let site: RunningGateway;
const api = client();
const FOUNDER = 'Asha Deshpande (test founder)';
const postTitle = `Where to buy fresh curry leaves ${Date.now().toString(36)}`;
let postId = '';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** A pass-through to `target` that records each request's path and query. */
async function countingProxy(target: string): Promise<{ url: string; asked: string[]; server: Server; hold(): () => void }> {
  const asked: string[] = [];
  // While held, requests wait (in order) for the release.
  let held: Array<() => void> | undefined;
  const server = createHttpServer((req, res) => {
    asked.push(req.url ?? '');
    const forward = () =>
      fetch(new URL(req.url ?? '/', target), { headers: { accept: String(req.headers.accept ?? '*/*'), 'user-agent': String(req.headers['user-agent'] ?? '') } }).then(
        async (answer) => {
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/octet-stream' });
          res.end(Buffer.from(await answer.arrayBuffer()));
        },
        () => res.writeHead(502).end(),
      );
    if (held) held.push(() => void forward());
    else void forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    asked,
    server,
    hold() {
      held = [];
      return () => {
        const waiting = held ?? [];
        held = undefined;
        waiting.forEach((go) => go());
      };
    },
  };
}

/**
 * A pass-through to the web origin (every method, header and byte as is) that can be switched off: while `down` says
 * so for a request, its connection is cut, as while the origin's gateway restarts.
 */
async function switchableProxy(target: string): Promise<{ url: string; down: (path: string, method: string) => boolean; server: Server }> {
  const state = { down: (_path: string, _method: string) => false };
  const server = createHttpServer((req, res) => {
    if (state.down(req.url ?? '/', req.method ?? 'GET')) {
      req.socket.destroy();
      return;
    }
    const upstream = httpRequest(new URL(req.url ?? '/', target), { method: req.method, headers: { ...req.headers, host: new URL(target).host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server });
}

/** services/renderer/src/main.ts on the test infrastructure, with the given variables; ready when /readyz says so. */
async function startRendererProcess(vars: Record<string, string>): Promise<{ base: string; child: ChildProcess; log: () => string }> {
  const port = await freePort();
  const env = testEnv();
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'services', 'renderer', 'src', 'main.ts')], {
    env: { PATH: process.env.PATH ?? '', ...env, NODE_ENV: 'test', LOG_LEVEL: 'warn', PORT: String(port), MONGO_DB: `renderer_${randomUUID().slice(0, 8)}`, ...vars },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-20_000)));
  child.stderr!.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-20_000)));
  const base = `http://127.0.0.1:${port}`;
  await untilDefined(async () => {
    if (child.exitCode !== null) throw new Error(`renderer exited ${child.exitCode}: ${output}`);
    const res = await fetch(`${base}/readyz`).catch(() => undefined);
    return res?.ok ? true : undefined;
  }, 60_000);
  return { base, child, log: () => output };
}

function webRemotes(): Record<string, string> {
  return Object.fromEntries(
    webApps(root)
      .filter((app) => app !== 'shell')
      .map((app) => [remoteKey(app), app === 'mf-forum' ? forumDir : path.join(root, app, 'dist')]),
  );
}

/** The HTML inside `<div id="root">` and the page's server state (undefined when the page was not server-rendered). */
function rendered(html: string): { body: string; state: { api: { queries: Record<string, { status: string; endpointName: string }> }; failedRemotes: string[] } | undefined } {
  const m = /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="cp-ssr-state">([\s\S]*?)<\/script>/.exec(html);
  if (!m) return { body: '', state: undefined };
  // React separates adjacent texts with empty comments (`About <!-- -->Central PA…`): read as one text.
  return { body: m[1]!.replaceAll('<!-- -->', ''), state: JSON.parse(m[2]!) as never };
}

/** Every text is in the markup (a failure names the missing ones, not the whole page). */
function expectIn(markup: string, ...texts: string[]): void {
  expect(texts.filter((t) => !markup.includes(t))).toEqual([]);
}

async function page(p: string): Promise<{ status: number; html: string; csp: string }> {
  const res = await api.call(`${site.url}${p}`);
  return { status: res.status, html: res.text, csp: String(res.headers['content-security-policy'] ?? '') };
}

beforeAll(async () => {
  ensureWebBuild(root, () => undefined);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  cpSync(path.join(root, 'mf-forum', 'dist'), forumDir, { recursive: true });
  forum = await startForum();
  const { cookie } = await forum.newSession();
  const created = await call(forum.base, 'POST', '/api/forum/posts', { body: { category: 'General', title: postTitle, content: 'Which grocery in Mechanicsburg keeps them?' }, cookie });
  expect(created.status).toBe(201);
  postId = String(created.body.id);
  forumProxy = await countingProxy(forum.base);
  const web = { WEB_ROOT: path.join(root, 'shell', 'dist'), WEB_REMOTES: JSON.stringify(webRemotes()) };
  webOrigin = await startTestGateway({ ...web, FORUM_URL: forum.base });
  originProxy = await switchableProxy(webOrigin.url);
  renderer = await startRendererProcess({
    PUBLIC_URL,
    LISTINGS_URL: DOWN,
    FORUM_URL: forumProxy.url,
    DIRECTORY_URL: DOWN,
    SEARCH_URL: DOWN,
    WEB_ORIGIN: originProxy.url,
    SHELL_SERVER_BUNDLE: path.join(root, 'shell', 'dist', 'server', 'server.js'),
    WEB_REGISTRY_TTL_MS: '200',
    PAGE_DATA_BUDGET_MS: '2000',
  });
  // The page's budget is the renderer's (2 s here: two cores shared with the whole suite); the gateway waits a little longer.
  // Its operator's settings (written into every page) reach the renderer with each page: the body shows them too.
  site = await startTestGateway({ ...web, FORUM_URL: forum.base, RENDERER_URL: renderer.base, PAGE_HEAD_TIMEOUT_MS: '4000', SITE_FOUNDER_NAME: FOUNDER });
}, 300_000);

afterAll(async () => {
  await api.close();
  await site?.close();
  if (renderer && renderer.child.exitCode === null) {
    renderer.child.kill('SIGTERM');
    await new Promise((r) => renderer.child.once('exit', r));
  }
  await new Promise((r) => (originProxy ? originProxy.server.close(r) : r(undefined)));
  await webOrigin?.close();
  await new Promise((r) => (forumProxy ? forumProxy.server.close(r) : r(undefined)));
  await forum?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('pages rendered on the server', () => {
  test('/forum: the posts are in the HTML, with the answer the browser hydrates from; no inline script', async () => {
    // The first render after start loads the remotes' server containers: the page may come without its body once.
    const got = await untilDefined(async () => {
      const p = await page('/forum');
      return rendered(p.html).state ? p : undefined;
    }, 30_000);
    expect(got.status).toBe(200);
    const { body, state } = rendered(got.html);
    expectIn(body, 'Community Forum');
    expectIn(body, postTitle);
    expectIn(body, 'href="/forum/post/');
    expect(Object.values(state!.api.queries).map((q) => [q.endpointName, q.status])).toContainEqual(['getForumPosts', 'fulfilled']);
    expect(state!.failedRemotes).toEqual([]);
    // Scripts: the build's files, data the browser never runs, and the build's own inline script (the theme) whose hash
    // the CSP names. Nothing the rendering added runs (the CSP allows no other inline script).
    // Painted before any JavaScript is fetched: the build's script is fetched by the shell's loader after the paint.
    expect(got.html).not.toMatch(/<script\b[^>]*\bsrc=/);
    expect(got.html).toMatch(/<template data-after-paint="\/main\.[0-9a-f]+\.js"><\/template>/);
    const inline = [...got.html.matchAll(/<script(\b[^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attrs]) => !/\bsrc="|type="application\/(ld\+)?json"/.test(attrs!));
    for (const [, , code] of inline) expect(got.csp).toContain(`'sha256-${createHash('sha256').update(code!).digest('base64')}'`);
    expect(got.html).not.toContain('This site needs JavaScript');
    // The remotes' server containers are served (the renderer reads them); the shell's server bundle is not.
    expect((await api.call(`${site.url}/mf/forum/server/remoteEntry.js`)).status).toBe(200);
    expect((await api.call(`${site.url}/server/server.js`)).status).toBe(404);
  });

  test('the renderer streams: the head frame goes out before the body, which waits for its data', async () => {
    // The forum service held: /forum's head needs no data, its body needs the posts.
    const release = forumProxy.hold();
    let released = false;
    try {
      const res = await fetch(`${renderer.base}${PAGE_STREAM_PATH}?path=${encodeURIComponent('/forum')}`);
      expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!text.includes('\n')) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      const head = PageHeadFrameSchema.parse(JSON.parse(text.slice(0, text.indexOf('\n'))));
      expect([head.status, head.body]).toEqual([200, true]);
      // The first view's stylesheet (mf-forum's) comes with the head, for the document's <head>.
      expect(head.styles.some((href) => href.startsWith('/mf/forum/'))).toBe(true);
      // The head is here while the posts are still held; the body is rendered with them once they are let go.
      release();
      released = true;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      const lines = text.split('\n').filter((line) => line !== '');
      expect(lines).toHaveLength(2);
      const body = PageBodyFrameSchema.parse(JSON.parse(lines[1]!)).body;
      expectIn(body?.html ?? '', postTitle);
    } finally {
      if (!released) release();
    }
  });

  test('a visitor served another version of a remote (a release by percentage) gets its area as the fallback, for the browser to load his version', async () => {
    // The page's body as the renderer answers the gateway, with and without the visitor's versions (issue 35 §4).
    const body = async (versions?: string) => {
      const res = await fetch(`${renderer.base}${PAGE_STREAM_PATH}?path=${encodeURIComponent('/forum')}`, { headers: versions ? { [REMOTE_VERSIONS_HEADER]: versions } : {} });
      const lines = (await res.text()).split('\n').filter((line) => line !== '');
      return lines[1] ? PageBodyFrameSchema.parse(JSON.parse(lines[1])).body : null;
    };
    const usual = await untilDefined(async () => ((await body())?.html.includes(postTitle) ? true : undefined), 20_000);
    expect(usual).toBe(true);
    // This process loaded the forum remote of the registry it read (no release there: no version it can vouch for):
    // the visitor's v2 is left to the browser, as a remote that failed on the server would be.
    const other = await body('forum=v2');
    expect(other).not.toBeNull();
    expect(other!.html).not.toContain(postTitle);
    expect(JSON.parse(other!.state) as { failedRemotes: string[] }).toEqual(expect.objectContaining({ failedRemotes: ['mf_forum/routes'] }));
    // Another remote's version changes nothing of the forum's page.
    expect((await body('listings=v9'))?.html).toContain(postTitle);
  });

  test("a post's page: its head and its body read the post from the forum once", async () => {
    const got = await untilDefined(async () => {
      forumProxy.asked.length = 0;
      const p = await page(`/forum/post/${postId}`);
      return rendered(p.html).state ? p : undefined;
    }, 10_000);
    expect(got.status).toBe(200);
    expect(got.html).toContain(`<title>${postTitle} | `); // the head, from the post
    expectIn(rendered(got.html).body, postTitle, 'Which grocery in Mechanicsburg keeps them?'); // the body, from the post
    expect(forumProxy.asked.filter((p) => p === `/api/forum/posts/${postId}`)).toHaveLength(1);
  });

  test("a page of the shell (/about, with the gateway's site settings) and an unknown path (the 404 page, status 404)", async () => {
    const about = await untilDefined(async () => {
      const p = await page('/about');
      return rendered(p.html).state ? p : undefined;
    }, 10_000);
    expectIn(rendered(about.html).body, 'About Central PA Desi Community', FOUNDER);
    expectIn(about.html, `"name":"${FOUNDER}"`); // the site settings block the browser reads: the same values
    const missing = await page('/no-such-page-here');
    expect(missing.status).toBe(404);
    expectIn(rendered(missing.html).body, '404');
  });

  test('a rebuilt mf-forum with a changed text, deployed: the next /forum shows it (no restart of anything else)', async () => {
    // A new release of the forum team: its sources with a changed heading, built with its own webpack config.
    const release = path.join(work, 'mf-forum-release');
    cpSync(path.join(root, 'mf-forum'), release, { recursive: true, filter: (src) => !/[\\/](dist|node_modules)$/.test(src) });
    const pageFile = path.join(release, 'src', 'pages', 'ForumPage.tsx');
    writeFileSync(pageFile, readFileSync(pageFile, 'utf8').replace('>Community Forum</h1>', '>Community Forum — new release</h1>'));
    const built = spawnSync(process.execPath, [path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--config', path.join(release, 'webpack.config.js'), '--mode', 'production'], {
      cwd: release,
      encoding: 'utf8',
    });
    expect([built.status, built.stderr.slice(-2000)]).toEqual([0, expect.any(String)]);
    // Deployed: the folder the gateway serves is replaced by the new build.
    rmSync(forumDir, { recursive: true, force: true });
    cpSync(path.join(release, 'dist'), forumDir, { recursive: true });
    const got = await untilDefined(async () => {
      const p = await page('/forum');
      return rendered(p.html).body.includes('Community Forum — new release') ? p : undefined;
    }, 60_000); // generous: the registry is checked every 200 ms, but the two cores may be busy with the rest of the suite
    expect(got.status).toBe(200);
    expectIn(rendered(got.html).body, postTitle);
  }, 240_000);

  test.each([
    ['at all (its gateway restarting)', () => true],
    ['for the server containers only (cut between the registry and them)', (p: string) => p.includes('/server/remoteEntry.js')],
  ])('the web origin answering nothing %s: pages still render with the remotes read last', async (_name, cut) => {
    await untilDefined(async () => {
      const p = await page('/forum');
      return rendered(p.html).body.includes(postTitle) ? p : undefined;
    }, 20_000);
    originProxy.down = cut;
    try {
      // Past several looks at the registry (every 200 ms here), each failing: every page still has its remote.
      const deadline = Date.now() + 1_500;
      let renders = 0;
      while (Date.now() < deadline) {
        const p = await page('/forum');
        const { body, state } = rendered(p.html);
        if (!state) continue; // over the budget: the browser renders it (not what this checks)
        renders++;
        expect(state.failedRemotes).toEqual([]);
        expectIn(body, postTitle);
      }
      expect(renders).toBeGreaterThan(0);
    } finally {
      originProxy.down = () => false;
    }
  }, 60_000);

  test("a remote whose new version failed to load (its files cut while it loaded) is loaded again at the next look: pages do not keep its fallback", async () => {
    await untilDefined(async () => {
      const p = await page('/forum');
      return rendered(p.html).body.includes(postTitle) ? p : undefined;
    }, 20_000);
    // The forum's server files answer nothing to GET (its container and chunks), HEAD still answers: its version
    // changes (the entry touched), so the renderer registers it again and loading it fails.
    originProxy.down = (p, method) => method === 'GET' && p.startsWith('/mf/forum/server/') && !p.includes('remoteEntry.js');
    try {
      const entry = path.join(forumDir, 'server', 'remoteEntry.js');
      const later = new Date(Date.now() + 60_000);
      utimesSync(entry, later, later);
      await untilDefined(async () => {
        const p = await page('/forum');
        return rendered(p.html).state?.failedRemotes.includes('mf_forum/routes') ? p : undefined;
      }, 20_000);
    } finally {
      originProxy.down = () => false;
    }
    // The origin answers again, with the same version as when it failed: the remote is rendered again.
    await untilDefined(async () => {
      const p = await page('/forum');
      return rendered(p.html).body.includes(postTitle) ? p : undefined;
    }, 20_000);
  }, 120_000);

  test('mf-forum down: /forum is still 200, with its fallback in the HTML and the browser told to try it again', async () => {
    const aside = path.join(work, 'forum-offline');
    rmSync(aside, { recursive: true, force: true });
    cpSync(forumDir, aside, { recursive: true });
    rmSync(forumDir, { recursive: true, force: true });
    try {
      const got = await untilDefined(async () => {
        const p = await page('/forum');
        return rendered(p.html).state?.failedRemotes.length ? p : undefined;
      }, 20_000);
      expect(got.status).toBe(200);
      const { body, state } = rendered(got.html);
      expectIn(body, 'This page is temporarily unavailable');
      expectIn(body, 'Try again');
      expect(state!.failedRemotes).toEqual(['mf_forum/routes']);
      // The chrome and the shell's pages are unaffected.
      expectIn(body, 'href="/contact"');
      const about = await page('/about');
      expectIn(rendered(about.html).body, 'About Central PA Desi Community');
    } finally {
      cpSync(aside, forumDir, { recursive: true });
    }
    // Back up: rendered again.
    await untilDefined(async () => {
      const p = await page('/forum');
      return rendered(p.html).body.includes(postTitle) ? p : undefined;
    }, 20_000);
  }, 120_000);
});
