import { removeAbandonedImages } from '../use-cases/remove-abandoned-images.ts';
import type { ListingsDeps } from '../use-cases/deps.ts';

export interface AbandonedImageSweepOptions {
  /** Time between sweeps. */
  everyMs: number;
  /** Unused uploads younger than this are kept. */
  maxAgeMs: number;
  now?: () => number;
}

/**
 * Removes abandoned uploads (removeAbandonedImages) every `everyMs`, one sweep at a time. A failed sweep (S3 or
 * MongoDB down) is logged and the next one tries again; the first sweep runs one period after start, not at boot.
 */
export function startAbandonedImageSweep(deps: Pick<ListingsDeps, 'store' | 'listings' | 'uploads' | 'logger'>, options: AbandonedImageSweepOptions): { stop: () => Promise<void> } {
  const now = options.now ?? Date.now;
  let running: Promise<void> | undefined;
  const sweep = () => {
    if (running) return;
    running = removeAbandonedImages(deps, new Date(now() - options.maxAgeMs))
      .then(
        (removed) => {
          if (removed > 0) deps.logger.info({ removed }, 'abandoned uploads removed');
        },
        (err: unknown) => deps.logger.warn({ err }, 'abandoned upload sweep failed; next sweep tries again'),
      )
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(sweep, options.everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
