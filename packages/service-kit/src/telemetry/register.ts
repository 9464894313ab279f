/**
 * Tracing's start (issue 36 §2), loaded before a process's own code: `node --import @cp/service-kit/telemetry <entry>`
 * (the local stack and the service image start every process so; TELEMETRY_IMPORT). It must come first because the
 * instrumentations wrap modules as they load: Koa, the MongoDB driver, Node's HTTP server and undici (the gateway's
 * client).
 *
 * With no exporter configured (the OTEL_* variables, env.ts) it does nothing at all: the SDK is not even loaded. With
 * one, the Node SDK starts with W3C trace-context propagation (a request's `traceparent` is continued, else a trace
 * starts), exports spans in batches (OTLP; a full queue drops spans, a slow or absent collector never slows a
 * request), and is flushed when the process ends (flushTelemetry, called by the kit's shutdown).
 */
import { TelemetryEnv, tracingEnabled } from './env.ts';
import { setTelemetryShutdown } from './state.ts';

/** The modules the instrumentations patch when they are imported (ESM): the only ones the import hook rewrites. */
const HOOKED = ['koa', 'mongodb', 'http', 'https', 'node:http', 'node:https'];

const parsed = TelemetryEnv.safeParse(process.env);
if (!parsed.success) {
  const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  // A malformed setting stops the start, as any other setting does (config.ts).
  throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
}

if (tracingEnabled(parsed.data)) {
  const hooks = await import('import-in-the-middle/register-hooks.mjs');
  if (hooks.supportsSyncHooks()) hooks.register({ include: HOOKED });
  else {
    const { register } = await import('node:module');
    register('import-in-the-middle/hook.mjs', import.meta.url, { data: { include: HOOKED } });
  }
  const [{ NodeSDK }, { HttpInstrumentation }, { KoaInstrumentation, KoaLayerType }, { MongoDBInstrumentation }, { UndiciInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-koa'),
    import('@opentelemetry/instrumentation-mongodb'),
    import('@opentelemetry/instrumentation-undici'),
  ]);
  const sdk = new NodeSDK({
    // Traces only: metrics are Prometheus' (pulled from the metrics port), logs go to stdout as JSON with their trace id.
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      // Calls made outside any request or event (the relay's and the jobs' polling, lease renewals, the renderer's
      // registry reads) start no trace of their own: a trace is a request's or an event's, and background polling
      // would otherwise be most of what is exported.
      new HttpInstrumentation({
        // Probes and scrapes are not traffic: no span for health checks or the metrics port.
        ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|livez|metrics)(\?|$)/.test(req.url ?? ''),
        requireParentforOutgoingSpans: true,
      }),
      // The router's span (the route template matched), not one per middleware: a dozen nested spans a request cost more than they tell.
      new KoaInstrumentation({ ignoreLayersType: [KoaLayerType.MIDDLEWARE] }),
      new MongoDBInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });
  sdk.start();
  setTelemetryShutdown(() => sdk.shutdown());
}
