/**
 * Trace context across the event pipeline (issue 36 §2), on the OpenTelemetry API alone: without the SDK (tracing
 * off, register.ts) every call here is a no-op that costs next to nothing — no context is stored, no header is set.
 *
 * A change's request span → the outbox entry stores the context (traceHeaders) → the relay publishes it in the NATS
 * message's headers under a producer span (withProducerSpan) → each consumer continues it with a consumer span
 * (withConsumerSpan). So one trace shows browser → gateway → service → outbox → NATS → every consumer.
 */
import { context, propagation, trace, SpanKind, SpanStatusCode, type Context, type Link, type Span, type TextMapGetter, type TextMapSetter } from '@opentelemetry/api';
import { headers, type MsgHdrs } from '@nats-io/nats-core';

const tracer = () => trace.getTracer('@cp/service-kit');

/** W3C `traceparent` (and `tracestate`) of the active span, for storing beside an event; undefined when there is none. */
export function traceHeaders(ctx: Context = context.active()): Record<string, string> | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier.traceparent ? carrier : undefined;
}

/** Headers of a NATS message (MsgHdrs) as OpenTelemetry reads and writes them. */
export interface HeaderBag {
  get(key: string): string;
  set(key: string, value: string): void;
  keys(): string[];
}

const bagGetter: TextMapGetter<HeaderBag | undefined> = {
  get: (carrier, key) => carrier?.get(key) || undefined,
  keys: (carrier) => carrier?.keys() ?? [],
};
const bagSetter: TextMapSetter<HeaderBag> = { set: (carrier, key, value) => carrier.set(key, value) };

/** The context a stored entry's trace headers describe (its request's), or the active one when it has none. */
export function contextOf(stored: Record<string, string> | undefined | null): Context {
  return stored ? propagation.extract(context.active(), stored) : context.active();
}

/**
 * The headers tracing writes on an outgoing request (`traceparent`, `tracestate`, `baggage`); none when tracing is
 * off. A proxy drops the client's own of these when forwarding: the instrumentation sets them to its span's.
 */
export function propagatedHeaders(): string[] {
  return propagation.fields();
}

/** Whether tracing is on in this process (a propagator is installed): the NATS headers are worth making. */
export function tracing(): boolean {
  return propagation.fields().length > 0;
}

/**
 * Runs `fn` (a publish to `subject`) in a producer span, child of `parent` (the context the event was written in), and
 * hands it the NATS headers that carry the span on to the consumers (`{ headers }`, to spread into the publish
 * options); `{}` when tracing is off.
 */
export async function withProducerSpan<T>(subject: string, parent: Context, attrs: Record<string, string>, fn: (carry: { headers?: MsgHdrs }) => Promise<T>): Promise<T> {
  if (!tracing()) return fn({});
  return tracer().startActiveSpan(`publish ${subject}`, { kind: SpanKind.PRODUCER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject, 'messaging.operation.type': 'send', ...attrs } }, parent, async (span) =>
    ended(span, () => {
      const h = headers();
      propagation.inject(trace.setSpan(parent, span), h, bagSetter);
      return fn({ headers: h });
    }),
  );
}

/**
 * Runs `fn` (the handling of one message) in a consumer span, child of the context the message's headers carry: the
 * trace of the request whose change published it. Its own work (MongoDB, HTTP) nests under it.
 */
export async function withConsumerSpan<T>(consumer: string, msg: { subject: string; headers?: HeaderBag | undefined }, attrs: Record<string, string | number>, fn: () => Promise<T> | T): Promise<T> {
  if (!tracing()) return fn();
  const parent = propagation.extract(context.active(), msg.headers, bagGetter);
  const options = { kind: SpanKind.CONSUMER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': msg.subject, 'messaging.consumer.group.name': consumer, 'messaging.operation.type': 'process', ...attrs } };
  return tracer().startActiveSpan(`process ${msg.subject}`, options, parent, (span) => ended(span, fn));
}

/**
 * Runs `fn` (one batch of messages applied together) in a span linked to each message's trace: a batch has many
 * parents, so it starts its own trace and links them (OpenTelemetry's messaging conventions); each message also gets
 * its own consumer span in its trace (withConsumerSpan) so every request's trace reaches this consumer.
 */
export async function withBatchSpan<T>(consumer: string, msgs: ReadonlyArray<{ subject: string; headers?: HeaderBag | undefined }>, fn: () => Promise<T>): Promise<T> {
  if (!tracing()) return fn();
  const links: Link[] = [];
  for (const m of msgs) {
    const sc = trace.getSpanContext(propagation.extract(context.active(), m.headers, bagGetter));
    if (sc && trace.isSpanContextValid(sc)) links.push({ context: sc });
  }
  const options = { kind: SpanKind.CONSUMER, links, attributes: { 'messaging.system': 'nats', 'messaging.consumer.group.name': consumer, 'messaging.operation.type': 'process', 'messaging.batch.message_count': msgs.length } };
  return tracer().startActiveSpan(`process batch ${consumer}`, options, (span) => ended(span, fn));
}

/**
 * Starts one consumer span per message of a batch, each in its message's trace; `end` closes them all once the batch is
 * done (acked, or failed: `err`).
 */
export function startMessageSpans(consumer: string, msgs: ReadonlyArray<{ subject: string; headers?: HeaderBag | undefined }>): { end(err?: unknown): void } {
  if (!tracing()) return { end: () => {} };
  const spans = msgs.map((m) =>
    tracer().startSpan(
      `process ${m.subject}`,
      { kind: SpanKind.CONSUMER, attributes: { 'messaging.system': 'nats', 'messaging.destination.name': m.subject, 'messaging.consumer.group.name': consumer, 'messaging.operation.type': 'process' } },
      propagation.extract(context.active(), m.headers, bagGetter),
    ),
  );
  return {
    end(err) {
      for (const span of spans) {
        if (err !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: String(err).slice(0, 200) });
        span.end();
      }
    },
  };
}

async function ended<T>(span: Span, fn: () => Promise<T> | T): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    span.recordException(err instanceof Error ? err : String(err));
    span.setStatus({ code: SpanStatusCode.ERROR, message: String(err).slice(0, 200) });
    throw err;
  } finally {
    span.end();
  }
}

/** The trace and span ids of the active span, for a log line (pino's mixin); none outside a span. */
export function logTraceFields(): { trace_id?: string; span_id?: string } {
  const sc = trace.getActiveSpan()?.spanContext();
  return sc && trace.isSpanContextValid(sc) ? { trace_id: sc.traceId, span_id: sc.spanId } : {};
}
