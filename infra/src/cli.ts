/**
 * The local runner's command line (run by Node 24 from the npm scripts):
 *   node infra/src/cli.ts ensure              fetch MongoDB and check the installed servers
 *   node infra/src/cli.ts infra [--name dev]  MongoDB, NATS, S3 and the mail catcher only, until Ctrl-C
 *   node infra/src/cli.ts start [--port-base N] the whole site: builds the web apps if needed, infrastructure + services
 *                                             (--port-base: every port moved by N, data in .data/dev-N/)
 *                                             (REPLICAS=listings=2,ads=2: that many processes of those services)
 *   node infra/src/cli.ts dev                 the same with the web apps in watch mode (rebuild on change)
 *   node infra/src/cli.ts admin <args>        create or promote an admin in the local stack's database
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureMongod } from './components/mongo.ts';
import { startInfra } from './index.ts';
import { repoRoot, toolsDir } from './paths.ts';
import { parseReplicas } from './catalogue.ts';
import { startServices } from './stack.ts';
import { statusLine, type ProcessStatus } from './supervisor.ts';
import { DEFAULT_PORTS } from './types.ts';
import { PROMETHEUS_PORT } from './components/prometheus.ts';
import { DEMO_ACCOUNTS } from '@cp/contracts';
import { ensureWebBuild, readStamp, webApps } from './web.ts';

const log = (line: string) => console.log(`  ${line}`);

function option(args: string[], name: string, fallback: string): string {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
}

/** The demo accounts a newcomer can sign in with (identity creates them with the stack's generated password). */
function printDemoAccounts(password: string | undefined, dataDir: string): void {
  if (!password) return;
  const members = Object.values(DEMO_ACCOUNTS).filter((a) => !a.isAdmin).map((a) => a.username);
  const admins = Object.values(DEMO_ACCOUNTS).filter((a) => a.isAdmin).map((a) => a.username);
  console.log(`  demo sign-in  ${members.join(', ')} (own the demo listings), ${admins.join(', ')} (admin)`);
  console.log(`                password ${password} (generated for this machine; ${path.relative(repoRoot(), path.join(dataDir, 'keys', 'demo-accounts-password'))})`);
}

const printStatus = (status: ProcessStatus[]) => console.log(`  status        ${statusLine(status)}`);

/** Resolves when Ctrl-C (or SIGTERM) arrives; a second one exits at once. */
function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const onSignal = () => {
      process.once('SIGINT', () => process.exit(130));
      console.log('\nstopping ...');
      resolve();
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
}

/** Resolves true once every web app has a development build newer than `since`; false after 5 minutes or if the watcher exits. */
async function waitForDevBuilds(root: string, since: number, watcherExited: Promise<void>): Promise<boolean> {
  let exited = false;
  void watcherExited.then(() => (exited = true));
  const deadline = Date.now() + 5 * 60_000;
  while (Date.now() < deadline && !exited) {
    const done = webApps(root).every((app) => {
      const stamp = readStamp(root, app);
      return stamp?.mode === 'development' && Date.parse(stamp.builtAt) >= since;
    });
    if (done) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

async function main(argv: string[]): Promise<void> {
  const [command = 'start', ...args] = argv;
  switch (command) {
    case 'ensure': {
      ensureMongod(toolsDir(), log);
      console.log('infrastructure binaries ready');
      return;
    }
    case 'infra': {
      const name = option(args, '--name', 'dev');
      const infra = await startInfra({ name, log });
      console.log(`\ninfrastructure "${name}" running — Ctrl-C stops it`);
      // The NATS password (issue 35 §3) stays in its file: the line names it instead.
      for (const [k, v] of Object.entries(infra.env)) if (!/SECRET/.test(k)) console.log(`  ${k}=${k === 'NATS_URL' ? v.replace(/:[^:@/]+@/, ':<password>@') : v}`);
      console.log(`  NATS password: ${path.join(infra.dataDir, 'nats', 'nats-password')}`);
      console.log(`  S3 secret: ${path.join(infra.dataDir, 'swift', 'secrets.json')}`);
      await untilSignal();
      await infra.stop();
      return;
    }
    case 'start': {
      const t0 = Date.now();
      const replicas = parseReplicas(process.env.REPLICAS); // refused before anything starts
      // --port-base N: every port moved by N, data in .data/dev-<N>/ (a second working tree's site beside the first). At
      // most 5000: the test profiles' ports start 10000 higher, and every port stays below the kernel's ephemeral range.
      const portBase = Number(option(args, '--port-base', '0'));
      if (!Number.isInteger(portBase) || portBase < 0 || portBase > 5_000) throw new Error('--port-base must be a whole number from 0 to 5000');
      ensureWebBuild(repoRoot(), log);
      const infra = await startInfra(portBase ? { name: `dev-${portBase}`, portBase, log } : { name: 'dev', log });
      let stack: Awaited<ReturnType<typeof startServices>> | undefined;
      try {
        stack = await startServices({ dataDir: infra.dataDir, infraEnv: infra.env, demoData: true, log, replicas, onStatusChange: printStatus, portOffset: portBase, prometheusPort: PROMETHEUS_PORT + portBase });
      } catch (err) {
        await infra.stop();
        throw err;
      }
      console.log(`\nCentral PA Desi Community is running (ready in ${((Date.now() - t0) / 1000).toFixed(0)} s):`);
      console.log(`  site          ${stack.urls.site}`);
      console.log(`  mail catcher  ${infra.env.MAIL_UI_URL}`);
      console.log(`  prometheus    ${stack.urls.prometheus} (every service's metrics, the alert rules)`);
      printDemoAccounts(stack.demoPassword, infra.dataDir);
      console.log(`  logs          ${path.join(infra.dataDir, 'logs')}`);
      printStatus(stack.status());
      console.log('A process that stops by itself is started again (the status line shows it). Ctrl-C stops everything.');
      await untilSignal();
      await stack.stop();
      await infra.stop();
      return;
    }
    case 'dev': {
      // webpack --watch for the shell and every remote, into the dist folders the gateway serves (folders mode).
      const root = repoRoot();
      const replicas = parseReplicas(process.env.REPLICAS);
      const watchStarted = Date.now();
      const watcher = spawn(process.execPath, [path.join(root, 'packages/web-core/build/watch-all.js')], { cwd: root, stdio: 'inherit' });
      const watcherExited = new Promise<void>((resolve) => watcher.once('exit', () => resolve()));
      const infra = await startInfra({ name: 'dev', log }).catch((err: unknown) => {
        watcher.kill('SIGTERM');
        throw err;
      });
      let stack: Awaited<ReturnType<typeof startServices>> | undefined;
      try {
        stack = await startServices({ dataDir: infra.dataDir, infraEnv: infra.env, demoData: true, log, web: 'folders', replicas, onStatusChange: printStatus, prometheusPort: PROMETHEUS_PORT });
      } catch (err) {
        watcher.kill('SIGTERM');
        await infra.stop();
        throw err;
      }
      // The site is usable once every app has a first development build (the watcher writes each build's stamp).
      log('waiting for the first build of every web app ...');
      const built = await waitForDevBuilds(root, watchStarted, watcherExited);
      if (!built) log('the first web builds are not all done yet: see the watch:web lines above');
      console.log(`\nDevelopment mode: ${stack.urls.site} — edit shell/, mf-*/ or packages/ui|web-core, wait for "built", reload.`);
      console.log(`  mail catcher  ${infra.env.MAIL_UI_URL}`);
      console.log(`  prometheus    ${stack.urls.prometheus} (every service's metrics, the alert rules)`);
      printDemoAccounts(stack.demoPassword, infra.dataDir);
      console.log(`  logs          ${path.join(infra.dataDir, 'logs')}`);
      console.log('Ctrl-C stops everything.');
      await Promise.race([untilSignal(), watcherExited]);
      if (watcher.exitCode === null) watcher.kill('SIGTERM');
      await watcherExited;
      await stack.stop();
      await infra.stop();
      return;
    }
    case 'admin': {
      const root = repoRoot();
      const r = spawnSync(process.execPath, [path.join(root, 'services/identity/src/cli/make-admin.ts'), ...args], {
        stdio: 'inherit',
        env: { MONGO_URL: `mongodb://127.0.0.1:${DEFAULT_PORTS.mongo}/?replicaSet=rs0&directConnection=true`, ...process.env },
      });
      process.exitCode = r.status ?? 1;
      return;
    }
    default:
      throw new Error(`unknown command ${command} (ensure | infra | start | dev | admin)`);
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
