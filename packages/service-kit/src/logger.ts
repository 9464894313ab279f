import { pino, type Logger } from 'pino';
import { logTraceFields } from './telemetry/trace.ts';

export type { Logger };

/** How long a line may wait in an `async` logger's buffer before it is written. */
export const ASYNC_LOG_FLUSH_MS = 1_000;

/**
 * Structured JSON logs (pino). Level from LOG_LEVEL; tests default to 'silent' unless LOG_LEVEL is set.
 * `async`: lines are gathered and written to stdout 4 KB at a time, or after at most ASYNC_LOG_FLUSH_MS, and what is
 * left is flushed when the process exits: one write for many lines instead of a write per line. For a process that
 * logs a line per request at high rates (the gateway). The writes themselves are synchronous (pino's destination with
 * `sync: true` and a `minLength`): with asynchronous writes, the exit's final flush could overtake a write still under
 * way in the thread pool, and lines came out of order when stdout was slow to drain. A process killed outright
 * (kill -9) loses what was still in the buffer.
 */
export function createLogger(service: string, level?: string, opts: { async?: boolean } = {}): Logger {
  const resolved = level ?? process.env.LOG_LEVEL ?? (process.env.JEST_WORKER_ID ? 'silent' : 'info');
  const options = {
    name: service,
    level: resolved,
    base: { service },
    // The active span's trace and span ids on every line written inside one (issue 36 §2): a log line leads to its trace.
    mixin: logTraceFields,
    redact: { paths: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token'], censor: '[redacted]' },
  };
  if (!opts.async) return pino(options);
  const destination = pino.destination({ dest: 1, sync: true, minLength: 4096 });
  setInterval(() => {
    try {
      destination.flush();
    } catch {
      // closed (a broken stdout): nothing left to write to
    }
  }, ASYNC_LOG_FLUSH_MS).unref();
  // pino flushes only its asynchronous destinations at exit: this one is flushed here (synchronous writes: in order).
  process.on('exit', () => {
    try {
      destination.flushSync();
    } catch {
      // closed (a broken stdout): nothing left to write to
    }
  });
  return pino(options, destination);
}
