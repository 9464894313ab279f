/**
 * Lighthouse (desktop preset, performance only) on the home page: what a visitor waits for, next to the bytes that
 * home-page.ts counts. anchors.md: LCP ≤ 1.2 s is green on desktop. A figure, not a test: the machine's two cores are
 * shared with the site, and Lighthouse's simulated throttling estimates a typical desktop connection.
 * Used by `npm run bench`; alone against a running site: `node_modules/.bin/node scripts/bench/lighthouse.ts
 * http://localhost:8080`.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../infra/src/chromium.ts';

export interface LighthouseFigures {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
}

/** Runs Lighthouse once on `url` in a fresh headless Chromium (Debian's) and returns the performance figures. */
export async function lighthouseHome(url: string): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }, desktopConfig);
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
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

export function printLighthouse(f: LighthouseFigures): void {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log('');
  console.log(`home page, Lighthouse desktop (performance ${f.score}/100; LCP ≤ 1.2 s is green):`);
  console.log('| LCP | FCP | Speed Index | TBT | CLS |');
  console.log('|---:|---:|---:|---:|---:|');
  console.log(`| ${s(f.lcpMs)} | ${s(f.fcpMs)} | ${s(f.speedIndexMs)} | ${Math.round(f.tbtMs)} ms | ${f.cls.toFixed(3)} |`);
  console.log('');
}

if (import.meta.main) {
  printLighthouse(await lighthouseHome(process.argv[2] ?? 'http://localhost:8080'));
}
