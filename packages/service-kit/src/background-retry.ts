import type { Logger } from './logger.ts';

export interface BackgroundRetry<T> {
  /** Settles with the attempt's answer, or 'gave-up' after the last attempt (or once stopped). */
  done: Promise<T | 'gave-up'>;
  /** Stops waiting at once (no further attempt) and settles `done`. */
  stop(): Promise<void>;
}

export interface BackgroundRetryOptions {
  /** Pause between attempts. */
  retryMs: number;
  /** How many attempts at most. */
  attempts: number;
  logger: Logger;
  /** Logged (warn) with the error when an attempt throws, unless `expected(err)`: "<failed>; trying again". */
  failed: string;
  /** Errors that are part of waiting (the other service not there yet): tried again without a log line. */
  expected?: (err: unknown) => boolean;
  /** Logged (warn) when the last attempt is spent without an answer (not when stopped). */
  gaveUp: string;
  /** Context of both log lines. */
  log?: Record<string, unknown>;
}

/**
 * Runs `attempt` in the background until it answers: null means "not yet" (what it waits for is not there), a throw
 * is logged (unless expected) and tried again; every `retryMs`, up to `attempts` times. What the demo seeds that need
 * another service's data use (the messages service's demo conversation, moderation's demo report wait for listings'
 * demo listing): that service may start later or still be seeding. `stop()` (the service closing) wakes the pause and
 * ends it without another attempt.
 */
export function retryInBackground<T>(attempt: () => Promise<T | null>, opts: BackgroundRetryOptions): BackgroundRetry<T> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;
  const pause = () =>
    new Promise<void>((resolve) => {
      if (stopped) return resolve();
      wake = resolve;
      timer = setTimeout(resolve, opts.retryMs);
    });
  const run = async (): Promise<T | 'gave-up'> => {
    for (let i = 0; i < opts.attempts && !stopped; i += 1) {
      try {
        const result = await attempt();
        if (result !== null) return result;
      } catch (err) {
        if (!opts.expected?.(err)) opts.logger.warn({ ...opts.log, err }, `${opts.failed}; trying again`);
      }
      await pause();
    }
    if (!stopped) opts.logger.warn(opts.log ?? {}, opts.gaveUp);
    return 'gave-up';
  };
  const done = run();
  return {
    done,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
      await done.catch(() => undefined);
    },
  };
}
