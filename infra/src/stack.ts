import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureSigningKeys } from './keys.ts';
import { repoRoot } from './paths.ts';

export { repoRoot };

/** A service of the local stack: its entry file, its port and the environment it needs beyond the infrastructure's. */
export interface ServiceSpec {
  name: string;
  entry: string;
  env: (ctx: StackContext) => Record<string, string>;
}

export interface StackContext {
  root: string;
  dataDir: string;
  infraEnv: Record<string, string>;
  ports: Record<string, number>;
  publicUrl: string;
  keys: { privateKeyFile: string; publicKeyFile: string };
}

/** Port of each service per profile: dev uses 4001.., the gateway 8080; other profiles add an offset. */
export function servicePorts(offset: number): Record<string, number> {
  return {
    gateway: 8080 + offset,
    identity: 4001 + offset,
  };
}

const url = (port: number) => `http://127.0.0.1:${port}`;

export const SERVICES: ServiceSpec[] = [
  {
    name: 'identity',
    entry: 'services/identity/src/main.ts',
    env: (c) => ({
      PORT: String(c.ports.identity),
      PUBLIC_URL: c.publicUrl,
      JWT_PRIVATE_KEY_FILE: c.keys.privateKeyFile,
      JWT_PUBLIC_KEY_FILE: c.keys.publicKeyFile,
    }),
  },
  {
    name: 'gateway',
    entry: 'services/gateway/src/main.ts',
    env: (c) => ({
      PORT: String(c.ports.gateway),
      PUBLIC_URL: c.publicUrl,
      IDENTITY_URL: url(c.ports.identity!),
    }),
  },
];

async function waitReady(name: string, port: number, child: ChildProcess, logFile: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}; see ${logFile}:\n${tail(logFile)}`);
    try {
      const res = await fetch(`${url(port)}/readyz`, { signal: AbortSignal.timeout(1_000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${name} was not ready within ${timeoutMs / 1000} s; see ${logFile}:\n${tail(logFile)}`);
}

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

export interface RunningStack {
  urls: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Starts the services of the local stack as child processes (Node 24 running the TypeScript entry files) on top of
 * already running infrastructure, each logging to `<dataDir>/logs/<service>.log`, and waits until each is ready.
 */
export async function startServices(opts: {
  dataDir: string;
  infraEnv: Record<string, string>;
  portOffset?: number;
  publicUrl?: string;
  log?: (line: string) => void;
  /** Extra environment per service, over the stack's (e.g. the browser tests' `WEB_REMOTES` for the gateway). */
  serviceEnv?: Record<string, Record<string, string>>;
}): Promise<RunningStack> {
  const root = repoRoot();
  const log = opts.log ?? (() => {});
  const ports = servicePorts(opts.portOffset ?? 0);
  const ctx: StackContext = {
    root,
    dataDir: opts.dataDir,
    infraEnv: opts.infraEnv,
    ports,
    publicUrl: opts.publicUrl ?? `http://localhost:${ports.gateway}`,
    keys: ensureSigningKeys(path.join(opts.dataDir, 'keys')),
  };
  const logDir = path.join(opts.dataDir, 'logs');
  mkdirSync(logDir, { recursive: true });
  const children: Array<{ name: string; child: ChildProcess }> = [];
  const stop = async () => {
    await Promise.all(
      children.reverse().map(
        ({ child }) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const killer = setTimeout(() => child.kill('SIGKILL'), 8_000);
            child.once('exit', () => {
              clearTimeout(killer);
              resolve();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
  };
  try {
    for (const spec of SERVICES) {
      const logFile = path.join(logDir, `${spec.name}.log`);
      const out = createWriteStream(logFile, { flags: 'a' });
      const child = spawn(process.execPath, [path.join(root, spec.entry)], {
        cwd: root,
        env: { ...process.env, ...opts.infraEnv, NODE_ENV: 'development', ...spec.env(ctx), ...opts.serviceEnv?.[spec.name] },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout?.pipe(out);
      child.stderr?.pipe(out);
      children.push({ name: spec.name, child });
      log(`starting ${spec.name} on ${url(ports[spec.name]!)}`);
      await waitReady(spec.name, ports[spec.name]!, child, logFile);
      log(`${spec.name} ready`);
    }
  } catch (err) {
    await stop();
    throw err;
  }
  return { urls: { site: ctx.publicUrl, ...Object.fromEntries(Object.entries(ports).map(([k, p]) => [k, url(p)])) }, stop };
}
