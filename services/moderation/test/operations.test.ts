/**
 * Issue 36 §4: the admins' operations API behind the real identity (admins checked on the server), reading a real
 * Prometheus (Debian's binary, as `npm start` runs it) that scrapes a running service; and what it answers when
 * Prometheus is not configured, down or too slow: 200 `{ available: false, error }`, quickly.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OperationsAnswerSchema, type OperationsAnswer } from '@cp/contracts';
import { outboxMetrics, serveMetrics, type MetricsServer } from '@cp/service-kit';
import { startMeasuredApp, type MeasuredApp } from '../../../packages/service-kit/test/support/measured-app.ts';
import { startPrometheus, type PrometheusHandle } from '../../../infra/src/components/prometheus.ts';
import { freeLoopbackPorts } from '../../../infra/src/proc.ts';
import { prometheusSource } from '../src/data/prometheus.ts';
import { call, startModeration, type ModerationHarness, type Session } from './helpers.ts';

jest.setTimeout(90_000);

const PATH = '/api/admin/operations';

describe('the operations admin API', () => {
  let h: ModerationHarness;
  let admin: Session;
  const closers: Array<() => Promise<void> | void> = [];
  beforeAll(async () => {
    h = await startModeration();
    admin = await h.newAdminSession();
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await h?.close();
  });

  const read = async (query = '') => {
    const res = await call(h.base, 'GET', `${PATH}${query}`, { cookie: admin.cookie });
    return { status: res.status, body: res.body as unknown };
  };

  it('is for admins only: 401 signed out, 403 for a member', async () => {
    expect((await call(h.base, 'GET', PATH)).status).toBe(401);
    const member = await h.newSession();
    expect((await call(h.base, 'GET', PATH, { cookie: member.cookie })).status).toBe(403);
  });

  it('refuses a window or step out of bounds with a JSON 400', async () => {
    h.deps.metrics = undefined;
    for (const query of ['?window=2d', '?window=1h&step=1', '?window=1h&step=601', '?window=6h&step=5', '?step=abc']) {
      const res = await read(query);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String) }));
    }
  });

  it('says the metrics are unavailable when no Prometheus is configured, or it is down, or too slow — quickly, never a 500', async () => {
    h.deps.metrics = undefined;
    expect(await read()).toEqual({ status: 200, body: { available: false, error: expect.stringContaining('PROMETHEUS_URL') } });

    const [closedPort] = await freeLoopbackPorts(1);
    h.deps.metrics = prometheusSource(`http://127.0.0.1:${closedPort}`);
    expect(await read()).toEqual({ status: 200, body: { available: false, error: 'Prometheus cannot be reached' } });

    // Accepts the connection and never answers.
    const hanging: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', () => resolve()));
    closers.push(() => new Promise<void>((resolve) => hanging.close(() => resolve())));
    closers.push(() => void hanging.closeAllConnections());
    h.deps.metrics = prometheusSource(`http://127.0.0.1:${(hanging.address() as AddressInfo).port}`, { timeoutMs: 500 });
    const started = Date.now();
    expect(await read()).toEqual({ status: 200, body: { available: false, error: 'Prometheus did not answer within 0.5 s' } });
    expect(Date.now() - started).toBeLessThan(3_000);

    // A Prometheus that refuses the query (an error of its own) is unavailable too.
    const refusing: Server = createServer((_req, res) => res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable'));
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve()));
    closers.push(() => new Promise<void>((resolve) => refusing.close(() => resolve())));
    h.deps.metrics = prometheusSource(`http://127.0.0.1:${(refusing.address() as AddressInfo).port}`);
    expect(await read()).toEqual({ status: 200, body: { available: false, error: expect.stringMatching(/^Prometheus answered 503/) } });
  });

  it("draws a running service's requests, p95, errors, instances and outbox age from the real Prometheus", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cp-operations-'));
    closers.push(() => rmSync(dir, { recursive: true, force: true }));
    const things: MeasuredApp = await startMeasuredApp('things', h.deps.logger);
    closers.push(() => things.close());
    outboxMetrics(things.metrics.registry, h.conn, h.deps.logger);
    const metricsServer: MetricsServer = await serveMetrics(things.metrics, '127.0.0.1', 0, h.deps.logger);
    closers.push(() => metricsServer.close());
    const [port] = await freeLoopbackPorts(1);
    const prometheus: PrometheusHandle = await startPrometheus({ dir, port: port!, pidDir: path.join(dir, 'run'), logDir: dir, scrapeInterval: '1s', name: `prometheus-${port}` });
    closers.push(() => prometheus.stop());
    prometheus.setTargets([{ address: `127.0.0.1:${metricsServer.port}`, service: 'things', process: 'things' }]);
    h.deps.metrics = prometheusSource(prometheus.url);

    // Requests keep coming while Prometheus scrapes, until the answer has a rate for them.
    const deadline = Date.now() + 60_000;
    let answer: Extract<OperationsAnswer, { available: true }> | undefined;
    const latest = (values: Array<number | null> | undefined) => values?.filter((v): v is number => v !== null).at(-1);
    for (;;) {
      for (let i = 0; i < 20; i++) await fetch(`${things.base}/api/things/${i}`).then((r) => r.arrayBuffer());
      const res = await read('?window=15m&step=5');
      expect(res.status).toBe(200);
      const parsed = OperationsAnswerSchema.parse(res.body);
      if (!parsed.available) throw new Error(`unavailable: ${parsed.error}`);
      const row = parsed.services.find((s) => s.service === 'things');
      if (row && (latest(row.series.requests) ?? 0) > 0 && latest(row.series.latencyP95) !== undefined) {
        answer = parsed;
        break;
      }
      if (Date.now() > deadline) throw new Error(`no request rate for "things" within 60 s: ${JSON.stringify(parsed.services)}`);
      await new Promise((r) => setTimeout(r, 1_000));
    }
    expect(answer.window).toBe('15m');
    expect(answer.step).toBe(5);
    expect(answer.timestamps).toHaveLength(181);
    expect(answer.timestamps[0]).toBe(answer.start);
    expect(answer.timestamps.at(-1)).toBe(answer.end);
    expect(answer.panels.map((p) => p.id)).toEqual(['requests', 'latencyP95', 'errorRatio', 'instances', 'outboxAge', 'consumerBacklog']);
    const row = answer.services.find((s) => s.service === 'things')!;
    for (const values of Object.values(row.series)) expect(values).toHaveLength(181);
    expect(latest(row.series.latencyP95)).toBeGreaterThan(0);
    expect(latest(row.series.latencyP95)).toBeLessThan(10);
    expect(latest(row.series.errorRatio)).toBe(0);
    expect(latest(row.series.instances)).toBe(1);
    expect(latest(row.series.outboxAge)).toBeGreaterThanOrEqual(0);
    // No consumer in this service: no backlog series, only nulls.
    expect(row.series.consumerBacklog.every((v) => v === null)).toBe(true);
  });
});
