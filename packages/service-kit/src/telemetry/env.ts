/**
 * The standard OpenTelemetry variables a process reads (issue 36 §2), checked with zod like every other setting. They
 * are OpenTelemetry's own names (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/),
 * read by the SDK itself; this schema only refuses a malformed value at start and decides whether tracing runs at all.
 * Pure (no OpenTelemetry import): the preload reads it before deciding to load the SDK.
 */
import { z } from 'zod';

/**
 * The module a process imports before its own code (`node --import <it> <entry>`) so tracing can wrap the modules it
 * instruments as they load: register.ts, this package's `./telemetry` export. The local stack and the service image
 * start every process so.
 */
export const TELEMETRY_IMPORT = '@cp/service-kit/telemetry';

const exporters = z
  .string()
  .regex(/^\s*(otlp|console|none)(\s*,\s*(otlp|console|none))*\s*$/, 'must list otlp, console or none')
  .optional();

export const TelemetryEnv = z.object({
  /** `true`: no tracing whatever else is set. */
  OTEL_SDK_DISABLED: z.enum(['true', 'false']).optional(),
  /** Where spans go: `otlp` (the default once an endpoint is set), `console`, `none`. */
  OTEL_TRACES_EXPORTER: exporters,
  /** The OTLP receiver (a collector): `http://collector:4318`. Unset, with no OTEL_TRACES_EXPORTER: no tracing. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** `http/protobuf` (the default), `http/json` or `grpc`. */
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(['http/protobuf', 'http/json', 'grpc']).optional(),
  /** The name spans carry (the deployable's name; the local stack and the deploy files set it). */
  OTEL_SERVICE_NAME: z.string().min(1).max(100).optional(),
  /**
   * Which traces are recorded (head sampling, decided where a trace starts and followed by every service it reaches):
   * `parentbased_traceidratio` with OTEL_TRACES_SAMPLER_ARG 0.1 records one new trace in ten and every trace a caller
   * already sampled (the deploy files' choice: monitoring.ts TRACE_SAMPLING). Unset: every trace (the SDK's default).
   */
  OTEL_TRACES_SAMPLER: z
    .enum(['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'])
    .optional(),
  /** The ratio of the `traceidratio` samplers, 0 to 1. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).optional(),
  /** How many finished spans wait for export; beyond it new ones are dropped (never a request slowed). */
  OTEL_BSP_MAX_QUEUE_SIZE: z.coerce.number().int().min(1).max(1_000_000).optional(),
  /** How often (ms) waiting spans are exported in one batch. */
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(1).max(600_000).optional(),
});
export type TelemetryEnv = z.infer<typeof TelemetryEnv>;

/**
 * Whether a process traces: an exporter is configured (an OTLP endpoint, or OTEL_TRACES_EXPORTER other than `none`)
 * and the SDK is not disabled. Otherwise nothing of the SDK is even loaded: no span, no export, no cost.
 */
export function tracingEnabled(env: TelemetryEnv): boolean {
  if (env.OTEL_SDK_DISABLED === 'true') return false;
  const listed = env.OTEL_TRACES_EXPORTER?.split(',').map((s) => s.trim());
  if (listed?.every((e) => e === 'none')) return false;
  return Boolean(listed?.length || env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}
