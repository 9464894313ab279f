/**
 * Lighthouse (performance only) on the site's pages, with its two presets: what a visitor waits for, next to the bytes
 * that home-page.ts counts. The bench runs every first view issue 20 §7 names (home, /listings, a listing, /forum,
 * /businesses) on the demo data and prints them against the goals (lighthouse-goals.ts):
 *   - mobile (Lighthouse's default: a mid-range phone, 4× slower CPU, slow 4G): most visitors of a community site;
 *   - desktop (Lighthouse's desktop preset).
 * Figures, not tests: the machine's two cores are shared with the site, and Lighthouse's simulated throttling turns
 * the observed page load into an estimate for those devices.
 * Used by `npm run bench`; alone against a running site: `node_modules/.bin/node scripts/bench/lighthouse.ts
 * http://localhost:8080 [/listings ...]`.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../infra/src/chromium.ts';
import { lighthouseGoalTable, medianFigures, type FormFactor, type LighthouseFigures, type LighthouseRow } from './lighthouse-goals.ts';

export type { FormFactor, LighthouseFigures, LighthouseRow } from './lighthouse-goals.ts';

/**
 * Runs Lighthouse once on `url` in a fresh headless Chromium (Debian's) and returns the performance figures; with
 * `reportFile`, its whole report (JSON) is written there too.
 */
export async function lighthousePage(url: string, formFactor: FormFactor, reportFile?: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  try {
    const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance'] };
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (reportFile) writeFileSync(reportFile, JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      formFactor,
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: audit('largest-contentful-paint'),
      fcpMs: audit('first-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      speedIndexMs: audit('speed-index'),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * How many runs each preset's figures are the median of: mobile's TBT swings most between runs
 * (LIGHTHOUSE_MOBILE_RUNS, default 3; LIGHTHOUSE_DESKTOP_RUNS, default 1).
 */
const runsOf: Record<FormFactor, number> = {
  mobile: Math.max(1, Number(process.env.LIGHTHOUSE_MOBILE_RUNS ?? 3) || 1),
  desktop: Math.max(1, Number(process.env.LIGHTHOUSE_DESKTOP_RUNS ?? 1) || 1),
};

/**
 * Every page with both presets, one run after the other (never at once: they would share the two cores); each row is
 * the median of its runs (runsOf). Runs that fail are left out of the median; a row whose every run failed, or a page
 * whose URL cannot be found (`url` rejects), gives the error, and the next goes on.
 * With `reportDir`, every run's whole report is kept there (emptied first), `{page}-{preset}-{run}.json`: a median hides
 * a run that missed, and its report says why (the LCP element, the long tasks, the requests before the paint).
 */
export async function lighthousePages(pages: ReadonlyArray<{ name: string; url: () => Promise<string> }>, reportDir?: string): Promise<LighthouseRow[]> {
  const rows: LighthouseRow[] = [];
  if (reportDir) {
    rmSync(reportDir, { recursive: true, force: true });
    mkdirSync(reportDir, { recursive: true });
  }
  const reportFile = (name: string, formFactor: FormFactor, run: number) =>
    reportDir ? path.join(reportDir, `${name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${formFactor}-${run + 1}.json`) : undefined;
  const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
  for (const page of pages) {
    let url: string;
    try {
      url = await page.url();
    } catch (err) {
      for (const formFactor of ['mobile', 'desktop'] as const) rows.push({ page: page.name, formFactor, error: `no URL: ${message(err)}` });
      continue;
    }
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const runs: LighthouseFigures[] = [];
      const errors: string[] = [];
      for (let run = 0; run < runsOf[formFactor]; run++) {
        try {
          runs.push(await lighthousePage(url, formFactor, reportFile(page.name, formFactor, run)));
        } catch (err) {
          errors.push(message(err));
        }
      }
      rows.push(runs.length > 0 ? { page: page.name, formFactor, figures: medianFigures(runs), runs: runs.length } : { page: page.name, formFactor, error: errors.join('; ') });
    }
  }
  return rows;
}

/** The table of every run against the goals (lighthouseGoalTable). */
export function printLighthouse(rows: readonly LighthouseRow[]): void {
  console.log('');
  console.log('Lighthouse (performance) on each first view, against issue 20\'s goals (mobile: score, LCP, TBT, CLS; desktop: score):');
  console.log('');
  for (const line of lighthouseGoalTable(rows)) console.log(line);
  console.log('');
}

if (import.meta.main) {
  const site = process.argv[2] ?? 'http://localhost:8080';
  const paths = process.argv.length > 3 ? process.argv.slice(3) : ['/'];
  printLighthouse(await lighthousePages(paths.map((p) => ({ name: p, url: async () => `${site}${p}` }))));
}
