/**
 * Lighthouse (performance only) on a page (the bench runs home and /listings on the demo data), with its two presets:
 * what a visitor waits for, next to the bytes that home-page.ts counts.
 *   - mobile (Lighthouse's default: a mid-range phone, 4× slower CPU, slow 4G): most visitors of a community site;
 *     LCP ≤ 2.5 s is good (Core Web Vitals);
 *   - desktop: LCP ≤ 1.2 s is green (anchors.md).
 * Figures, not tests: the machine's two cores are shared with the site, and Lighthouse's simulated throttling turns
 * the observed page load into an estimate for those devices.
 * Used by `npm run bench`; alone against a running site: `node_modules/.bin/node scripts/bench/lighthouse.ts
 * http://localhost:8080 [/listings ...]`.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../infra/src/chromium.ts';

export type FormFactor = 'mobile' | 'desktop';

/** Where LCP turns from green to orange for each preset. */
const GOOD_LCP_S: Record<FormFactor, number> = { mobile: 2.5, desktop: 1.2 };

export interface LighthouseFigures {
  formFactor: FormFactor;
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

/** Runs Lighthouse once on `url` in a fresh headless Chromium (Debian's) and returns the performance figures. */
export async function lighthousePage(url: string, formFactor: FormFactor): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  try {
    const flags = { port: chrome.port, output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance'] };
    const result = await lighthouse(url, flags, formFactor === 'desktop' ? desktopConfig : undefined);
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
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

/** One row per run (mobile first), under the page's name. */
export function printLighthouse(page: string, runs: LighthouseFigures[]): void {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log('');
  console.log(`${page}, Lighthouse (performance; LCP ≤ ${GOOD_LCP_S.mobile} s is good on mobile, ≤ ${GOOD_LCP_S.desktop} s on desktop):`);
  console.log('| preset | score | LCP | FCP | Speed Index | TBT | CLS |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const f of runs) console.log(`| ${f.formFactor} | ${f.score} | ${s(f.lcpMs)} | ${s(f.fcpMs)} | ${s(f.speedIndexMs)} | ${Math.round(f.tbtMs)} ms | ${f.cls.toFixed(3)} |`);
  console.log('');
}

/** Both presets, one after the other (never at once: they would share the two cores). */
export async function lighthouseBoth(url: string): Promise<LighthouseFigures[]> {
  return [await lighthousePage(url, 'mobile'), await lighthousePage(url, 'desktop')];
}

if (import.meta.main) {
  const site = process.argv[2] ?? 'http://localhost:8080';
  for (const path of process.argv.length > 3 ? process.argv.slice(3) : ['/']) printLighthouse(path, await lighthouseBoth(`${site}${path}`));
}
