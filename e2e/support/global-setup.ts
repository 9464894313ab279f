import { writeFileSync } from 'node:fs';
import { startControlServer } from '../../infra/src/control-server.ts';
import path from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { startInfra } from '../../infra/src/index.ts';
import { repoRoot } from '../../infra/src/paths.ts';
import { liftedPostingLimits } from '../../infra/src/stack-env.ts';
import { startServices, type RunningStack } from '../../infra/src/stack.ts';
import { PROMETHEUS_PORT } from '../../infra/src/components/prometheus.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../infra/src/chromium.ts';
import { ensureWebBuild, remoteKey, webApps } from '../../infra/src/web.ts';
import { E2E_PROFILE, e2eEnvFile, e2ePortBase, type E2EEnv } from './env.ts';

declare global {
  var __cpE2E: { stop(): Promise<void> } | undefined;
}

const log = (line: string) => process.stderr.write(`[e2e] ${line}\n`);

/** The remote whose static server a test stops (every remote runs on its own server behind the gateway's proxy). */
const PROXIED_REMOTE = 'forum';
/** Pages each remote owns (issue 3 §4) and the heading each shows a visitor who is not logged in. */
const REMOTE_ROUTES: Record<string, Array<{ route: string; heading: string }>> = {
  listings: [{ route: '/listings', heading: 'Browse Listings' }],
  forum: [{ route: '/forum', heading: 'Community Forum' }],
  directory: [
    { route: '/businesses', heading: 'Business Directory' },
    { route: '/yellow-pages', heading: 'Yellow Pages' },
  ],
  admin: [{ route: '/admin', heading: 'Authentication Required' }],
  // Signed out, its pages send the visitor to the login page.
  messages: [{ route: '/messages', heading: 'Welcome' }],
};

/**
 * Global setup of the browser tests: builds the web apps when their dist is missing or older than their sources,
 * starts a fresh isolated infrastructure (profile "e2e", `.data/e2e/`, ports + CP_E2E_PORT_BASE, default 15000) and
 * the stack as `npm start` runs it (the services, each remote on its own static server, the gateway serving the site),
 * and one Chromium. Anything started is stopped again when a later step fails, on SIGINT/SIGTERM, and by the global
 * teardown.
 */
/** A deployable of the running stack, by its folder name; anything else is refused. */
function knownDeployable(stack: RunningStack, name: string | null): string {
  if (!name || !stack.status().some((p) => p.name === name)) throw new Error(`no deployable ${JSON.stringify(name)} in the stack`);
  return name;
}

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
    ensureWebBuild(root, log);
    const keys = webApps(root)
      .filter((app) => app !== 'shell')
      .map(remoteKey);
    const proxiedKey = keys.includes(PROXIED_REMOTE) ? PROXIED_REMOTE : keys[0];
    if (!proxiedKey) throw new Error('no mf-* remote to serve');
    const page = REMOTE_ROUTES[proxiedKey]?.[0];
    if (!page) throw new Error(`no known page of mf-${proxiedKey}`);
    const proxied = { key: proxiedKey, folder: `mf-${proxiedKey}`, ...page };

    const infra = await startInfra({ name: E2E_PROFILE, portBase, fresh: true, log });
    stoppers.push({ name: 'infrastructure', stop: () => infra.stop() });
    // Posting limits are lifted (fresh accounts post all the tests' content). Reply notices are batched for REPLY_NOTICE_WINDOW_S (15 minutes by default, as `npm start` keeps it): the tests
    // that read a reply's mail wait one second instead.
    // With the real Prometheus `npm start` runs (issue 36 §3), which the admins' Operations tab reads (e2e/operations.test.ts).
    const stack = await startServices({
      dataDir: infra.dataDir,
      infraEnv: infra.env,
      portOffset: portBase,
      log,
      extraEnv: { ...(await liftedPostingLimits()), comms: { REPLY_NOTICE_WINDOW_S: '1' } },
      prometheusPort: PROMETHEUS_PORT + portBase,
    });
    stoppers.push({ name: 'services', stop: () => stack.stop() });
    const site = stack.urls.site!;

    const browser: BrowserServer = await chromium.launchServer({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
    stoppers.push({ name: 'chromium', stop: () => browser.close() });

    // Loopback control for the test that stops the proxied remote; "start" returns once the gateway serves it again.
    const control = await startControlServer({
      '/remote/stop': () => stack.stopService(proxied.folder),
      '/remote/start': () => stack.startService(proxied.folder).then(() => waitServed(`${site}/mf/${proxied.key}/mf-manifest.json`)),
      // The supervisor's view of every process (state, pid, restarts): the hostile-input test checks nothing crashed.
      '/status': async () => stack.status(),
      // The gateway again with the query's variables added (none: as configured), for a test of another configuration
      // (e2e/listings-server-mode.test.ts); returns once it serves the site.
      // The moderation service again with the query's variables added (none: as configured): e2e/operations.test.ts
      // points its PROMETHEUS_URL at nothing to see the Operations tab say the metrics are unavailable.
      '/moderation/restart': async (query) => {
        await stack.stopService('moderation');
        await stack.startService('moderation', { env: Object.fromEntries(query) });
      },
      // Any deployable by its folder (`mf-events`, `events`): stopped, or started again with the query's other variables
      // added (none: as configured). A team's own browser tests (mf-<name>/e2e) use it for their deployables (issue 35).
      '/deployable/stop': async (query) => stack.stopService(knownDeployable(stack, query.get('name'))),
      '/deployable/restart': async (query) => {
        const name = knownDeployable(stack, query.get('name'));
        const env = Object.fromEntries([...query].filter(([key]) => key !== 'name'));
        await stack.stopService(name);
        await stack.startService(name, { env });
        if (name.startsWith('mf-')) await waitServed(`${site}/mf/${name.slice(3)}/mf-manifest.json`);
      },
      '/gateway/restart': async (query) => {
        await stack.stopService('gateway');
        await stack.startService('gateway', { env: Object.fromEntries(query) });
        await waitServed(`${site}/`);
      },
    });
    stoppers.push({ name: 'control server', stop: () => control.close() });

    const env: E2EEnv = {
      site,
      identityUrl: stack.urls.identity!,
      serviceUrls: stack.urls,
      wsEndpoint: browser.wsEndpoint(),
      controlUrl: control.url,
      infra: infra.env,
      dataDir: infra.dataDir,
      proxiedRemote: { name: `mf_${proxied.key}`, route: proxied.route, heading: proxied.heading },
      otherRemoteRoutes: keys.filter((k) => k !== proxied.key).flatMap((k) => REMOTE_ROUTES[k] ?? []),
    };
    writeFileSync(e2eEnvFile(), JSON.stringify(env, null, 2));
    await waitServed(`${site}/`);
    log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${site} (logs in ${path.relative(root, path.join(infra.dataDir, 'logs'))})`);
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
