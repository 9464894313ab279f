import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The supervisor of the local stack's processes (`npm start`, the browser tests, the bench, the chaos suite): it
 * starts each one, waits until it is ready, starts again one that exits by itself (with a growing delay) and leaves
 * stopped one stopped on purpose. What the processes are and their environment: stack-env.ts; the stack: stack.ts.
 */

export async function waitReady(name: string, port: number, child: ChildProcess, logFile: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode}; see ${logFile}:\n${tail(logFile)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1_000) });
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

/** What the supervisor knows of one process of the stack. */
export interface ProcessStatus {
  name: string;
  state: 'starting' | 'up' | 'restarting' | 'stopped';
  pid: number | undefined;
  /** Restarts after the process exited by itself (a crash), since the stack started. */
  restarts: number;
  /** How it last ended by itself, e.g. `exit code 1` or `signal SIGKILL`. */
  lastExit?: string;
}

/**
 * The supervisor's restart delay: 1 s after the first exit, doubling with each exit that follows within a minute of
 * running, at most 30 s; a process that ran for a minute or more starts again from 1 s.
 */
export function restartDelayMs(consecutiveExits: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, consecutiveExits - 1));
}
/** A run at least this long counts as stable: the next exit waits 1 s again. */
export const STABLE_AFTER_MS = 60_000;

/** The `npm start` banner's status line: each process of the stack, with its restarts when it has crashed. */
export function statusLine(status: ProcessStatus[]): string {
  return status.map((p) => `${p.name} ${p.state}${p.restarts > 0 ? ` (${p.restarts} restart${p.restarts > 1 ? 's' : ''})` : ''}`).join(' · ');
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const killer = setTimeout(() => child.kill('SIGKILL'), 8_000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** One process the supervisor keeps running: how to start it and how to know it is ready. */
export interface SupervisedProcess {
  name: string;
  /** Where its output goes (named in the restart line). */
  logFile: string;
  /** Starts a new process. */
  spawn(): ChildProcess;
  /** Resolves once the process is ready; rejects when it exits first or is not ready in time. */
  ready(child: ChildProcess): Promise<void>;
}

export interface SupervisorOptions {
  log?: (line: string) => void;
  /** Called when a process exits by itself and when it is back (the `npm start` banner's status line). */
  onStatusChange?: (status: ProcessStatus[], change: string) => void;
  /** The clock of the "ran long enough" rule (tests move it instead of waiting a minute). */
  now?: () => number;
  /** A run at least this long starts the backoff again from 1 s. Default STABLE_AFTER_MS. */
  stableAfterMs?: number;
}

export interface Supervisor {
  /** Starts a process (a new one, or one stopped on purpose, again) and waits until it is ready. */
  launch(spec: SupervisedProcess): Promise<void>;
  /** Stops one process on purpose: it is not restarted. */
  stop(name: string): Promise<void>;
  /** Starts a process stopped on purpose again (no-op while it runs). */
  start(name: string): Promise<void>;
  /** Stops every process, last started first; nothing is restarted any more. */
  stopAll(): Promise<void>;
  status(): ProcessStatus[];
}

/**
 * The supervisor of `npm start`: a process that exits by itself (a crash, a fatal error, a SIGKILL) is started again
 * after restartDelayMs, logged and reported; one stopped on purpose stays stopped. A start that fails is one more
 * exit, with a longer wait. Each process (each replica of a service) is supervised on its own.
 */
export function createSupervisor(opts: SupervisorOptions = {}): Supervisor {
  const log = opts.log ?? (() => {});
  const now = opts.now ?? Date.now;
  const stableAfterMs = opts.stableAfterMs ?? STABLE_AFTER_MS;
  interface Supervised {
    spec: SupervisedProcess;
    child: ChildProcess;
    state: ProcessStatus['state'];
    restarts: number;
    /** Exits by itself in a row, each before the run counted as stable (the backoff's exponent). */
    consecutiveExits: number;
    startedAt: number;
    lastExit?: string;
    /** Stopped on purpose (stop, stopAll): not restarted. */
    held: boolean;
    timer?: NodeJS.Timeout;
  }
  const children: Supervised[] = [];
  let stopping = false;
  const status = (): ProcessStatus[] =>
    children.map((c) => ({ name: c.spec.name, state: c.state, pid: c.child.pid, restarts: c.restarts, ...(c.lastExit ? { lastExit: c.lastExit } : {}) }));
  const report = (change: string) => {
    log(change);
    opts.onStatusChange?.(status(), change);
  };
  const supervise = (entry: Supervised) => {
    const child = entry.child;
    const { spec } = entry;
    child.once('exit', (code, signal) => {
      if (entry.child !== child) return;
      if (stopping || entry.held) {
        entry.state = 'stopped';
        return;
      }
      entry.lastExit = signal ? `signal ${signal}` : `exit code ${code}`;
      entry.consecutiveExits = now() - entry.startedAt >= stableAfterMs ? 1 : entry.consecutiveExits + 1;
      entry.restarts += 1;
      entry.state = 'restarting';
      const delay = restartDelayMs(entry.consecutiveExits);
      report(`${spec.name} stopped (${entry.lastExit}); restarting in ${delay / 1000} s (restart ${entry.restarts}, log ${spec.logFile})`);
      entry.timer = setTimeout(() => {
        if (stopping || entry.held) return;
        launch(spec).then(
          () => report(`${spec.name} is back (restart ${entry.restarts})`),
          // Its exit (or a start that never got ready) brings the next attempt.
          (err: unknown) => log(`${spec.name} restart failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`),
        );
      }, delay);
      entry.timer.unref();
    });
  };
  const launch = async (spec: SupervisedProcess) => {
    if (stopping) throw new Error('the stack is stopping');
    const child = spec.spawn();
    let entry = children.find((c) => c.spec.name === spec.name);
    if (entry) Object.assign(entry, { spec, child, state: 'starting', startedAt: now(), held: false });
    else {
      entry = { spec, child, state: 'starting', restarts: 0, consecutiveExits: 0, startedAt: now(), held: false };
      children.push(entry);
    }
    supervise(entry);
    try {
      await spec.ready(child);
    } catch (err) {
      // A stack still starting fails as a whole; a restart that does not get ready is stopped and tried again.
      if (entry.restarts === 0) entry.held = true;
      await stopChild(child);
      throw err;
    }
    if (entry.child === child) entry.state = 'up';
  };
  const named = (name: string) => {
    const found = children.find((c) => c.spec.name === name);
    if (!found) throw new Error(`no process named ${name} in the stack (${children.map((c) => c.spec.name).join(', ')})`);
    return found;
  };
  return {
    launch,
    status,
    async stop(name) {
      const entry = named(name);
      entry.held = true;
      clearTimeout(entry.timer);
      await stopChild(entry.child);
      entry.state = 'stopped';
    },
    async start(name) {
      const entry = named(name);
      if (entry.child.exitCode === null && entry.child.signalCode === null) return;
      clearTimeout(entry.timer);
      await launch(entry.spec);
    },
    async stopAll() {
      stopping = true;
      for (const c of children) {
        c.held = true;
        clearTimeout(c.timer);
      }
      await Promise.all([...children].reverse().map(({ child }) => stopChild(child)));
    },
  };
}
