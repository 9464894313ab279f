/**
 * Issue 35 §4, "done when": a browser test runs a 50 % release of a remote. Two static servers of the forum remote
 * register at run time (v1: its build; v2: a copy whose heading says so), the gateway is restarted without the forum in
 * its configured remotes (so it serves the registered ones), and `npm run release -- forum v2 50` starts the release.
 * Two visitors with different cookies get different versions and each keeps his over reloads; then v2 is broken (its
 * remote entry throws), its visitor's page reports the failures, and the gateway rolls the release back by itself:
 * both visitors get v1. The stack is put back as it was afterwards.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { chooseVersion, ReleaseSchema, VISITOR_COOKIE, type Release } from '@cp/contracts';
import { connectNatsClient, openReleases, readRelease } from '@cp/service-kit';
import { repoRoot } from '../infra/src/paths.ts';
import { stackVisitorCookie } from '../infra/src/visitor-cookies.ts';
import { parseReleaseArgs, runRelease } from '../scripts/release/release.ts';
import { withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';

const root = repoRoot();
const work = path.join(root, '.data', 'tmp', `release-e2e-${process.pid}`);
/** A browser's own User-Agent: the beacon ignores bots, and headless Chromium says it is one. */
const BROWSER_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const V2_HEADING = 'Community Forum v2';
const servers: ChildProcess[] = [];


/** Restarts the gateway with these variables added (none: as the stack configures it); resolves once it serves. */
/** Stops or starts the stack's own static server of the forum (its build registers itself as version `dev`). */
async function stackForum(action: 'stop' | 'start'): Promise<void> {
  const res = await fetch(`${e2eEnv().controlUrl}/remote/${action}`, { method: 'POST', signal: AbortSignal.timeout(60_000) });
  if (res.status !== 204) throw new Error(`remote ${action}: ${res.status} ${await res.text()}`);
}

async function restartGateway(env: Record<string, string>): Promise<void> {
  const res = await fetch(`${e2eEnv().controlUrl}/gateway/restart?${new URLSearchParams(env)}`, { method: 'POST', signal: AbortSignal.timeout(60_000) });
  if (res.status !== 204) throw new Error(`gateway restart: ${res.status} ${await res.text()}`);
}

/** A copy of mf-forum's build with its manifest beside it; v2's heading names its version. */
function forumCopy(version: string): string {
  const dir = path.join(work, version);
  cpSync(path.join(root, 'mf-forum', 'dist'), path.join(dir, 'dist'), { recursive: true });
  cpSync(path.join(root, 'mf-forum', 'remote.json'), path.join(dir, 'remote.json'));
  if (version === 'v2') {
    for (const file of readdirSync(path.join(dir, 'dist'), { recursive: true }) as string[]) {
      if (!file.endsWith('.js')) continue;
      const full = path.join(dir, 'dist', file);
      const text = readFileSync(full, 'utf8');
      if (text.includes('"Community Forum"')) writeFileSync(full, text.replaceAll('"Community Forum"', `"${V2_HEADING}"`));
    }
  }
  return path.join(dir, 'dist');
}

/** The remote's own static server registering `version` (services/gateway/src/static-main.ts), on a free port. */
function startStatic(dir: string, version: string): ChildProcess {
  const { infra } = e2eEnv();
  const child = spawn(process.execPath, [path.join(root, 'services', 'gateway', 'src', 'static-main.ts')], {
    env: { PATH: process.env.PATH ?? '', STATIC_DIR: dir, PORT: '0', HOST: '127.0.0.1', NATS_URL: infra.NATS_URL, SERVICE_VERSION: version, LOG_LEVEL: 'warn', REGISTRY_TTL_MS: '3000', REGISTRY_HEARTBEAT_MS: '1000' },
    stdio: 'ignore',
  });
  servers.push(child);
  return child;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function release(args: string[]): Promise<string> {
  const parsed = parseReleaseArgs(args);
  if ('error' in parsed) throw new Error(parsed.error);
  const nc = await connectNatsClient(e2eEnv().infra.NATS_URL, 'release-e2e', { waitOnFirstConnect: true });
  try {
    const lines: string[] = [];
    const code = await runRelease(parsed.args, nc, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
    if (code !== 0) throw new Error(lines.join('\n'));
    return lines.join('\n');
  } finally {
    await nc.close();
  }
}

async function storedRelease(): Promise<Release | undefined> {
  const nc = await connectNatsClient(e2eEnv().infra.NATS_URL, 'release-e2e-read', { waitOnFirstConnect: true });
  try {
    const stored = await readRelease(await openReleases(nc), 'forum');
    return stored ? ReleaseSchema.parse(stored.release) : undefined;
  } finally {
    await nc.close();
  }
}

/** Visitor ids (the cookie's shape) on each side of the 50 % split. */
function visitors(): { v1: string; v2: string } {
  const split = { remote: 'forum', state: 'active' as const, stable: 'v1', candidate: 'v2', percent: 50 };
  const prefix = `e2e${Date.now().toString(36)}`.slice(0, 12);
  const ids = Array.from({ length: 200 }, (_, i) => `${prefix}${String(i).padStart(22 - prefix.length, '0')}`);
  return { v1: ids.find((id) => chooseVersion(id, split) === 'v1')!, v2: ids.find((id) => chooseVersion(id, split) === 'v2')! };
}

/** /forum's heading as this visitor sees it, once the forum's page is there. */
async function forumHeading(page: Page): Promise<string> {
  const heading = page.getByRole('heading', { name: /^Community Forum( v2)?$/ });
  await heading.waitFor();
  return (await heading.textContent())!.trim();
}

beforeAll(async () => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  // The stack's own forum registers itself too (version `dev`): out of the way, the live versions are the test's two.
  await stackForum('stop');
  startStatic(forumCopy('v1'), 'v1');
  startStatic(forumCopy('v2'), 'v2');
  // The gateway's configured remotes without the forum: the forum comes from the registry, both versions of it.
  const { serviceUrls } = e2eEnv();
  const configured = Object.fromEntries(
    Object.entries(serviceUrls)
      .filter(([name]) => name.startsWith('mf-') && name !== 'mf-forum')
      .map(([name, url]) => [name.slice(3), url]),
  );
  await restartGateway({ WEB_REMOTES: JSON.stringify(configured) });
  // In the order they registered, which the two processes' starts decide: both, and nothing else.
  const live = async () => /live versions (.+)/.exec(await release(['forum']))?.[1]?.split(', ').sort().join(', ');
  await until('both versions of the forum registered', async () => ((await live()) === 'v1, v2' ? true : undefined));
}, 120_000);

afterAll(async () => {
  for (const child of servers) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(servers.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : undefined)));
  // The release is stopped (the bucket keeps no active release of the forum for the other files), the gateway as configured.
  const current = await storedRelease().catch(() => undefined);
  if (current?.state === 'active') await release(['forum', current.candidate, '0']).catch(() => undefined);
  await restartGateway({});
  await stackForum('start');
  rmSync(work, { recursive: true, force: true });
}, 120_000);

describe('a 50 % release of a remote', () => {
  const { v1, v2 } = visitors();
  const asVisitor = (id: string, fn: (page: Page) => Promise<void>) =>
    withPage(
      async ({ page, context, site }) => {
        // The visitor's cookie as the gateway would have issued it (signed): the id decides the version.
        await context.addCookies([{ name: VISITOR_COOKIE, value: stackVisitorCookie(e2eEnv().dataDir, id).slice(VISITOR_COOKIE.length + 1), url: site }]);
        await fn(page);
      },
      { userAgent: BROWSER_UA },
    );

  test('two visitors get different versions and keep them over reloads; a failing v2 rolls back by itself', async () => {
    expect(await release(['forum', 'v2', '50', '--min-loads', '5'])).toContain('forum: active, v2 to 50 % (stable v1)');

    // Each visitor's version, the same at every reload (the server-rendered page and the browser agree: the v2
    // visitor's page ends with v2's heading, never v1's).
    await asVisitor(v1, async (page) => {
      for (let i = 0; i < 3; i++) {
        await (i === 0 ? page.goto('/forum') : page.reload());
        expect(await forumHeading(page)).toBe('Community Forum');
      }
    });
    await asVisitor(v2, async (page) => {
      for (let i = 0; i < 3; i++) {
        await (i === 0 ? page.goto('/forum') : page.reload());
        await page.getByRole('heading', { name: V2_HEADING }).waitFor();
        expect(await forumHeading(page)).toBe(V2_HEADING);
      }
    });
    expect((await storedRelease())?.state).toBe('active');

    // v2 breaks: its remote entry throws. Its visitor's pages fail to load the forum and say so (one beacon per page
    // view, sent as the page is left); v1's visitor's pages load. The gateway rolls the release back by itself.
    writeFileSync(path.join(work, 'v2', 'dist', 'remoteEntry.js'), "throw new Error('forum v2 is broken');\n");
    await asVisitor(v1, async (page) => {
      for (let i = 0; i < 8; i++) {
        await (i === 0 ? page.goto('/forum') : page.reload());
        expect(await forumHeading(page)).toBe('Community Forum');
        await page.waitForTimeout(2_000); // the page's beacon goes 1.5 s after its remotes answered
      }
      await page.goto('/about'); // the last page view's beacon goes as it is left
    });
    await asVisitor(v2, async (page) => {
      for (let i = 0; i < 12 && (await storedRelease())?.state === 'active'; i++) {
        // The page's own load of v2's entry (the server leaves v2 to the browser): its failure is what the beacon says.
        const entry = page.waitForResponse((r) => r.url().endsWith('/mf/forum/remoteEntry.js'), { timeout: 20_000 }).catch(() => undefined);
        await (i === 0 ? page.goto('/forum') : page.reload());
        await entry;
        await page.getByRole('heading', { name: /^(This page is temporarily unavailable|Community Forum)$/ }).waitFor();
        await page.waitForTimeout(2_000); // the page's beacon goes 1.5 s after its remotes answered
      }
      await page.goto('/about');
    });
    const rolledBack = await until('the rollback', async () => {
      const r = await storedRelease();
      return r?.state === 'rolled-back' ? r : undefined;
    }).catch(async (err: unknown) => {
      // What the gateway counted (its /readyz shows the releases' counts).
      const ready = await fetch(`${e2eEnv().site}/readyz`).then((r) => r.text(), (e: unknown) => String(e));
      throw new Error(`${String(err)}; the gateway's /readyz: ${ready}`);
    });
    expect(rolledBack).toEqual(
      expect.objectContaining({
        by: 'gateway',
        reason: expect.stringContaining('the candidate failed in'),
        rates: expect.objectContaining({ stable: expect.objectContaining({ failures: 0 }) }),
      }),
    );
    expect(rolledBack.rates!.candidate.rate).toBeGreaterThan(0.5);
    // Both visitors get v1 now.
    for (const id of [v1, v2]) {
      await asVisitor(id, async (page) => {
        await page.goto('/forum');
        expect(await forumHeading(page)).toBe('Community Forum');
      });
    }
  }, 240_000);
});
