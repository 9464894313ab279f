/**
 * Issue 35, "Done when": a service and a remote that nobody configured — written into a temporary folder, not the
 * repository's list of deployables — register themselves at run time and are served through the running gateway
 * within 5 s, with no restart and no change of its configuration; a second claim of an owned prefix and a claim of a
 * reserved one are refused (and shown in /readyz); instances that stop leave, at once when they stop cleanly and
 * within the registry's time-to-live when they are killed, and requests go to the instances left.
 *
 * The gateway is the stack's own process (startServices), on a NATS server of this test's own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Kvm } from '@nats-io/kv';
import { REGISTRY_BUCKET } from '@cp/contracts';
import { connectNatsClient } from '@cp/service-kit';
import { faultNats } from '../src/jest/test-env.ts';
import { testEnv } from '../src/jest/test-env.ts';
import { repoRoot } from '../src/paths.ts';
import { startServices, type RunningStack } from '../src/stack.ts';

jest.setTimeout(120_000);

const TTL_MS = 3_000;
/** What a newcomer's instance is given: the registry's timing for a quick test, NATS, a free port. */
const registryEnv = (natsUrl: string) => ({ NATS_URL: natsUrl, REGISTRY_TTL_MS: String(TTL_MS), REGISTRY_HEARTBEAT_MS: '500', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn' });

let nats: Awaited<ReturnType<typeof faultNats>>;
let stack: RunningStack;
let dataDir: string;
/** The newcomers' folders: inside the working tree (so Node finds the workspace's packages) but in no list of it. */
let teams: string;
let gateway: string;
const children: ChildProcess[] = [];

/** A new team's service: its manifest and a small Koa service on the kit's startService, answering who it is. */
function writeService(name: string, prefixes: string[]): string {
  const dir = path.join(teams, name, 'services', name);
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(
    path.join(dir, 'service.json'),
    JSON.stringify({ name, kind: 'service', description: `${name}, a team's new service`, port: 4190, config: { module: 'src/main.ts', export: 'Env' }, routes: prefixes.map((prefix) => ({ prefix })) }),
  );
  writeFileSync(
    path.join(dir, 'src', 'main.ts'),
    `import { readFileSync } from 'node:fs';
import Koa from 'koa';
import { z } from 'zod';
import { BaseServiceEnv, healthRoutes, loadConfig, startService } from '@cp/service-kit';
const { name } = JSON.parse(readFileSync(new URL('../service.json', import.meta.url), 'utf8')) as { name: string };
export const Env = BaseServiceEnv.omit({ MONGO_URL: true }).extend({ PORT: z.coerce.number().int().min(0).default(0), TAG: z.string().default('') });
await startService({
  name,
  mongo: false,
  loadConfig: (env) => loadConfig(Env, env),
  async build({ config }) {
    const app = new Koa();
    app.use(healthRoutes([]).routes());
    app.use((ctx) => {
      if (ctx.path.startsWith('/api/')) ctx.body = { from: name, tag: config.TAG, path: ctx.path };
    });
    return app;
  },
});
`,
  );
  return path.join(dir, 'src', 'main.ts');
}

/** A new team's remote: its manifest beside a build with an mf-manifest.json (its metadata) and a remote entry. */
function writeRemote(name: string): string {
  const dir = path.join(teams, name, `mf-${name}`);
  mkdirSync(path.join(dir, 'dist'), { recursive: true });
  writeFileSync(path.join(dir, 'remote.json'), JSON.stringify({ name, kind: 'remote', description: `mf-${name}, a team's new remote`, port: 3190, devPort: 3090 }));
  const cpRemote = { routes: [`/${name}`], slots: [] };
  writeFileSync(
    path.join(dir, 'dist', 'mf-manifest.json'),
    JSON.stringify({ id: `mf_${name}`, name: `mf_${name}`, metaData: { name: `mf_${name}`, publicPath: `/mf/${name}/`, remoteEntry: { name: 'remoteEntry.js', path: '' }, cpRemote }, shared: [], exposes: [] }),
  );
  writeFileSync(path.join(dir, 'dist', 'remoteEntry.js'), `/* mf_${name} */ var mf_${name} = {};\n`);
  return path.join(dir, 'dist');
}

function run(entry: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [entry], { cwd: repoRoot(), env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal === null) console.error(`${entry} exited with ${code}:\n${stderr}`);
  });
  children.push(child);
  return child;
}

const stop = (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });

async function get(p: string): Promise<{ status: number; text: string; json: () => Record<string, unknown> }> {
  const res = await fetch(`${gateway}${p}`, { signal: AbortSignal.timeout(10_000) });
  const text = await res.text();
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

/** How many instances whose registry key starts with `prefix` (`service.hello.`) are registered now. */
async function registeredKeys(prefix: string): Promise<number> {
  const nc = await connectNatsClient(nats.url, 'registration-test');
  try {
    const kv = await new Kvm(nc).open(REGISTRY_BUCKET);
    let n = 0;
    for await (const key of await kv.keys(`${prefix}>`)) if (key.startsWith(prefix)) n += 1;
    return n;
  } finally {
    await nc.close();
  }
}

/** Waits until an instance whose registry key starts with `prefix` has registered (its process started and listens). */
const registeredIn = (boundMs: number, prefix: string) => within(`a registration ${prefix}*`, boundMs, async () => (await registeredKeys(prefix)) > 0);

/** Polls `probe` until it holds; fails after `boundMs` (the bound, not a measurement). */
async function within(what: string, boundMs: number, probe: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await probe().catch(() => false))) {
    if (Date.now() - started > boundMs) throw new Error(`not within ${boundMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - started;
}

const from = async (p: string) => {
  const res = await get(p);
  return res.status === 200 ? (res.json().from as string) : res.status;
};
const readyz = async () => (await get('/readyz')).json() as { registry?: { services: Record<string, { prefixes: string[]; instances: Array<{ address: string; version: string }> }>; refused: Array<{ name: string; reason: string }> } };
const registry = async () => ((await get('/mf/registry.json')).json().remotes as Array<{ name: string; entry: string; routes?: string[] }>).map((r) => r.name);

beforeAll(async () => {
  nats = await faultNats();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cp-registration-'));
  teams = path.join(repoRoot(), '.data', 'tmp', `teams-${randomUUID().slice(0, 8)}`);
  mkdirSync(teams, { recursive: true });
  const portOffset = Number(process.env.CP_TEST_PORT_BASE ?? 10_000) + 500;
  stack = await startServices({
    dataDir,
    infraEnv: { ...testEnv(), NATS_URL: nats.url },
    portOffset,
    services: ['gateway'],
    web: 'folders',
    extraEnv: { gateway: { REGISTRY_TTL_MS: String(TTL_MS), LOG_LEVEL: 'warn' } },
  });
  gateway = stack.urls.gateway!;
});

afterAll(async () => {
  await Promise.all(children.map((c) => stop(c, 'SIGKILL')));
  await stack?.stop();
  await nats?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(teams, { recursive: true, force: true });
});

describe('a new team’s service and remote, registered at run time', () => {
  let hello: ChildProcess;
  let helloRemote: ChildProcess;

  it('are served through the running gateway within 5 s of starting', async () => {
    expect((await get('/api/hello/ping')).status).toBe(404);
    expect((await get('/mf/hello/remoteEntry.js')).status).toBe(404);
    expect(await registry()).not.toContain('mf_hello');

    hello = run(writeService('hello', ['/api/hello']), { ...registryEnv(nats.url), TAG: 'one', SERVICE_VERSION: '1.0.0' });
    helloRemote = run(path.join(repoRoot(), 'services/gateway/src/static-main.ts'), { ...registryEnv(nats.url), STATIC_DIR: writeRemote('hello'), SERVICE_VERSION: '1.0.0' });

    // The bound is the registry's part: from the instance's registration (its process's own start is not the gateway's).
    await registeredIn(60_000, 'service.hello.');
    await within('the service through the gateway', 5_000, async () => (await from('/api/hello/ping')) === 'hello');
    await registeredIn(60_000, 'remote.hello.');
    await within('the remote through the gateway', 5_000, async () => (await get('/mf/hello/remoteEntry.js')).text.includes('mf_hello'));
    await within('the remote in the registry with its metadata', 5_000, async () => {
      const entry = ((await get('/mf/registry.json')).json().remotes as Array<{ name: string; entry: string; routes?: string[] }>).find((r) => r.name === 'mf_hello');
      return entry?.entry === '/mf/hello/mf-manifest.json' && JSON.stringify(entry.routes) === JSON.stringify(['/hello']);
    });
    const body = (await get('/api/hello/ping')).json();
    expect(body).toEqual({ from: 'hello', tag: 'one', path: '/api/hello/ping' });
    const seen = await readyz();
    expect(seen.registry?.services.hello).toMatchObject({ prefixes: ['/api/hello'], instances: [{ version: '1.0.0' }] });
  });

  it('refuses another service’s claim on an owned prefix and on a reserved one, and shows it in /readyz', async () => {
    const thief = run(writeService('thief', ['/api/hello', '/api/auth', '/api/thief']), registryEnv(nats.url));
    await registeredIn(60_000, 'service.thief.');
    await within('the thief’s own prefix served', 5_000, async () => (await from('/api/thief/x')) === 'thief');
    const { registry: reg } = await readyz();
    expect(reg?.refused).toEqual(
      expect.arrayContaining([
        { key: 'service.thief', name: 'thief', reason: '/api/hello overlaps /api/hello, owned by hello' },
        { key: 'service.thief', name: 'thief', reason: '/api/auth is reserved for identity (/api/auth)' },
      ]),
    );
    expect(reg?.services.thief?.prefixes).toEqual(['/api/thief']);
    // The site is unchanged: hello keeps its prefix, the accounts stay identity's (not started here: 503).
    for (let i = 0; i < 10; i++) expect(await from('/api/hello/ping')).toBe('hello');
    expect(await from('/api/auth/user')).toBe(503);
    await stop(thief);
    await within('the thief gone', 5_000, async () => (await get('/api/thief/x')).status === 404);
  });

  it('spreads requests over a second instance, and goes on with the one left when an instance is killed', async () => {
    const second = run(path.join(teams, 'hello', 'services', 'hello', 'src', 'main.ts'), { ...registryEnv(nats.url), TAG: 'two', SERVICE_VERSION: '1.1.0' });
    await within('the second instance registered', 60_000, async () => (await registeredKeys('service.hello.')) === 2);
    await within('two instances listed', 5_000, async () => (await readyz()).registry?.services.hello?.instances.length === 2);
    const tags = new Set<string>();
    await within('both instances answer', 5_000, async () => {
      tags.add((await get('/api/hello/ping')).json().tag as string);
      return tags.size === 2;
    });
    // Killed: no clean deregistration. Requests still succeed (a refused connection is sent to the other instance).
    await stop(hello, 'SIGKILL');
    for (let i = 0; i < 20; i++) expect(await from('/api/hello/ping')).toBe('hello');
    await within('the dead instance expired', TTL_MS + 5_000, async () => (await readyz()).registry?.services.hello?.instances.length === 1);
    expect((await get('/api/hello/ping')).json().tag).toBe('two');
    hello = second;
  });

  it('leaves at once when its instances stop cleanly', async () => {
    await stop(hello);
    await stop(helloRemote);
    // A clean stop deletes the registration: out well before the time-to-live.
    await within('the service gone', TTL_MS - 500, async () => (await get('/api/hello/ping')).status === 404);
    await within('the remote gone', TTL_MS - 500, async () => (await get('/mf/hello/remoteEntry.js')).status === 404 && !(await registry()).includes('mf_hello'));
    expect((await readyz()).registry?.services.hello).toBeUndefined();
  });
});
