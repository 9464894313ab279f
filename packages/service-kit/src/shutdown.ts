import type { Logger } from 'pino';
import { flushTelemetry } from './telemetry/state.ts';

/**
 * Runs the closers in order on SIGINT/SIGTERM (stop accepting, drain, close connections), then exits.
 * A second signal or a stuck closer past the deadline forces the exit.
 */
export function onShutdown(logger: Logger, closers: Array<() => Promise<void> | void>, deadlineMs = 10_000): void {
  let shuttingDown = false;
  const run = async (signal: string) => {
    if (shuttingDown) {
      logger.warn({ signal }, 'second signal, exiting now');
      process.exit(1);
    }
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown deadline passed, exiting');
      process.exit(1);
    }, deadlineMs);
    timer.unref();
    for (const close of closers) {
      try {
        await close();
      } catch (err) {
        logger.error({ err }, 'error during shutdown');
      }
    }
    // The spans still waiting for their batch are exported (bounded) before the process ends.
    await flushTelemetry();
    clearTimeout(timer);
    process.exit(0);
  };
  process.once('SIGINT', () => void run('SIGINT'));
  process.once('SIGTERM', () => void run('SIGTERM'));
}
