/**
 * Issue 36 §2, "Done when": a listing created through the gateway gives one trace — received by an OTLP receiver in
 * this test — with spans from the gateway, listings (Koa, MongoDB, the outbox's publish) and the search service's
 * consumer, linked through NATS: the consumer's span is the child of the publish span, whose context the message's
 * headers carried. The processes are the stack's own (startServices, started with the kit's tracing preload) with the
 * standard OTEL_* variables pointing at the receiver, on a NATS server and databases of this test's own.
 *
 * Also: the browser's `traceparent` is continued (the trace id is the one the test sent), the services' log lines
 * carry the trace id, and a receiver that goes away slows nothing (requests go on answering).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Connection } from 'mongoose';
import { ListingCreated } from '@cp/contracts';
import { connectMongo } from '@cp/service-kit';
import { faultNats, testEnv } from '../src/jest/test-env.ts';
import { registerThroughGateway } from './support/accounts.ts';
import { liftedPostingLimits } from '../src/stack-env.ts';
import { startServices, type RunningStack } from '../src/stack.ts';

jest.setTimeout(180_000);

/** One span as OTLP/JSON sends it (the fields this test reads). */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Array<{ key: string; value: { stringValue?: string; intValue?: string | number } }>;
}
interface ReceivedSpan extends OtlpSpan {
  service: string;
  scope: string;
}
interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans?: Array<{ scope?: { name?: string }; spans?: OtlpSpan[] }>;
  }>;
}

/** OpenTelemetry's span kinds, as OTLP numbers them. */
const KIND = { server: 2, client: 3, producer: 4, consumer: 5 } as const;

const suffix = randomUUID().slice(0, 8);
const dbs = { identity: `tracing_identity_${suffix}`, listings: `tracing_listings_${suffix}` };
const spans: ReceivedSpan[] = [];
let receiver: http.Server;
let nats: Awaited<ReturnType<typeof faultNats>>;
let stack: RunningStack;
let dataDir: string;
let gateway: string;
const conns: Connection[] = [];

/** An OTLP/HTTP receiver (JSON) keeping every span it is sent, with its service's name and its instrumentation scope. */
function startReceiver(): Promise<string> {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport;
        for (const rs of body.resourceSpans ?? []) {
          const service = rs.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
          for (const ss of rs.scopeSpans ?? []) for (const s of ss.spans ?? []) spans.push({ ...s, service, scope: ss.scope?.name ?? '?' });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => receiver.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  const otlp = await startReceiver();
  nats = await faultNats();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cp-tracing-'));
  // The standard variables only (the kit's TelemetryEnv): JSON over HTTP to the receiver, batches every 200 ms.
  // Head sampling as deployed (parent-based), with a ratio of 0 for new traces: what is recorded below is what a caller
  // sampled, and a request nobody sampled must leave no span anywhere.
  const tracing = {
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '200',
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: '0',
    LOG_LEVEL: 'info',
  };
  stack = await startServices({
    dataDir,
    infraEnv: { ...testEnv(), NATS_URL: nats.url },
    portOffset: Number(process.env.CP_TEST_PORT_BASE ?? 10_000) + 340,
    services: ['identity', 'listings', 'search', 'gateway'],
    web: 'folders',
    extraEnv: {
      identity: { ...tracing, MONGO_DB: dbs.identity },
      listings: { ...tracing, MONGO_DB: dbs.listings, ...(await liftedPostingLimits()).listings },
      search: tracing,
      gateway: { ...tracing, RATE_LIMIT_GLOBAL: '0', RATE_LIMIT_AUTH: '0' },
    },
  });
  gateway = stack.urls.gateway!;
  for (const db of Object.values(dbs)) conns.push(await connectMongo(testEnv().MONGO_URL, db));
});

afterAll(async () => {
  await stack?.stop();
  await nats?.close();
  for (const c of conns) {
    await c.dropDatabase().catch(() => undefined);
    await c.close();
  }
  await new Promise((resolve) => receiver?.close(resolve));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** A new account's session cookie. */
const register = () => registerThroughGateway(gateway, 'trace');

const attr = (s: OtlpSpan, key: string) => s.attributes?.find((a) => a.key === key)?.value.stringValue;

describe('a listing created through the gateway', () => {
  let traceId: string;
  let listingId: string;
  let cookie: string;

  beforeAll(async () => {
    cookie = await register();
    // The browser's own trace context (W3C): the gateway continues it.
    traceId = randomBytes(16).toString('hex');
    const res = await fetch(`${gateway}/api/listings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
      body: JSON.stringify({ category: 'Buy & Sell', title: `Traced sofa ${suffix}`, description: 'Three seater sofa in very good condition, pick up only.', location: 'Harrisburg PA', price: 200, tier: 'free', status: 'active' }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { id?: string; _id?: string };
    listingId = String(body.id ?? body._id);
  });

  it('is one trace from the gateway through listings, its outbox and NATS to the search consumer', async () => {
    const inTrace = () => spans.filter((s) => s.traceId === traceId);
    const consumer = await until('the search consumer’s span in the request’s trace', () => inTrace().find((s) => s.service === 'search' && s.kind === KIND.consumer));

    const trace = inTrace();
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    // The gateway continued the browser's context: its server span's parent is the browser's span (not in the trace).
    const gatewayServer = trace.find((s) => s.service === 'gateway' && s.kind === KIND.server);
    expect(gatewayServer).toBeDefined();
    // …and called listings (undici), whose server span is that call's child.
    const gatewayClient = trace.find((s) => s.service === 'gateway' && s.kind === KIND.client && s.parentSpanId === gatewayServer!.spanId);
    expect(gatewayClient).toBeDefined();
    const listingsServer = trace.find((s) => s.service === 'listings' && s.kind === KIND.server);
    expect(listingsServer?.parentSpanId).toBe(gatewayClient!.spanId);
    // Named by the route's template, as the metrics label it; then listings' own work: MongoDB (the transaction that wrote the listing and its event).
    expect([listingsServer!.name, attr(listingsServer!, 'http.route'), attr(listingsServer!, 'http.request.method')]).toEqual(['POST /api/listings', '/api/listings', 'POST']);
    expect(trace.filter((s) => s.parentSpanId === listingsServer!.spanId).length).toBeGreaterThan(0);
    expect(trace.some((s) => s.service === 'listings' && attr(s, 'db.system.name') === 'mongodb') || trace.some((s) => s.service === 'listings' && attr(s, 'db.system') === 'mongodb')).toBe(true);
    // The outbox's relay published the created event in the request's trace…
    const publish = trace.find((s) => s.service === 'listings' && s.kind === KIND.producer && s.name === `publish ${ListingCreated.subject}`);
    expect(publish).toBeDefined();
    // …and the search service's consumer continued it from the message's headers: linked through NATS.
    expect(consumer.parentSpanId).toBe(publish!.spanId);
    expect(consumer.name).toBe(`process ${ListingCreated.subject}`);
    // Every span of the chain leads back to the gateway's (one trace, no orphan in between).
    let at: ReceivedSpan | undefined = consumer;
    const chain: string[] = [];
    while (at) {
      chain.push(`${at.service}:${at.name}`);
      at = at.parentSpanId ? byId.get(at.parentSpanId) : undefined;
    }
    expect(chain.at(-1)).toBe(`gateway:${gatewayServer!.name}`);
    expect(chain.map((c) => c.split(':')[0])).toEqual(expect.arrayContaining(['search', 'listings', 'gateway']));
    // Background work (the relay's polling, jobs, lease renewals) starts no trace: every client span has a parent.
    expect(spans.filter((s) => s.kind === KIND.client && !s.parentSpanId).map((s) => `${s.service}:${s.name}`)).toEqual([]);
  });

  it('leaves the trace id on the services’ log lines', async () => {
    const logged = (name: string) => readFileSync(path.join(dataDir, 'logs', `${name}.log`), 'utf8').split('\n').filter((l) => l.includes(`"trace_id":"${traceId}"`));
    await until('a listings log line with the trace id', () => logged('listings').length > 0);
    expect(logged('listings').some((l) => l.includes('"msg":"request"'))).toBe(true);
  });

  it('records nothing of a request its caller did not sample, nor of a new one the ratio leaves out, in any service', async () => {
    const unsampled = randomBytes(16).toString('hex');
    const res = await fetch(`${gateway}/api/listings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, traceparent: `00-${unsampled}-${randomBytes(8).toString('hex')}-00` },
      body: JSON.stringify({ category: 'Buy & Sell', title: `Untraced chair ${suffix}`, description: 'A sturdy wooden chair, pick up only, please.', location: 'Carlisle PA', price: 20, tier: 'free', status: 'active' }),
    });
    expect(res.status).toBe(201);
    const nonce = randomBytes(6).toString('hex');
    expect((await fetch(`${gateway}/api/listings/${listingId}?probe=${nonce}`, { headers: { cookie } })).status).toBe(200);
    // The context still travels (the logs carry its trace id) while nothing is recorded.
    const logged = () => readFileSync(path.join(dataDir, 'logs', 'listings.log'), 'utf8').includes(`"trace_id":"${unsampled}"`);
    await until('a listings log line with the unsampled trace id', () => logged());
    // The sampled trace of the first test is still being received meanwhile: wait for two export batches and look.
    const sampledBefore = spans.filter((s) => s.traceId === traceId).length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(spans.filter((s) => s.traceId === unsampled)).toEqual([]);
    expect(spans.filter((s) => JSON.stringify(s.attributes ?? []).includes(nonce))).toEqual([]);
    expect(spans.filter((s) => s.traceId === traceId).length).toBeGreaterThanOrEqual(sampledBefore);
  });

  it('keeps answering when the receiver is gone: spans are dropped, never waited for', async () => {
    await new Promise((resolve) => receiver.close(resolve));
    receiver.closeAllConnections();
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${gateway}/api/listings/${listingId}`, { headers: { cookie } });
      expect(res.status).toBe(200);
    }
  });
});
