/**
 * The server span of each request (issue 36 §2), made by the kit rather than by the HTTP and Koa instrumentations: first
 * of a process's middleware, it continues the caller's W3C trace context (or starts a trace, as the sampler decides),
 * makes it the request's active context (so the MongoDB, undici and HTTP client spans nest under it, the calls it makes
 * carry it on, and every log line carries its trace id), and names the span after the route's template once it is known
 * (`GET /api/listings/:id`, the metrics' label: never the raw path).
 *
 * Why not the instrumentations: for every request, sampled or not, they computed the span's attributes, bound the
 * request's and response's event emitters (every listener of a streamed answer then ran through the context manager)
 * and, for Koa, made a span per router layer. A request the sampler leaves out (nine in ten as deployed) now costs one
 * context switch and an unrecorded span; the attributes are written only for recorded spans. Measured by the bench's
 * observability part (BENCH_OBSERVABILITY=tracing: CPU time per request and requests/s against no tracing).
 *
 * With tracing off (no exporter configured, register.ts) it is a pass-through.
 */
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { Context, Middleware, Next } from 'koa';
import { routeTemplate } from '../metrics/metrics.ts';
import { tracing } from './trace.ts';

/** Probes and scrapes are not traffic: no span. */
const UNTRACED = /^\/(?:healthz|readyz|livez|metrics)$/;

/**
 * The request's server span. `route`: how the request's route is named (default routeTemplate, as the metrics do; the
 * gateway names its own rule or path class).
 */
export function serverSpans(opts: { route?: (ctx: Context) => string } = {}): Middleware {
  // The tracing preload ran before any of the process's own code: whether it traces is known now, once.
  if (!tracing()) return (_ctx: Context, next: Next) => next();
  const tracer = trace.getTracer('@cp/service-kit');
  const routeOf = opts.route ?? routeTemplate;
  return async function serverSpan(ctx: Context, next: Next): Promise<void> {
    if (UNTRACED.test(ctx.path)) return next();
    const parent = propagation.extract(ROOT_CONTEXT, ctx.headers);
    const span = tracer.startSpan(ctx.method, { kind: SpanKind.SERVER }, parent);
    const active = trace.setSpan(parent, span);
    // Not recorded (the sampler's choice, or the caller's): the context travels on, nothing else is done.
    if (!span.isRecording()) return context.with(active, next);
    span.setAttributes({
      'http.request.method': ctx.method,
      'url.path': ctx.path,
      'url.scheme': ctx.protocol,
      'server.address': ctx.hostname,
      'client.address': ctx.ip,
      'network.protocol.version': ctx.req.httpVersion,
      ...(ctx.get('user-agent') ? { 'user_agent.original': ctx.get('user-agent') } : {}),
    });
    // Ended when the answer is sent (a streamed body goes on after the middleware returns) or its connection closes.
    ctx.res.once('close', () => {
      const status = ctx.res.statusCode;
      span.setAttribute('http.response.status_code', status);
      if (status >= 500 || !ctx.res.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR, ...(ctx.res.writableFinished ? {} : { message: 'connection closed before the answer was sent' }) });
      span.end();
    });
    try {
      await context.with(active, next);
    } catch (err) {
      span.recordException(err instanceof Error ? err : String(err));
      throw err;
    } finally {
      const route = routeOf(ctx);
      span.updateName(`${ctx.method} ${route}`);
      span.setAttribute('http.route', route);
    }
  };
}
