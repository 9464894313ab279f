/**
 * Issue 36 §4, "done when": a browser test shows the Operations tab drawing its charts for an admin. The stack runs
 * the real Prometheus as `npm start` does (e2e/support/global-setup.ts), scraping every process; moderation's
 * operations API reads it. Then moderation is pointed at a Prometheus that is not there: the tab says the metrics are
 * unavailable, and the rest of the site works. The stack is put back as it was afterwards.
 */
import type { Page } from 'playwright-core';
import { freeLoopbackPorts } from '../infra/src/proc.ts';
import { withPage } from './support/browser.ts';
import { e2eEnv } from './support/env.ts';
import { createAdmin, loginDirect, newUser, signIn } from './support/site.ts';

/** Restarts moderation with these variables added (none: as the stack configures it); resolves once it is ready. */
async function restartModeration(env: Record<string, string>): Promise<void> {
  const res = await fetch(`${e2eEnv().controlUrl}/moderation/restart?${new URLSearchParams(env)}`, { method: 'POST', signal: AbortSignal.timeout(60_000) });
  if (res.status !== 204) throw new Error(`moderation restart: ${res.status} ${await res.text()}`);
}

/** /admin's Operations tab, chosen. */
async function openOperations(page: Page): Promise<void> {
  await page.goto('/admin');
  const tab = page.getByRole('tab', { name: 'Operations' });
  await tab.waitFor({ timeout: 60_000 });
  await tab.click();
  await page.getByRole('region', { name: 'Operations' }).waitFor();
}

/** One service's card on the tab (its heading is the service's name). */
const serviceCard = (page: Page, service: string) =>
  page.getByRole('region', { name: 'Operations' }).locator(':scope > div').filter({ has: page.getByRole('heading', { name: service, exact: true, level: 3 }) });

describe('the Operations tab (issue 36 §4)', () => {
  const admin = newUser('opsadmin');
  let token = '';
  let restarted = false;

  beforeAll(async () => {
    await createAdmin(admin);
    token = await loginDirect(admin);
    expect(e2eEnv().serviceUrls.prometheus).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  afterAll(async () => {
    if (restarted) await restartModeration({});
  }, 120_000);

  test("draws each service's charts of the last hour from the real Prometheus, for an admin", async () => {
    const { site } = e2eEnv();
    // Requests through the gateway, so its rate is above 0 (Prometheus scrapes every 5 s; a rate needs two scrapes).
    const traffic = async () => {
      for (let i = 0; i < 10; i++) await fetch(`${site}/api/businesses?limit=5`).then((r) => r.arrayBuffer());
    };
    await traffic();
    await withPage(async ({ page, context }) => {
      await signIn(context, token);
      const deadline = Date.now() + 90_000;
      for (let attempt = 0; ; attempt++) {
        await openOperations(page);
        const gateway = serviceCard(page, 'gateway');
        const drawn = gateway.getByRole('figure', { name: 'Requests per second' }).locator('svg[data-points] path');
        const ready = await drawn.waitFor({ timeout: 10_000 }).then(() => true, () => false);
        if (ready) break;
        if (Date.now() > deadline) throw new Error('the gateway\'s requests chart was not drawn within 90 s');
        await traffic();
        await page.waitForTimeout(3_000);
      }
      // Every service the stack runs has its card with its six charts; a chart with data is an SVG line, and its text
      // summary says the latest value.
      const gateway = serviceCard(page, 'gateway');
      const requests = gateway.getByRole('figure', { name: 'Requests per second' });
      expect(await requests.getByText(/^Latest [\d.]+ req\/s; peak [\d.]+ req\/s\.$/).textContent()).toMatch(/Latest/);
      expect(await requests.locator('svg path').getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+ L/);
      expect(await gateway.getByRole('figure').count()).toBe(6);
      for (const service of ['identity', 'listings', 'moderation', 'search']) {
        const card = serviceCard(page, service);
        await card.getByRole('figure', { name: 'Instances' }).getByText(/^Latest 1; peak 1\.$/).waitFor();
      }
      const titles = await gateway.getByRole('figure').locator('h4').allTextContents();
      expect(titles).toEqual(['Requests per second', 'p95 latency', 'Error rate (5xx)', 'Instances', 'Outbox age', 'Consumer backlog']);
      // The listings service writes events: its outbox age is drawn (0 when nothing waits).
      await serviceCard(page, 'listings').getByRole('figure', { name: 'Outbox age' }).locator('svg[data-points]').waitFor();
    });
  }, 180_000);

  test('says the metrics are unavailable when Prometheus cannot be reached, and the rest of the site works', async () => {
    const [nothing] = await freeLoopbackPorts(1);
    restarted = true;
    await restartModeration({ PROMETHEUS_URL: `http://127.0.0.1:${nothing}` });
    await withPage(async ({ page, context }) => {
      await signIn(context, token);
      await openOperations(page);
      const status = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Metrics are unavailable right now' }) });
      await status.waitFor({ timeout: 20_000 });
      expect(await status.textContent()).toContain('Prometheus cannot be reached');
      // The other tabs and pages do not depend on it.
      await page.getByRole('tab', { name: 'Advertisements' }).click();
      await page.getByRole('heading', { name: 'Advertisements', level: 2 }).waitFor();
      await page.goto('/forum');
      await page.getByRole('heading', { name: 'Community Forum' }).waitFor();
    });
    await restartModeration({});
    restarted = false;
  }, 180_000);
});
