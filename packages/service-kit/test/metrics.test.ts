/**
 * Issue 36 §1: a process's Prometheus metrics — requests by route template (bounded labels), the outbox and the
 * consumers of the event pipeline read from the real MongoDB and NATS — served on an internal port of their own.
 */
import { randomUUID } from 'node:crypto';
import { AckPolicy } from '@nats-io/jetstream';
import { eventStream } from '@cp/contracts';
import { addGauge, connectMongo, connectNats, consumerMetrics, createLogger, createMetrics, ensureStream, outboxMetrics, outboxModel, serveMetrics, type MetricsServer } from '../src/index.ts';
import { testEnv } from '../../../infra/src/jest/test-env.ts';
import { startMeasuredApp } from './support/measured-app.ts';

const logger = createLogger('metrics-test', 'silent');

/** The series of one metric in a Prometheus text: each line's labels (as written) and value. */
function series(text: string, name: string): Array<{ labels: string; value: number }> {
  return text
    .split('\n')
    .filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `))
    .map((line) => {
      const m = /^[^{\s]+(\{.*\})?\s+(\S+)$/.exec(line)!;
      return { labels: m[1] ?? '', value: Number(m[2]) };
    });
}

const servers: MetricsServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.close();
});
const scrape = async (server: MetricsServer) => (await fetch(`http://127.0.0.1:${server.port}/metrics`)).text();

test('requests are counted by route template, method and status: 2,000 listing ids add no series', async () => {
  const things = await startMeasuredApp('things', logger);
  const { base, metrics } = things;
  const server = await serveMetrics(metrics, '127.0.0.1', 0, logger);
  servers.push(server);
  try {
    for (let i = 0; i < 2_000; i += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, k) => fetch(`${base}/api/things/id-${i + k}`).then((r) => r.arrayBuffer())));
    }
    for (let i = 0; i < 100; i++) await fetch(`${base}/nowhere/${i}`).then((r) => r.arrayBuffer());
    await fetch(`${base}/api/things/x`, { method: 'PROPFIND' }).then((r) => r.arrayBuffer());
    const text = await scrape(server);
    const counts = series(text, 'http_server_request_duration_seconds_count');
    expect(counts.map((s) => s.labels).sort()).toEqual([
      '{service="things",route="/api/things/:id",method="GET",status="200"}',
      '{service="things",route="unmatched",method="GET",status="404"}',
      '{service="things",route="unmatched",method="other",status="405"}',
    ]);
    expect(counts.find((s) => s.labels.includes(':id'))?.value).toBe(2_000);
    expect(text).not.toContain('id-1');
    // The Node runtime: event-loop lag and heap, with the service's label.
    expect(series(text, 'nodejs_eventloop_lag_seconds')[0]?.labels).toBe('{service="things"}');
    expect(series(text, 'nodejs_heap_size_used_bytes').length).toBe(1);
    // Only GET /metrics: anything else of the internal port is a 404.
    expect((await fetch(`http://127.0.0.1:${server.port}/api/things/1`)).status).toBe(404);
  } finally {
    things.close();
  }
});

test("the outbox's pending events and the age of the oldest, from the service's database", async () => {
  const env = testEnv();
  const conn = await connectMongo(env.MONGO_URL, `metrics_${randomUUID().slice(0, 8)}`);
  const metrics = createMetrics('outboxed');
  const now = Date.parse('2026-12-02T10:00:00Z');
  outboxMetrics(metrics.registry, conn, logger, () => now);
  const server = await serveMetrics(metrics, '127.0.0.1', 0, logger);
  servers.push(server);
  try {
    let text = await scrape(server);
    expect(series(text, 'outbox_pending_events')).toEqual([{ labels: '{service="outboxed"}', value: 0 }]);
    expect(series(text, 'outbox_oldest_pending_age_seconds')).toEqual([{ labels: '{service="outboxed"}', value: 0 }]);
    const model = outboxModel(conn);
    const doc = (id: string, secondsAgo: number, status: 'pending' | 'published') => ({
      _id: id, type: 'x', version: 1, subject: 'events.outboxed.x', stream: 'EVENTS_OUTBOXED', seq: secondsAgo, occurredAt: new Date(now - secondsAgo * 1000), data: {}, status, attempts: 0, nextAttemptAt: new Date(now), lockedUntil: null, lockedBy: null,
    });
    await model.insertMany([doc('a', 30, 'pending'), doc('b', 5, 'pending'), doc('c', 300, 'published')]);
    text = await scrape(server);
    expect(series(text, 'outbox_pending_events')[0]?.value).toBe(2);
    expect(series(text, 'outbox_oldest_pending_age_seconds')[0]?.value).toBe(30);
  } finally {
    await conn.dropDatabase();
    await conn.close();
  }
});

test("each of the service's consumers: its backlog, what it holds unacknowledged, and its dead letters", async () => {
  const env = testEnv();
  const nats = await connectNats({ url: env.NATS_URL, name: 'metrics-test', logger });
  const domain = `m${randomUUID().slice(0, 8)}`;
  const stream = await ensureStream(nats.jsm, domain);
  const metrics = createMetrics('reader');
  consumerMetrics(metrics.registry, nats.jsm, 'reader', [domain], logger);
  const server = await serveMetrics(metrics, '127.0.0.1', 0, logger);
  servers.push(server);
  try {
    await nats.jsm.consumers.add(stream, { durable_name: 'reader-feed', ack_policy: AckPolicy.Explicit, filter_subject: `events.${domain}.>` });
    await nats.jsm.consumers.add(stream, { durable_name: 'other-feed', ack_policy: AckPolicy.Explicit }); // another service's
    for (let i = 0; i < 3; i++) await nats.js.publish(`events.${domain}.thing`, JSON.stringify({ i }));
    await nats.js.publish(`deadletter.${eventStream(domain).name}.reader-feed`, 'gave up');
    const text = await scrape(server);
    const labels = `{stream="${stream}",consumer="reader-feed",service="reader"}`;
    expect(series(text, 'nats_consumer_pending_messages')).toEqual([{ labels, value: 3 }]);
    expect(series(text, 'nats_consumer_ack_pending_messages')).toEqual([{ labels, value: 0 }]);
    expect(series(text, 'nats_consumer_dead_letters')).toEqual([{ labels, value: 1 }]);
    expect(series(text, 'nats_consumers')[0]?.value).toBe(1);
  } finally {
    await nats.jsm.streams.delete(stream);
    await nats.close();
  }
});

test("a service's own gauges are read at scrape time, alone or per label set; one that throws reports NaN, not a false 0", async () => {
  const metrics = createMetrics('own');
  let open = 2;
  addGauge(metrics.registry, { name: 'live_streams_open', help: 'open', read: () => open });
  addGauge(metrics.registry, { name: 'search_documents', help: 'docs', labelNames: ['kind'], read: () => [{ labels: { kind: 'listings' }, value: 5 }, { labels: { kind: 'posts' }, value: 1 }] });
  addGauge(metrics.registry, {
    name: 'broken_gauge',
    help: 'throws',
    read: () => {
      throw new Error('gone');
    },
  });
  open = 3;
  const text = await metrics.text();
  expect(series(text, 'live_streams_open')).toEqual([{ labels: '{service="own"}', value: 3 }]);
  expect(series(text, 'search_documents')).toEqual([
    { labels: '{kind="listings",service="own"}', value: 5 },
    { labels: '{kind="posts",service="own"}', value: 1 },
  ]);
  expect(series(text, 'broken_gauge')).toEqual([{ labels: '{service="own"}', value: NaN }]);
});
