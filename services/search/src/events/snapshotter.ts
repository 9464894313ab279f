import type { Logger } from 'pino';
import type { SearchIndex } from '../data/search-index.ts';
import type { SnapshotStore } from '../data/snapshots.ts';
import type { IndexFeed } from './index-feed.ts';

export interface Snapshotter {
  /** Writes a snapshot now if the index caught up and changed since the last one; true when one was written. */
  saveNow(): Promise<boolean>;
  /** Stops the timer and writes a last snapshot (call after the feed stopped, so it covers every event applied). */
  stop(): Promise<void>;
}

/**
 * Writes the index's snapshot every `intervalMs` (and at a graceful stop) once the feed caught up, when something
 * changed. The documents and the sequences are taken in one synchronous step, so the snapshot covers exactly the
 * events up to those sequences; compressing and uploading happen after it.
 */
export function startSnapshots(opts: { index: SearchIndex; feed: IndexFeed; store: SnapshotStore; intervalMs: number; logger: Logger }): Snapshotter {
  const logger = opts.logger.child({ component: 'snapshots' });
  let caughtUp = false;
  void opts.feed.caughtUp.then(() => (caughtUp = true));
  let last = '';
  let writing: Promise<boolean> = Promise.resolve(false);
  const saveNow = (): Promise<boolean> => {
    writing = writing.catch(() => false).then(async () => {
      const applied = opts.feed.applied();
      if (!caughtUp || JSON.stringify(applied) === last) return false;
      const started = performance.now();
      const snapshot = opts.index.snapshot(applied);
      await opts.store.save(snapshot);
      last = JSON.stringify(applied);
      logger.info({ streams: applied, listings: snapshot.listings.length, ms: Math.round(performance.now() - started) }, 'snapshot written');
      return true;
    });
    return writing;
  };
  const timer = opts.intervalMs > 0 ? setInterval(() => void saveNow().catch((err: unknown) => logger.error({ err }, 'snapshot not written')), opts.intervalMs) : undefined;
  timer?.unref();
  return {
    saveNow,
    async stop() {
      clearInterval(timer);
      await saveNow().catch((err: unknown) => logger.error({ err }, 'last snapshot not written'));
    },
  };
}
