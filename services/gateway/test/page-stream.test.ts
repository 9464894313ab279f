import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http, { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { RunningGateway } from '../src/app.ts';
import { startTestGateway } from './helpers.ts';

/**
 * The page streamed to the browser (issue 20 §3): the document's start (its head, its styles) goes out as soon as the
 * renderer's head frame is in, its body once the renderer's body frame is. A renderer under the test's control holds
 * the body frame until the test has seen the start arrive, so nothing here depends on timing.
 */
const INDEX_HTML =
  '<!doctype html><html><head><meta charset="utf-8" /><title>Central PA Desi Community</title>' +
  '<meta name="description" content="The shell default." /><link rel="preload" href="/mf/registry.json" as="fetch" crossorigin="anonymous" />' +
  '<script defer src="/main.0a1b2c3d.js"></script><link href="/main.css" rel="stylesheet"></head>' +
  '<body><div id="root"></div><noscript>This site needs JavaScript.</noscript><script>loader()</script></body></html>';
const HEAD = '<title>Teak table | Central PA Desi Community</title><meta name="description" content="$450 · Harrisburg PA" />';
/** The first view's stylesheet comes with the head frame; the body brings one more (a part loaded while rendering). */
const HEAD_STYLES = ['/mf/listings/styles.1.css'];
const BODY = { html: '<main><h1>Teak table</h1></main>', state: '{"api":{"queries":{}}}', styles: ['/mf/listings/styles.1.css', '/mf/forum/styles.2.css'] };

/** A renderer that sends each page's head frame at once and its body frame when the test says. */
async function controlledRenderer(status = 200) {
  const waiting: Array<{ url: string; res: ServerResponse }> = [];
  const arrivals: Array<() => void> = [];
  let requests = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/x-ndjson', 'cache-control': 'no-store' });
    res.write(`${JSON.stringify({ status, head: HEAD, body: true, styles: HEAD_STYLES })}\n`);
    requests++;
    waiting.push({ url: req.url ?? '', res });
    arrivals.splice(0).forEach((wake) => wake());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** How many pages it was asked for, in all. */
    requests: () => requests,
    /** Resolves once `n` pages have been asked for. */
    async askedFor(n: number) {
      while (waiting.length < n) await new Promise<void>((resolve) => arrivals.push(resolve));
    },
    /** Ends every open answer with this body frame (null: not rendered). */
    sendBody(body: typeof BODY | null) {
      for (const { res } of waiting.splice(0)) res.end(`${JSON.stringify({ body })}\n`);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A GET whose body is read chunk by chunk (gunzipped when asked for gzip). */
function openPage(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; readUntil(text: string): Promise<string>; rest(): Promise<string> }>((resolve, reject) => {
    const req = http.get(url, { headers }, (res) => {
      const stream = res.headers['content-encoding'] === 'gzip' ? res.pipe(zlib.createGunzip()) : res;
      let text = '';
      let ended = false;
      const listeners: Array<() => void> = [];
      stream.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        listeners.splice(0).forEach((l) => l());
      });
      stream.on('end', () => {
        ended = true;
        listeners.splice(0).forEach((l) => l());
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        async readUntil(wanted) {
          while (!text.includes(wanted)) {
            if (ended) throw new Error(`the page ended without ${wanted}: ${text}`);
            await new Promise<void>((r) => listeners.push(r));
          }
          return text;
        },
        async rest() {
          while (!ended) await new Promise<void>((r) => listeners.push(r));
          return text;
        },
      });
    });
    req.on('error', reject);
  });
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gateway-stream-'));
  mkdirSync(path.join(dir, 'shell'), { recursive: true });
  writeFileSync(path.join(dir, 'shell', 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dir, 'shell', 'csp.json'), JSON.stringify({ 'script-src': ["'sha256-AAAA'"] }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function withGateway(renderer: { url: string }, env: Record<string, string>, run: (g: RunningGateway) => Promise<void>) {
  const g = await startTestGateway({ RENDERER_URL: renderer.url, WEB_ROOT: path.join(dir, 'shell'), PAGE_HEAD_TIMEOUT_MS: '20000', ...env });
  try {
    await run(g);
  } finally {
    await g.close();
  }
}

describe('a page streamed as the renderer renders it', () => {
  test.each([['plain', {}], ['gzip', { 'accept-encoding': 'gzip' }]])(
    '%s: the start (head, styles) arrives before the body is rendered; then the body, its state, the end',
    async (_name, headers) => {
      const renderer = await controlledRenderer();
      await withGateway(renderer, {}, async (g) => {
        const page = await openPage(`${g.url}/listing/0b8f5a9e-4c1d-4e6f-9a2b-3c4d5e6f7a8b`, headers);
        expect(page.status).toBe(200);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.headers['content-security-policy']).toContain("'sha256-AAAA'");
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.headers.etag).toBeUndefined();
        expect(page.headers.link).toBeUndefined(); // a rendered page preloads nothing
        // The renderer has sent only its head frame: the document's start is here already.
        const start = await page.readUntil('</head><body>');
        expect(start).toContain(HEAD);
        // The shell's stylesheet and the first view's remote one, in the head, before the body is rendered.
        expect(start).toContain('<link href="/main.css" rel="stylesheet">');
        expect(start).toContain('<link rel="stylesheet" href="/mf/listings/styles.1.css" /></head>');
        expect(start).toContain('id="site-settings"');
        expect(start).not.toContain('The shell default.');
        expect(start).toContain('<template data-after-paint="/main.0a1b2c3d.js"></template>');
        expect(start).not.toContain('id="root"');
        renderer.sendBody(BODY);
        const whole = await page.rest();
        expect(whole.startsWith(start)).toBe(true);
        // The stylesheet only the body brought goes just before its markup; the head's is not linked twice.
        expect(whole).toContain(`<link rel="stylesheet" href="/mf/forum/styles.2.css" /><div id="root">${BODY.html}</div><script type="application/json" id="cp-ssr-state">${BODY.state}</script>`);
        expect(whole.match(/styles\.1\.css/g)).toHaveLength(1);
        expect(whole).not.toContain('<noscript>');
        expect(whole.endsWith('<script>loader()</script></body></html>')).toBe(true);
      });
      await renderer.close();
    },
  );

  test("a 404's status goes with its start; a body that could not be rendered leaves the root empty, the notice in", async () => {
    const renderer = await controlledRenderer(404);
    await withGateway(renderer, {}, async (g) => {
      const page = await openPage(`${g.url}/listing/0b8f5a9e-4c1d-4e6f-9a2b-3c4d5e6f7a8b`);
      expect(page.status).toBe(404);
      await page.readUntil('</head><body>');
      renderer.sendBody(null);
      const whole = await page.rest();
      expect(whole).toContain('<div id="root"></div><noscript>This site needs JavaScript.</noscript>');
      // The scripts still load after the first paint: the browser renders the page.
      expect(whole).toContain('<template data-after-paint="/main.0a1b2c3d.js"></template>');
    });
    await renderer.close();
  });

  test('a body past the budget: the page ends with the empty root at the budget, not when the renderer would', async () => {
    const renderer = await controlledRenderer();
    await withGateway(renderer, { PAGE_HEAD_TIMEOUT_MS: '300' }, async (g) => {
      const page = await openPage(`${g.url}/forum`);
      const whole = await page.rest(); // the renderer never sends its body frame
      expect(whole).toContain(HEAD);
      expect(whole).toContain('<div id="root"></div>');
      expect(whole.endsWith('</html>')).toBe(true);
    });
    await renderer.close();
  });

  test('people asking for the same page at once share one rendering', async () => {
    const renderer = await controlledRenderer();
    await withGateway(renderer, {}, async (g) => {
      const first = await openPage(`${g.url}/forum`);
      await renderer.askedFor(1);
      await first.readUntil('</head><body>');
      const second = await openPage(`${g.url}/forum`);
      await second.readUntil('</head><body>');
      renderer.sendBody(BODY);
      for (const page of [first, second]) expect(await page.rest()).toContain(`<div id="root">${BODY.html}</div>`);
      expect(renderer.requests()).toBe(1); // both answered by the one rendering
    });
    await renderer.close();
  });
});
