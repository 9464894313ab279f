/**
 * Tracing's preload (issue 36 §2, telemetry/register.ts) in a real Node process started as the stack starts them
 * (`node --import @cp/service-kit/telemetry`): with no exporter configured nothing of OpenTelemetry is set up (no
 * tracer provider, no propagator: the event pipeline's helpers are no-ops); with one it is; a malformed OTEL_* value
 * stops the start. The whole chain with a real receiver is infra/test/tracing.test.ts.
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TELEMETRY_IMPORT, tracingEnabled } from '../src/telemetry/env.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const node = path.join(root, 'node_modules', '.bin', 'node');

/** Runs `code` after the preload with only `env` (and PATH) set; its stdout, stderr and exit code. */
function run(env: Record<string, string>, code: string) {
  const r = spawnSync(node, ['--import', TELEMETRY_IMPORT, '--input-type=module', '-e', code], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8', timeout: 30_000 });
  return { out: r.stdout.trim(), err: r.stderr, status: r.status };
}

/** What the process sees of tracing: whether a propagator writes headers, and what the kit's helper stores for an event. */
const PROBE = `
import { propagatedHeaders, traceHeaders } from '@cp/service-kit';
import { context, trace } from '@opentelemetry/api';
const span = trace.getTracer('probe').startSpan('probe');
const headers = traceHeaders(trace.setSpan(context.active(), span));
console.log(JSON.stringify({ fields: propagatedHeaders(), stored: headers ?? null, recording: span.isRecording() }));
span.end();
process.exit(0);
`;

describe('tracing preload', () => {
  it('sets nothing up when no exporter is configured', () => {
    const r = run({}, PROBE);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ fields: [], stored: null, recording: false });
  });

  it('traces and propagates W3C trace context once an exporter is configured', () => {
    // A receiver that is not there: the batch exporter fails quietly later, nothing waits for it.
    const r = run({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_SERVICE_NAME: 'probe' }, PROBE);
    expect(r.status).toBe(0);
    const seen = JSON.parse(r.out) as { fields: string[]; stored: Record<string, string> | null; recording: boolean };
    expect(seen.fields).toEqual(expect.arrayContaining(['traceparent', 'tracestate']));
    expect(seen.stored?.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(seen.recording).toBe(true);
  });

  it('is off when disabled or when the exporter is `none`', () => {
    const offs: Array<Record<string, string>> = [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_SDK_DISABLED: 'true' }, { OTEL_TRACES_EXPORTER: 'none' }];
    for (const env of offs) {
      expect(JSON.parse(run(env, PROBE).out)).toMatchObject({ fields: [], recording: false });
    }
  });

  it('refuses a malformed setting at start', () => {
    const r = run({ OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' }, 'console.log("started")');
    expect(r.status).not.toBe(0);
    expect(r.out).toBe('');
    expect(r.err).toContain('OTEL_EXPORTER_OTLP_ENDPOINT');
  });
});

/** Runs `code` after the preload without blocking this process (a receiver here must answer it): its exit code. */
function runAsync(env: Record<string, string>, code: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, ['--import', TELEMETRY_IMPORT, '--input-type=module', '-e', code], { cwd: root, env: { PATH: process.env.PATH ?? '', ...env }, stdio: 'ignore' });
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('error', reject);
    child.on('exit', (status) => {
      clearTimeout(timer);
      resolve(status);
    });
  });
}

/** A span ended, then the process flushed (the kit's shutdown) before it exits. */
const ONE_SPAN = `
import { flushTelemetry } from '@cp/service-kit';
import { trace } from '@opentelemetry/api';
trace.getTracer('probe').startSpan('probe span').end();
await flushTelemetry();
process.exit(0);
`;

describe('what the preload exports, by the standard variables', () => {
  let server: http.Server;
  let url: string;
  const posts: Array<{ path: string; type: string; body: Buffer }> = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        posts.push({ path: req.url ?? '', type: String(req.headers['content-type']), body: Buffer.concat(chunks) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => posts.splice(0));

  it('sends OTLP/HTTP protobuf by default, to the endpoint set, with the service name', async () => {
    expect(await runAsync({ OTEL_EXPORTER_OTLP_ENDPOINT: url, OTEL_SERVICE_NAME: 'probe-proto' }, ONE_SPAN)).toBe(0);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ path: '/v1/traces', type: 'application/x-protobuf' });
    // Protobuf's strings are stored as they are: the resource's service name and the span's name are in the bytes.
    expect(posts[0]!.body.includes('probe-proto')).toBe(true);
    expect(posts[0]!.body.includes('probe span')).toBe(true);
  });

  it('sends OTLP/HTTP JSON when the protocol says so', async () => {
    expect(await runAsync({ OTEL_EXPORTER_OTLP_ENDPOINT: url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_SERVICE_NAME: 'probe-json' }, ONE_SPAN)).toBe(0);
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({ path: '/v1/traces', type: 'application/json' });
    const doc = JSON.parse(posts[0]!.body.toString('utf8')) as { resourceSpans: Array<{ resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> }; scopeSpans: Array<{ spans: Array<{ name: string }> }> }> };
    expect(doc.resourceSpans[0]!.resource.attributes).toContainEqual({ key: 'service.name', value: { stringValue: 'probe-json' } });
    expect(doc.resourceSpans[0]!.scopeSpans[0]!.spans.map((s) => s.name)).toEqual(['probe span']);
  });

  it('follows the sampler: always_off records and sends nothing', async () => {
    expect(await runAsync({ OTEL_EXPORTER_OTLP_ENDPOINT: url, OTEL_TRACES_SAMPLER: 'always_off' }, ONE_SPAN)).toBe(0);
    expect(posts).toHaveLength(0);
    const r = run({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0' }, PROBE);
    expect(JSON.parse(r.out)).toMatchObject({ recording: false });
  });

  it('writes spans to the console with the console exporter, and sends none', async () => {
    const r = run({ OTEL_TRACES_EXPORTER: 'console', OTEL_EXPORTER_OTLP_ENDPOINT: url }, ONE_SPAN);
    expect(r.status).toBe(0);
    expect(r.out).toContain("name: 'probe span'");
    expect(posts).toHaveLength(0);
  });
});

describe('tracingEnabled', () => {
  it.each([
    [{}, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' }, true],
    [{ OTEL_TRACES_EXPORTER: 'console' }, true],
    [{ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }, false],
    [{ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' }, false],
  ] as const)('%j → %s', (env, expected) => {
    expect(tracingEnabled(env)).toBe(expected);
  });
});

describe('the images', () => {
  it('start every process with the tracing preload, as the local stack does', () => {
    const dockerfiles = ['service.Dockerfile', 'web.Dockerfile'].map((f) => readFileSync(path.join(root, 'infra', 'docker', f), 'utf8'));
    const starts = dockerfiles.flatMap((text) => text.split('\n').filter((l) => /^CMD /.test(l) && l.includes('services/')));
    expect(starts.length).toBeGreaterThanOrEqual(4);
    for (const cmd of starts) expect(cmd.replace(/["[\],]/g, ' ').replace(/\s+/g, ' ')).toContain(`node --import ${TELEMETRY_IMPORT} services/`);
  });
});
