/**
 * The browser's reports for the releases by percentage (issue 35 §4): for each remote the registry lists with a
 * `version` (it has a release, and this is the version this visitor is served), one outcome per page view — loaded,
 * or failed while loading or rendering — sent in one small beacon (`navigator.sendBeacon`, contracts' BEACON_PATH)
 * 1.5 s after the first outcome (the first view's remotes together), or when the page is hidden or left before; a
 * later failure (a render) goes in another. Remotes without a
 * release report nothing, so a page without releases sends nothing. The gateway counts them and rolls a failing
 * candidate back. Tiny and without zod: it is part of the shell's first bundle.
 */

/** contracts' BEACON_PATH (a test keeps them equal; the contracts' index would bring zod into this bundle). */
export const BEACON_PATH = '/api/releases/beacon';
/** contracts' BEACON_MAX_REPORTS. */
const MAX_REPORTS = 20;

interface Outcome {
  remote: string;
  version: string;
  kind: 'load' | 'render';
  ok: boolean;
}

export interface ReleaseReports {
  /** The registry's remotes: those with a version are reported. */
  track(remotes: ReadonlyArray<{ name: string; version?: string | undefined }>): void;
  /** An exposed module of `name` (the container name, `mf_forum`) loaded, or failed to. */
  loaded(name: string, ok: boolean): void;
  /** A component of `name` threw while rendering (its error boundary caught it). */
  renderFailed(name: string): void;
  /** Sends what is pending now (at most one request). */
  flush(): void;
}

/** `mf_forum` → `forum`: the registry's container names are `mf_<remote>`. */
const remoteOf = (name: string) => name.replace(/^mf_/, '');

/**
 * The reports of a page. `send`: delivers one beacon's body; `schedule`: calls back after `delayMs` (a timer), so the
 * reports go out even if the page is never hidden.
 */
export function createReleaseReports(send: (body: string) => void, schedule: (flush: () => void) => void = () => undefined): ReleaseReports {
  const versions = new Map<string, string>();
  const pending = new Map<string, Outcome>();
  let scheduled = false;
  const record = (name: string, outcome: Omit<Outcome, 'remote' | 'version'>) => {
    const version = versions.get(name);
    if (version === undefined) return;
    // A failure of this page view stays a failure.
    if (pending.get(name)?.ok === false) return;
    pending.set(name, { remote: remoteOf(name), version, ...outcome });
    if (!scheduled) {
      scheduled = true;
      schedule(reports.flush);
    }
  };
  const reports: ReleaseReports = {
    track(remotes) {
      for (const r of remotes) if (typeof r.version === 'string') versions.set(r.name, r.version);
    },
    loaded: (name, ok) => record(name, { kind: 'load', ok }),
    renderFailed: (name) => record(name, { kind: 'render', ok: false }),
    flush() {
      scheduled = false;
      if (pending.size === 0) return;
      const body = JSON.stringify({ reports: [...pending.values()].slice(0, MAX_REPORTS) });
      pending.clear();
      try {
        send(body);
      } catch {
        // A report that cannot be sent is lost: it never breaks the page.
      }
    },
  };
  return reports;
}

/**
 * How long after the first outcome the reports go out (the first view's remotes load together: one beacon for them),
 * if the page was not hidden or left before.
 */
const SEND_AFTER_MS = 1_500;

/**
 * The page's reports: sent with navigator.sendBeacon (a text/plain body, no preflight) when the page is hidden or left,
 * or SEND_AFTER_MS after the first outcome. Outside a browser (the renderer) nothing is sent.
 */
export const releaseReports: ReleaseReports =
  typeof window === 'undefined' || typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function'
    ? createReleaseReports(() => undefined)
    : (() => {
        const reports = createReleaseReports(
          (body) => void navigator.sendBeacon(BEACON_PATH, body),
          (flush) => void setTimeout(flush, SEND_AFTER_MS),
        );
        addEventListener('pagehide', () => reports.flush());
        addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'hidden') reports.flush();
        });
        return reports;
      })();
