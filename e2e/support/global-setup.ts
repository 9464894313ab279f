import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { startInfra } from '../../infra/src/index.ts';
import { repoRoot } from '../../infra/src/paths.ts';
import { servicePorts, startServices } from '../../infra/src/stack.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../infra/src/chromium.ts';
import { E2E_PROFILE, e2eEnvFile, e2ePortBase, type E2EEnv } from './env.ts';
import { buildWeb, staleWebBuild, webApps } from '../../infra/src/web-build.ts';

declare global {
  var __cpE2E: { stop(): Promise<void> } | undefined;
}

const log = (line: string) => process.stderr.write(`[e2e] ${line}\n`);

/** The remote that runs on its own static server behind the gateway's proxy (the one a test stops). */
const PROXIED_REMOTE = 'forum';
/** The pages each remote owns (issue 3 §4). */
const REMOTE_ROUTES: Record<string, string[]> = { listings: ['/listings'], forum: ['/forum'], directory: ['/businesses', '/yellow-pages'], admin: ['/admin'] };

/** A remote's own static server (services/gateway/src/static-main.ts) as a child process that can be stopped and started again. */
function remoteServer(root: string, dir: string, port: number, logFile: string) {
  let child: ChildProcess | undefined;
  const url = `http://127.0.0.1:${port}`;
  const start = async () => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    const out = createWriteStream(logFile, { flags: 'a' });
    const c = spawn(process.execPath, [path.join(root, 'services/gateway/src/static-main.ts')], {
      cwd: root,
      env: { ...process.env, STATIC_DIR: dir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    c.stdout?.pipe(out);
    c.stderr?.pipe(out);
    child = c;
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (c.exitCode !== null) throw new Error(`the static server of ${dir} exited with ${c.exitCode}; see ${logFile}`);
      const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1_000) }).then((r) => r.ok, () => false);
      if (ok) return;
      if (Date.now() > deadline) throw new Error(`the static server of ${dir} did not answer within 30 s; see ${logFile}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const stop = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const killer = setTimeout(() => c.kill('SIGKILL'), 5_000);
      c.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      c.kill('SIGTERM');
    });
  };
  return { url, start, stop };
}

/**
 * Global setup of the browser tests: builds the web apps when their dist is missing or older than their sources,
 * starts a fresh isolated infrastructure (profile "e2e", `.data/e2e/`, ports + CP_E2E_PORT_BASE, default 15000), the
 * services and the gateway serving the site (one remote proxied to its own static server), and one Chromium. Anything
 * started is stopped again when a later step fails, on SIGINT/SIGTERM, and by the global teardown.
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  const root = repoRoot();
  const portBase = e2ePortBase();
  const stoppers: Array<{ name: string; stop: () => Promise<void> }> = [];
  let stopping: Promise<void> | undefined;
  const stopAll = () =>
    (stopping ??= (async () => {
      for (const { name, stop } of stoppers.reverse()) {
        await stop().catch((err: unknown) => log(`stopping ${name} failed: ${String(err)}`));
      }
    })());
  const onSignal = (signal: NodeJS.Signals) => {
    log(`${signal}: stopping everything`);
    void stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  globalThis.__cpE2E = {
    stop: async () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await stopAll();
    },
  };

  try {
    const stale = staleWebBuild(root);
    if (stale) {
      log(`building the web apps (${stale})`);
      await buildWeb(root, log);
    }
    const remotes = webApps(root).filter((app) => app.startsWith('mf-'));
    const keys = remotes.map((app) => app.slice(3));
    const proxiedKey = keys.includes(PROXIED_REMOTE) ? PROXIED_REMOTE : keys[0];
    if (!proxiedKey) throw new Error('no mf-* remote to serve');
    const proxied = { key: proxiedKey, route: REMOTE_ROUTES[proxiedKey]?.[0] ?? `/${proxiedKey}` };

    const infra = await startInfra({ name: E2E_PROFILE, portBase, fresh: true, log });
    stoppers.push({ name: 'infrastructure', stop: () => infra.stop() });
    const logs = path.join(infra.dataDir, 'logs');
    mkdirSync(logs, { recursive: true });

    const remote = remoteServer(root, path.join(root, `mf-${proxied.key}`, 'dist'), 3100 + portBase, path.join(logs, `static-${proxied.key}.log`));
    stoppers.push({ name: `static server of mf-${proxied.key}`, stop: remote.stop });
    await remote.start();
    const webRemotes = Object.fromEntries(remotes.map((app) => [app.slice(3), app.slice(3) === proxied.key ? remote.url : path.join(root, app, 'dist')]));

    const stack = await startServices({
      dataDir: infra.dataDir,
      infraEnv: infra.env,
      portOffset: portBase,
      log,
      serviceEnv: { gateway: { WEB_ROOT: path.join(root, 'shell', 'dist'), WEB_REMOTES: JSON.stringify(webRemotes) } },
    });
    stoppers.push({ name: 'services', stop: () => stack.stop() });
    const site = stack.urls.site!;

    const browser: BrowserServer = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
    stoppers.push({ name: 'chromium', stop: () => browser.close() });

    // Loopback control for the test that stops the proxied remote; "start" returns once the gateway serves it again.
    const control = http.createServer((req, res) => {
      const run =
        req.method !== 'POST'
          ? undefined
          : req.url === '/remote/stop'
            ? remote.stop()
            : req.url === '/remote/start'
              ? remote.start().then(() => waitServed(`${site}/mf/${proxied.key}/mf-manifest.json`))
              : undefined;
      if (!run) {
        res.writeHead(404).end();
        return;
      }
      run.then(
        () => res.writeHead(204).end(),
        (err: unknown) => res.writeHead(500).end(String(err)),
      );
    });
    await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
    stoppers.push({
      name: 'control server',
      stop: () =>
        new Promise<void>((resolve) => {
          control.closeAllConnections();
          control.close(() => resolve());
        }),
    });

    const env: E2EEnv = {
      site,
      identityUrl: `http://127.0.0.1:${servicePorts(portBase).identity}`,
      wsEndpoint: browser.wsEndpoint(),
      controlUrl: `http://127.0.0.1:${(control.address() as { port: number }).port}`,
      infra: infra.env,
      proxiedRemote: { name: `mf_${proxied.key}`, route: proxied.route },
      otherRemoteRoutes: keys.filter((k) => k !== proxied.key).flatMap((k) => REMOTE_ROUTES[k] ?? []),
    };
    writeFileSync(e2eEnvFile(), JSON.stringify(env, null, 2));
    await waitServed(`${site}/`);
    log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${site} (logs in ${path.relative(root, logs)})`);
  } catch (err) {
    await globalThis.__cpE2E.stop();
    globalThis.__cpE2E = undefined;
    throw err;
  }
}

/** Polls a URL of the site until it answers 200 (bounded). */
async function waitServed(url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
