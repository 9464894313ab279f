/**
 * Issue 36 §3: the real Prometheus (Debian's, as `npm start` runs it) scrapes a running service's metrics port and
 * finds its request and outbox series; the platform's alert rules pass promtool's check and their own unit tests.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ServiceManifestSchema } from '@cp/contracts';
import { buildRegistryTable, connectMongo, createLogger, instanceRecord, outboxMetrics, outboxModel, serveMetrics } from '@cp/service-kit';
import { startMeasuredApp } from '../../packages/service-kit/test/support/measured-app.ts';
import { ALERT_RULES_FILE, PROMTOOL, mergeTargets, registryTargets, startPrometheus } from '../src/components/prometheus.ts';
import { testEnv } from '../src/jest/test-env.ts';
import { freeLoopbackPorts } from '../src/proc.ts';

jest.setTimeout(90_000);
const logger = createLogger('prometheus-test', 'silent');

test('the alert rules pass promtool, and their unit tests (alerts.test.yml) hold', () => {
  const check = spawnSync(PROMTOOL, ['check', 'rules', ALERT_RULES_FILE()], { encoding: 'utf8' });
  expect(`${check.status} ${check.stdout}${check.stderr}`).toMatch(/^0 .*SUCCESS: 5 rules found/s);
  const unit = spawnSync(PROMTOOL, ['test', 'rules', path.join(path.dirname(ALERT_RULES_FILE()), 'alerts.test.yml')], { encoding: 'utf8' });
  expect(`${unit.status} ${unit.stdout}${unit.stderr}`).toMatch(/^0 .*SUCCESS/s);
});

test("Prometheus scrapes a running service's metrics port and finds its request and outbox series", async () => {
  const env = testEnv();
  const conn = await connectMongo(env.MONGO_URL, `prom_${randomUUID().slice(0, 8)}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cp-prometheus-'));
  const things = await startMeasuredApp('things', logger);
  const { metrics } = things;
  outboxMetrics(metrics.registry, conn, logger);
  const metricsServer = await serveMetrics(metrics, '127.0.0.1', 0, logger);
  const [port] = await freeLoopbackPorts(1);
  const prometheus = await startPrometheus({ dir, port: port!, pidDir: path.join(dir, 'run'), logDir: dir, scrapeInterval: '1s', name: `prometheus-${port}` });
  try {
    for (let i = 0; i < 7; i++) await fetch(`${things.base}/api/things/${i}`).then((r) => r.arrayBuffer());
    await outboxModel(conn).create({ _id: randomUUID(), type: 'x', version: 1, subject: 'events.things.x', stream: 'EVENTS_THINGS', seq: 1, occurredAt: new Date(), data: {}, status: 'pending', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null, lockedBy: null });
    prometheus.setTargets([{ address: `127.0.0.1:${metricsServer.port}`, service: 'things', process: 'things' }]);

    /** The value Prometheus holds for `query` (one series), once it has scraped it. */
    const value = async (query: string): Promise<{ labels: Record<string, string>; value: number }> => {
      const deadline = Date.now() + 45_000;
      for (;;) {
        const res = await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent(query)}`);
        const body = (await res.json()) as { data: { result: Array<{ metric: Record<string, string>; value: [number, string] }> } };
        const first = body.data.result[0];
        if (first) return { labels: first.metric, value: Number(first.value[1]) };
        if (Date.now() > deadline) throw new Error(`Prometheus has no ${query} within 45 s`);
        await new Promise((r) => setTimeout(r, 500));
      }
    };
    const requests = await value('http_server_request_duration_seconds_count{route="/api/things/:id"}');
    expect(requests.value).toBe(7);
    expect(requests.labels).toMatchObject({ service: 'things', process: 'things', method: 'GET', status: '200', job: 'cp' });
    expect((await value('outbox_pending_events{service="things"}')).value).toBe(1);
    expect((await value('up{process="things"}')).value).toBe(1);
  } finally {
    await prometheus.stop();
    await metricsServer.close();
    things.close();
    await conn.dropDatabase();
    await conn.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the instances that register themselves with their metrics are scraped too, once each (the stack’s own by address)', () => {
  const manifest = ServiceManifestSchema.parse({ name: 'events', kind: 'service', description: 'A team’s service', port: 4190, config: { module: 'src/config.ts', export: 'Env' }, routes: [{ prefix: '/api/events' }] });
  const record = (port: number, metricsPort?: number) => ({ ...instanceRecord(manifest, { HOST: '127.0.0.1' }, port, metricsPort), instanceId: `events${port}` });
  const table = buildRegistryTable([
    { key: 'service.events.events4190', value: record(4190, 5190) },
    { key: 'service.events.events4191', value: record(4191) }, // serves no metrics
  ]);
  expect(table.refused).toEqual([]);
  const registered = registryTargets(table);
  expect(registered).toEqual([{ address: '127.0.0.1:5190', service: 'events', process: 'events@events4190' }]);
  const own = [{ address: '127.0.0.1:5002', service: 'listings', process: 'listings' }];
  expect(mergeTargets(own, registered)).toEqual([...own, ...registered]);
  // A stack process that also registered itself is scraped once, under the stack's name for it.
  expect(mergeTargets([...own, { address: '127.0.0.1:5190', service: 'events', process: 'events' }], registered)).toHaveLength(2);
});
