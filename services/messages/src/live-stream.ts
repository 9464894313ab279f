import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { StreamPositionSchema } from '@cp/contracts';
import { HttpError } from '@cp/service-kit';
import type { LiveFeed } from './events/live-feed.ts';
import type { MessagesDeps } from './use-cases/deps.ts';

/** Open streams a person may have at once on one replica (tabs, phones); more answer 429. */
export const LIVE_STREAMS_PER_USER = 8;
/** A comment line this often keeps proxies (the gateway waits at most a minute between chunks) from closing the stream. */
export const LIVE_HEARTBEAT_MS = 15_000;

/**
 * GET /api/messages/stream: the viewer's live events as server-sent events (contracts MESSAGES_STREAM_EVENTS). It
 * starts after `Last-Event-ID` (a reconnecting browser: nothing missed) or from now, announced by `ready` with that
 * position as its id, so even a first connection that drops resumes from where it was. Ends when the browser goes
 * or the replica stops (its socket closed at shutdown; the browser reconnects to another, with its Last-Event-ID).
 */
export function liveStreams(feed: LiveFeed, deps: Pick<MessagesDeps, 'logger'>, opts: { maxStreams: number; heartbeatMs?: number }) {
  const perUser = new Map<string, number>();
  let open = 0;

  const serve = async function serve(ctx: Context, viewerId: string): Promise<void> {
    const header = ctx.get('last-event-id');
    const last = header ? StreamPositionSchema.safeParse(header) : undefined;
    if (last && !last.success) throw new HttpError(400, 'Last-Event-ID must be a stream position');
    if ((perUser.get(viewerId) ?? 0) >= LIVE_STREAMS_PER_USER) throw new HttpError(429, 'Too many open message streams: close a tab and try again');
    if (open >= opts.maxStreams) throw new HttpError(503, 'Service Unavailable', { headers: { 'Retry-After': '5' } });
    const after = last?.data ?? (await feed.position());

    perUser.set(viewerId, (perUser.get(viewerId) ?? 0) + 1);
    open += 1;
    const abort = new AbortController();
    const body = new PassThrough();
    const write = (text: string) => {
      if (!body.writableEnded) body.write(text);
    };
    ctx.req.socket.setTimeout(0);
    ctx.req.socket.setNoDelay(true);
    ctx.status = 200;
    ctx.type = 'text/event-stream';
    ctx.set('Cache-Control', 'no-cache, no-transform');
    ctx.set('X-Accel-Buffering', 'no');
    ctx.body = body;
    ctx.req.once('close', () => abort.abort());
    body.once('close', () => abort.abort());

    write(`retry: 3000\nid: ${after}\nevent: ready\ndata: {}\n\n`);
    const heartbeat = setInterval(() => write(': keep-alive\n\n'), opts.heartbeatMs ?? LIVE_HEARTBEAT_MS);
    void (async () => {
      for await (const e of feed.follow(viewerId, after, abort.signal)) write(`id: ${e.id}\nevent: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`);
    })()
      .catch((err: unknown) => {
        if (!abort.signal.aborted) deps.logger.warn({ err }, 'live stream ended by an error');
      })
      .finally(() => {
        clearInterval(heartbeat);
        open -= 1;
        const left = (perUser.get(viewerId) ?? 1) - 1;
        if (left > 0) perUser.set(viewerId, left);
        else perUser.delete(viewerId);
        body.end();
      });
  };
  /** The streams open on this replica now (the metric `live_streams_open`). */
  return Object.assign(serve, { open: () => open });
}
