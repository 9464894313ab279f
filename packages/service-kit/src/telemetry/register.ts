/**
 * Tracing's start (issue 36 §2), loaded before a process's own code: `node --import @cp/service-kit/telemetry <entry>`
 * (the local stack and the service image start every process so; TELEMETRY_IMPORT). It must come first because the
 * instrumentations wrap modules as they load: the MongoDB driver, Node's HTTP client and undici (the gateway's client).
 * Each request's server span is the kit's own middleware's (server-span.ts: cheaper for the requests not sampled).
 *
 * With no exporter configured (the OTEL_* variables, env.ts) it does nothing at all: nothing of the SDK is loaded. With
 * one, it sets up what tracing needs and nothing more, from the standard variables: W3C trace-context propagation (a
 * request's `traceparent` is continued, else a trace starts), the sampler (OTEL_TRACES_SAMPLER), the resource
 * (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES), spans exported in batches (a full queue drops spans: a slow or absent
 * collector never slows a request) to the exporter OTEL_TRACES_EXPORTER and OTEL_EXPORTER_OTLP_PROTOCOL name, and a
 * flush when the process ends (flushTelemetry, called by the kit's shutdown).
 *
 * Why not the Node SDK package (`@opentelemetry/sdk-node`): it loads every exporter of every signal and protocol
 * (gRPC, protobuf, Prometheus, Zipkin, logs, metrics) whatever is configured. Merely loaded, not even started, those
 * modules raised the gateway's CPU time per request on the listings page by about a quarter (measured with the
 * instrumentations, the hooks and the SDK's start each left out in turn: the loading alone made the difference).
 * Here only what is configured is loaded; the bench's observability part holds the cost (BENCH_OBSERVABILITY=tracing).
 */
import { TelemetryEnv, tracingEnabled, type TelemetryEnv as Env } from './env.ts';
import { setTelemetryShutdown } from './state.ts';

/** The modules the instrumentations patch when they are imported (ESM): the only ones the import hook rewrites. */
const HOOKED = ['mongodb', 'http', 'https', 'node:http', 'node:https'];

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
  await startTracing(parsed.data);
}

/** The exporters OTEL_TRACES_EXPORTER lists (`otlp` when only an endpoint is set), `none` left out. */
function exporterNames(env: Env): Array<'otlp' | 'console'> {
  const listed = env.OTEL_TRACES_EXPORTER?.split(',').map((s) => s.trim()) ?? ['otlp'];
  return [...new Set(listed.filter((e): e is 'otlp' | 'console' => e === 'otlp' || e === 'console'))];
}

async function startTracing(env: Env): Promise<void> {
  const [api, { AsyncLocalStorageContextManager }, core, sdk, resources, { registerInstrumentations }, { HttpInstrumentation }, { MongoDBInstrumentation }, { UndiciInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-mongodb'),
      import('@opentelemetry/instrumentation-undici'),
    ]);

  // The instrumentations first: they patch the modules the process is about to load.
  registerInstrumentations({
    instrumentations: [
      // Calls made outside any request or event (the relay's and the jobs' polling, lease renewals, the renderer's
      // registry reads) start no trace of their own: a trace is a request's or an event's, and background polling
      // would otherwise be most of what is exported.
      // Node's HTTP client (the S3 client's, the mail transport's); a request's server span is the kit's (server-span.ts).
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true, requireParentforOutgoingSpans: true }),
      new MongoDBInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation({ requireParentforSpans: true }),
    ],
  });

  const contextManager = new AsyncLocalStorageContextManager();
  contextManager.enable();
  api.context.setGlobalContextManager(contextManager);
  api.propagation.setGlobalPropagator(new core.CompositePropagator({ propagators: [new core.W3CTraceContextPropagator(), new core.W3CBaggagePropagator()] }));

  const exporters = await Promise.all(exporterNames(env).map((name) => (name === 'console' ? new sdk.ConsoleSpanExporter() : otlpExporter(env))));
  const spanProcessors = exporters.map((exporter) =>
    exporter instanceof sdk.ConsoleSpanExporter
      ? new sdk.SimpleSpanProcessor({ exporter })
      : new sdk.BatchSpanProcessor({
          exporter,
          ...(env.OTEL_BSP_MAX_QUEUE_SIZE !== undefined ? { maxQueueSize: env.OTEL_BSP_MAX_QUEUE_SIZE } : {}),
          ...(env.OTEL_BSP_SCHEDULE_DELAY !== undefined ? { scheduledDelayMillis: env.OTEL_BSP_SCHEDULE_DELAY } : {}),
        }),
  );
  const ratio = env.OTEL_TRACES_SAMPLER_ARG ?? 1;
  const samplers = {
    always_on: () => new sdk.AlwaysOnSampler(),
    always_off: () => new sdk.AlwaysOffSampler(),
    traceidratio: () => new sdk.TraceIdRatioBasedSampler(ratio),
    parentbased_always_on: () => new sdk.ParentBasedSampler({ root: new sdk.AlwaysOnSampler() }),
    parentbased_always_off: () => new sdk.ParentBasedSampler({ root: new sdk.AlwaysOffSampler() }),
    parentbased_traceidratio: () => new sdk.ParentBasedSampler({ root: new sdk.TraceIdRatioBasedSampler(ratio) }),
  };
  const provider = new sdk.TracerProvider({
    // Unset: the SDK's default, every trace its caller did not decline (parent-based, always on).
    ...(env.OTEL_TRACES_SAMPLER ? { sampler: samplers[env.OTEL_TRACES_SAMPLER]() } : {}),
    // The service's name and attributes from OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES, the process's and the host's.
    resource: resources.defaultResource().merge(resources.detectResources({ detectors: [resources.envDetector, resources.processDetector, resources.hostDetector] })),
    spanProcessors,
  });
  api.trace.setGlobalTracerProvider(provider);
  // Flushed first: a processor's shutdown alone does not wait for the exports it has started (the console's).
  setTelemetryShutdown(async () => {
    await provider.forceFlush();
    await provider.shutdown();
  });
}

/** The OTLP exporter of the configured protocol (OTEL_EXPORTER_OTLP_PROTOCOL, http/protobuf by default), the only one loaded. */
async function otlpExporter(env: Env) {
  switch (env.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/protobuf') {
    case 'http/json':
      return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
    case 'grpc':
      return new (await import('@opentelemetry/exporter-trace-otlp-grpc')).OTLPTraceExporter();
    default:
      return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
  }
}
