/**
 * Tracing's preload (issue 36 §2, telemetry/register.ts) in a real Node process started as the stack starts them
 * (`node --import @cp/service-kit/telemetry`): with no exporter configured nothing of OpenTelemetry is set up (no
 * tracer provider, no propagator: the event pipeline's helpers are no-ops); with one it is; a malformed OTEL_* value
 * stops the start. The whole chain with a real receiver is infra/test/tracing.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
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
