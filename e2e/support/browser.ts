import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Response } from 'playwright-core';
import { repoRoot } from '../../infra/src/paths.ts';
import { artifactsDir, e2eEnv } from './env.ts';
import { checkApiAnswer } from './api-check.ts';

let browser: Promise<Browser> | undefined;
/** This worker's connection to the run's Chromium (launched by the global setup). */
function connected(): Promise<Browser> {
  browser ??= chromium.connect(e2eEnv().wsEndpoint, { timeout: 30_000 });
  return browser;
}

afterAll(async () => {
  if (browser) await (await browser).close();
  browser = undefined;
});

export interface PageTools {
  page: Page;
  context: BrowserContext;
  site: string;
  /** Uncaught exceptions of the page (a test may expect none). */
  pageErrors: string[];
  /** The pages' API answers that differ from the OpenAPI document (checked for every GET; the test fails on any). */
  apiProblems: string[];
}

/**
 * Every GET the pages make to the site's `/api` is checked against the public OpenAPI document (api-check.ts, issue 24
 * §1): documented operation, documented status, body matching the documented schema. Returns what is still being read.
 */
function checkApiAnswers(context: BrowserContext, site: string, problems: string[]): Promise<unknown>[] {
  const pending: Promise<unknown>[] = [];
  const origin = new URL(site).origin;
  context.on('response', (response) => {
    const request = response.request();
    const url = new URL(response.url());
    if (request.method() !== 'GET' || url.origin !== origin || !url.pathname.startsWith('/api/')) return;
    const status = response.status();
    const contentType = response.headers()['content-type'];
    // Redirects have no body to read, and an event stream never ends: their status is checked, not their body.
    const streamed = status >= 300 && status < 400 ? true : (contentType?.startsWith('text/event-stream') ?? false);
    const body = streamed ? Promise.resolve('') : response.text();
    pending.push(
      body.then(
        (text) => {
          const problem = checkApiAnswer({ method: 'GET', url: url.href, status, contentType: streamed ? undefined : contentType, body: text });
          if (problem && !(streamed && problem.includes('expected JSON'))) problems.push(problem);
        },
        () => undefined, // the page went away before its body was read: nothing to check
      ),
    );
  });
  return pending;
}

function slug(text: string): string {
  return text.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 120);
}

/**
 * A server-rendered page shows its content before its JavaScript runs (issue 20); a click then does nothing. So a
 * test's `page.goto` to one of the site's pages also waits until the app is interactive (`<html data-ready>`, set once
 * React committed the page), as a visitor waits for a page to respond. Other documents (JSON, XML, images) are not
 * waited for.
 */
function waitForInteractivePages(page: Page): void {
  const interactive = async (response: Response | null) => {
    if (response?.headers()['content-type']?.startsWith('text/html')) {
      await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.hasAttribute('data-ready'), undefined, { timeout: 30_000 });
    }
    return response;
  };
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (url, options) => interactive(await goto(url, options));
  page.reload = async (options) => interactive(await reload(options));
}

/**
 * Runs `fn` with a page in a fresh browser context (own cookies and storage). On failure a full-page screenshot and
 * a Playwright trace (`npx playwright-core show-trace <zip>`) are written to `.data/e2e/artifacts/`.
 */
export async function withPage<T>(fn: (tools: PageTools) => Promise<T>, options: BrowserContextOptions = {}): Promise<T> {
  const { site } = e2eEnv();
  const context = await (await connected()).newContext({ baseURL: site, viewport: { width: 1280, height: 900 }, ...options });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  await context.tracing.start({ snapshots: true, screenshots: false });
  const page = await context.newPage();
  if (options.javaScriptEnabled !== false) waitForInteractivePages(page);
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const apiProblems: string[] = [];
  const apiReads = checkApiAnswers(context, site, apiProblems);
  try {
    const result = await fn({ page, context, site, pageErrors, apiProblems });
    await Promise.all(apiReads);
    if (apiProblems.length > 0) throw new Error(`API answers that differ from services/gateway/openapi.json:\n  ${[...new Set(apiProblems)].join('\n  ')}`);
    await context.tracing.stop();
    return result;
  } catch (error) {
    const name = slug(`${path.basename(expect.getState().testPath ?? 'e2e', '.test.ts')}-${expect.getState().currentTestName ?? 'test'}`);
    const dir = artifactsDir();
    mkdirSync(dir, { recursive: true });
    const saved: string[] = [];
    for (const [i, p] of context.pages().entries()) {
      const file = path.join(dir, `${name}${i ? `-${i}` : ''}.png`);
      if (await p.screenshot({ path: file, fullPage: true, timeout: 5_000 }).then(() => true, () => false)) saved.push(file);
    }
    const trace = path.join(dir, `${name}.trace.zip`);
    if (await context.tracing.stop({ path: trace }).then(() => true, () => false)) saved.push(trace);
    if (error instanceof Error && saved.length) error.message += `\n\nFailure artifacts:\n  ${saved.join('\n  ')}`;
    throw error;
  } finally {
    await context.close().catch(() => undefined);
  }
}

const AXE_SOURCE = readFileSync(createRequire(path.join(repoRoot(), 'package.json')).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** axe-core's serious and critical violations on the page as it is now (WCAG 2.x A/AA and best-practice rules). */
export async function seriousAxeViolations(page: Page): Promise<AxeViolation[]> {
  // A colour transition caught half-way (a link just made the active one) reads as low contrast: the page is judged
  // once its finite transitions and animations have ended (an endless one, a skeleton's pulse, is not waited for).
  await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity).map((a) => a.finished.catch(() => undefined))));
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A readable line per violation, for the failure message. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations.map((v) => `${v.impact} ${v.id} (${v.help}): ${v.nodes.slice(0, 5).map((n) => JSON.stringify(n.target)).join(', ')}`).join('\n');
}
