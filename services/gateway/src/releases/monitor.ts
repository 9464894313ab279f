/**
 * The gateway's side of the releases by percentage (issue 35 §4): which version of a remote a visitor is served, the
 * counting of the browsers' reports, and the rollback.
 *
 * - `versionFor(remote, visitorId)`: the visitor's version of a remote with a release (contracts' chooseVersion), else
 *   undefined (any live instance).
 * - `count(reports, visitorId)`: a report counts only for a remote with an active release, and only for the version
 *   this visitor is served (so a forged or unknown version, or a remote without a release, counts nothing). Each
 *   version keeps its last `window` outcomes of the release's current run (a new run, or a changed release, starts
 *   from nothing).
 * - after each counted report, contracts' shouldRollBack decides on both versions' counts; a rollback is written to the
 *   releases bucket at the revision read (several gateways: the first write wins, the others are refused and drop it),
 *   with its reason and both error rates.
 */
import { chooseVersion, shouldRollBack, type BeaconReport, type Release } from '@cp/contracts';
import { ReleaseConflictError, type Logger, type ReleasesWatch, type StoredRelease } from '@cp/service-kit';

/** How many recent outcomes of each version count (its "recent loads"). */
export const DEFAULT_WINDOW = 500;

/** The last `size` outcomes of a version: loads, and failures among them. */
class Outcomes {
  private readonly ring: Uint8Array;
  private next = 0;
  private filled = 0;
  failures = 0;

  constructor(size: number) {
    this.ring = new Uint8Array(size);
  }

  get loads(): number {
    return this.filled;
  }

  add(failed: boolean): void {
    const value = failed ? 1 : 0;
    if (this.filled === this.ring.length) this.failures -= this.ring[this.next]!;
    else this.filled += 1;
    this.ring[this.next] = value;
    this.failures += value;
    this.next = (this.next + 1) % this.ring.length;
  }
}

export interface ReleaseMonitor {
  /** The visitor's version of `remote`, or undefined when the remote has no release. */
  versionFor(remote: string, visitorId: string | undefined): string | undefined;
  /** The versions of `remote` that serve somebody (a release's), or undefined without a release. */
  servedVersions(remote: string): readonly string[] | undefined;
  /** Counts the reports of one page view; returns how many counted. */
  count(reports: readonly BeaconReport[], visitorId: string | undefined): number;
  /** The current counts of a remote's release (tests, logs). */
  counts(remote: string): { stable: { loads: number; failures: number }; candidate: { loads: number; failures: number } } | undefined;
  /** The current release of a remote. */
  release(remote: string): Release | undefined;
  /** A promise of the rollback being written, if one is (tests). */
  settled(): Promise<void>;
  /** Every release with its state and its current counts (the gateway's /readyz shows it). */
  view(): Record<string, { state: string; stable: string; candidate: string; percent: number; counts: { stable: { loads: number; failures: number }; candidate: { loads: number; failures: number } } }>;
}

export function releaseMonitor(watch: Pick<ReleasesWatch, 'current' | 'write'>, logger: Logger, opts: { window?: number; now?: () => Date } = {}): ReleaseMonitor {
  const size = opts.window ?? DEFAULT_WINDOW;
  const now = opts.now ?? (() => new Date());
  /** Per remote: the run counted (its identity) and each version's outcomes. */
  const runs = new Map<string, { run: string; byVersion: Map<string, Outcomes> }>();
  const writing = new Map<string, Promise<void>>();

  const runOf = (r: Release) => `${r.startedAt} ${r.stable} ${r.candidate}`;
  const activeRelease = (remote: string): StoredRelease | undefined => {
    const stored = watch.current().get(remote);
    return stored && stored.release.state === 'active' ? stored : undefined;
  };
  const outcomesOf = (release: Release, version: string): Outcomes => {
    let run = runs.get(release.remote);
    if (!run || run.run !== runOf(release)) runs.set(release.remote, (run = { run: runOf(release), byVersion: new Map() }));
    let o = run.byVersion.get(version);
    if (!o) run.byVersion.set(version, (o = new Outcomes(size)));
    return o;
  };
  const countsOf = (release: Release) => {
    const s = outcomesOf(release, release.stable);
    const c = outcomesOf(release, release.candidate);
    return { stable: { loads: s.loads, failures: s.failures }, candidate: { loads: c.loads, failures: c.failures } };
  };

  function decide(stored: StoredRelease): void {
    const { release } = stored;
    if (writing.has(release.remote)) return;
    const counts = countsOf(release);
    const decision = shouldRollBack(counts.stable, counts.candidate, release.rollback);
    if (!decision.rollBack) return;
    const at = now().toISOString();
    const rolledBack: Release = { ...release, state: 'rolled-back', updatedAt: at, rolledBackAt: at, by: 'gateway', reason: decision.reason, rates: decision.rates };
    const done = watch
      .write(rolledBack, stored.revision)
      .then(
        () => logger.warn({ remote: release.remote, stable: release.stable, candidate: release.candidate, reason: decision.reason, rates: decision.rates }, 'release rolled back'),
        (err: unknown) => {
          if (err instanceof ReleaseConflictError) logger.info({ remote: release.remote }, 'release changed before the rollback was written (another gateway, an operator): left as it is');
          else logger.error({ remote: release.remote, err: err instanceof Error ? err.message : String(err) }, 'release rollback could not be written; tried again at the next report');
        },
      )
      .finally(() => writing.delete(release.remote));
    writing.set(release.remote, done);
  }

  return {
    versionFor: (remote, visitorId) => chooseVersion(visitorId, watch.current().get(remote)?.release),
    servedVersions(remote) {
      const r = watch.current().get(remote)?.release;
      if (!r) return undefined;
      return r.state === 'active' ? [r.stable, r.candidate] : [r.state === 'promoted' ? r.candidate : r.stable];
    },
    count(reports, visitorId) {
      let counted = 0;
      const touched = new Set<StoredRelease>();
      for (const report of reports) {
        const stored = activeRelease(report.remote);
        if (!stored) continue;
        if (report.version !== chooseVersion(visitorId, stored.release)) continue;
        // One report is one outcome of the page view's use of the remote: loaded (and rendered), or failed.
        outcomesOf(stored.release, report.version).add(!report.ok);
        counted += 1;
        touched.add(stored);
      }
      for (const stored of touched) decide(stored);
      return counted;
    },
    counts(remote) {
      const stored = watch.current().get(remote);
      return stored ? countsOf(stored.release) : undefined;
    },
    release: (remote) => watch.current().get(remote)?.release,
    view() {
      return Object.fromEntries(
        [...watch.current()].map(([remote, { release }]) => [remote, { state: release.state, stable: release.stable, candidate: release.candidate, percent: release.percent, counts: countsOf(release) }]),
      );
    },
    async settled() {
      await Promise.all(writing.values());
    },
  };
}
