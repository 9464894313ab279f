import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** A child process of the runner, in its own process group, logging to a file. */
export interface Proc {
  name: string;
  child: ChildProcess;
  logFile: string;
  exited(): boolean;
  stop(graceMs?: number): Promise<void>;
}

export function tail(file: string, lines = 25): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Spawns a command detached in its own process group (so stop() ends its children too, e.g. wineserver),
 * stdout and stderr appended to `logFile`, and its pid recorded in `pidDir` so a later run can clean up after a crash.
 */
export function spawnLogged(name: string, cmd: string, args: string[], opts: { logFile: string; pidDir: string; env?: NodeJS.ProcessEnv; cwd?: string }): Proc {
  mkdirSync(path.dirname(opts.logFile), { recursive: true });
  mkdirSync(opts.pidDir, { recursive: true });
  const fd = openSync(opts.logFile, 'a');
  const child = spawn(cmd, args, { detached: true, stdio: ['ignore', fd, fd], env: opts.env ?? process.env, cwd: opts.cwd });
  closeSync(fd);
  const pidFile = path.join(opts.pidDir, `${name}.pid`);
  // The program and its first argument: under wine the process shows the .exe it runs, not wine64.
  if (child.pid) writeFileSync(pidFile, `${child.pid}\n${cmd}\n${args[0] ?? ''}\n`);
  let done = child.exitCode !== null;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', () => {
      done = true;
      rmSync(pidFile, { force: true });
      resolve();
    });
    child.once('error', () => {
      done = true;
      resolve();
    });
  });
  const signalGroup = (signal: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  return {
    name,
    child,
    logFile: opts.logFile,
    exited: () => done,
    async stop(graceMs = 8_000) {
      if (done) return;
      signalGroup('SIGTERM');
      const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
      await exit;
      clearTimeout(timer);
      signalGroup('SIGKILL'); // leftovers of the group (e.g. wineserver)
    },
  };
}

/** Kills processes left behind by a crashed earlier run of the same profile (recorded pid files). */
export async function killStale(pidDir: string): Promise<void> {
  if (!existsSync(pidDir)) return;
  const killed: number[] = [];
  for (const file of readdirSync(pidDir)) {
    if (!file.endsWith('.pid')) continue;
    const full = path.join(pidDir, file);
    const [pidText, cmd, firstArg] = readFileSync(full, 'utf8').split('\n');
    const pid = Number(pidText);
    if (pid > 1 && cmd && isRunning(pid, [cmd, firstArg])) {
      try {
        process.kill(-pid, 'SIGKILL');
        killed.push(pid);
      } catch {
        // gone meanwhile
      }
    }
    rmSync(full, { force: true });
  }
  // A killed process keeps its ports until it is gone (wine takes a moment): wait, bounded, before ports are checked.
  const deadline = Date.now() + 10_000;
  while (killed.some((pid) => existsSync(`/proc/${pid}`)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

/** Whether the process `pid` has exited (signal 0 checks that it exists, sending nothing). */
export function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

/** The pid still runs what was recorded (not a recycled pid): its command line names the program or its first argument. */
function isRunning(pid: number, names: Array<string | undefined>): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return names.some((n) => n !== undefined && n.trim() !== '' && cmdline.includes(path.basename(n.trim())));
  } catch {
    return false;
  }
}

export function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** `count` distinct loopback ports the system reports free now (held open together while they are chosen). */
export async function freeLoopbackPorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, () => new Promise<net.Server>((resolve, reject) => {
      const srv = net.createServer();
      srv.once('error', reject);
      srv.listen(0, '127.0.0.1', () => resolve(srv));
    })),
  );
  const ports = servers.map((s) => (s.address() as net.AddressInfo).port);
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

export async function assertPortsFree(ports: Record<string, number>): Promise<void> {
  const busy: string[] = [];
  for (const [name, port] of Object.entries(ports)) if (!(await portFree(port))) busy.push(`${name} ${port}`);
  if (busy.length) throw new Error(`ports in use: ${busy.join(', ')} — is another copy of this profile running? Stop it first.`);
}

/** Polls `probe` until it returns true; fails after `timeoutMs`, or as soon as `proc` exits, with the log's tail. */
export async function waitUntil(what: string, probe: () => Promise<boolean>, timeoutMs: number, proc?: Proc): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError = '';
  for (;;) {
    if (proc?.exited()) throw new Error(`${what}: process exited; last log lines of ${proc.logFile}:\n${tail(proc.logFile)}`);
    try {
      if (await probe()) return;
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
    }
    if (Date.now() > deadline) {
      throw new Error(`${what}: not healthy within ${timeoutMs / 1000} s${lastError ? ` (last error: ${lastError})` : ''}${proc ? `; last log lines of ${proc.logFile}:\n${tail(proc.logFile, 8)}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function httpOk(url: string): Promise<boolean> {
  const res = await fetch(url, { signal: AbortSignal.timeout(1_000) });
  return res.ok;
}
