import { PassThrough } from 'node:stream';
import type { Context } from 'koa';
import { StreamPositionSchema } from '@cp/contracts';
import { HttpError } from '@cp/service-kit';
import type { LiveFeed } from './events/live-feed.ts';
import type { MessagesDeps } from './use-cases/deps.ts';

/** Open streams a person may have at once on one replica (tabs, phones); more answer 429. */
export const LIVE_STREAMS_PER_USER = 8;
/**
 * Open streams one address may hold on one replica, whoever is signed in (a household or an office shares an address);
 * more answer 429. With the eviction below, no address can keep anyone else out.
 */
export const LIVE_STREAMS_PER_ADDRESS = 32;
/** A comment line this often keeps proxies (the gateway waits at most a minute between chunks) from closing the stream. */
export const LIVE_HEARTBEAT_MS = 15_000;

export const LIVE_STREAM_MESSAGES = {
  perUser: 'Too many open message streams: close a tab and try again',
  perAddress: 'Too many open message streams from your network: close some and try again',
} as const;

/** One open stream, as the slots see it. */
interface Slot {
  address: string;
  viewerId: string;
  /** Ends the stream (the browser reconnects, with its Last-Event-ID, and competes for a slot again). */
  close(): void;
  released: boolean;
}

/**
 * GET /api/messages/stream: the viewer's live events as server-sent events (contracts MESSAGES_STREAM_EVENTS). It
 * starts after `Last-Event-ID` (a reconnecting browser: nothing missed) or from now, announced by `ready` with that
 * position as its id, so even a first connection that drops resumes from where it was. Ends when the browser goes
 * or the replica stops (its socket closed at shutdown; the browser reconnects to another, with its Last-Event-ID).
 *
 * Fair slots (issue 41 §5): a replica keeps at most `maxStreams`, LIVE_STREAMS_PER_USER per person and
 * `perAddress` per client address. When the replica is full, a newcomer takes the slot of the oldest stream of the
 * address holding the most, as long as that address holds more than the newcomer's would; only when nobody holds more
 * than a fair share does a newcomer get 503 (the gateway tries another replica). So an address that opens as many
 * streams as it can never keeps another person out: it only churns its own.
 */
export function liveStreams(feed: LiveFeed, deps: Pick<MessagesDeps, 'logger'>, opts: { maxStreams: number; perAddress?: number; heartbeatMs?: number }) {
  const perAddress = opts.perAddress ?? LIVE_STREAMS_PER_ADDRESS;
  const perUser = new Map<string, number>();
  /** Each address's open streams, oldest first. */
  const byAddress = new Map<string, Slot[]>();
  let open = 0;

  const release = (slot: Slot) => {
    if (slot.released) return;
    slot.released = true;
    open -= 1;
    const left = (perUser.get(slot.viewerId) ?? 1) - 1;
    if (left > 0) perUser.set(slot.viewerId, left);
    else perUser.delete(slot.viewerId);
    const list = (byAddress.get(slot.address) ?? []).filter((s) => s !== slot);
    if (list.length > 0) byAddress.set(slot.address, list);
    else byAddress.delete(slot.address);
  };

  /** Room for one more stream of `address`: at once, by closing the biggest holder's oldest stream, or none (503). */
  const makeRoom = (address: string) => {
    if (open < opts.maxStreams) return;
    let biggest: Slot[] = [];
    for (const list of byAddress.values()) if (list.length > biggest.length) biggest = list;
    const mine = byAddress.get(address)?.length ?? 0;
    if (biggest.length <= mine + 1) throw new HttpError(503, 'Service Unavailable', { headers: { 'Retry-After': '5' } });
    const oldest = biggest[0]!;
    deps.logger.info({ address: oldest.address, holding: biggest.length }, 'live stream closed to make room for another address');
    release(oldest);
    oldest.close();
  };

  const serve = async function serve(ctx: Context, viewerId: string): Promise<void> {
    const header = ctx.get('last-event-id');
    const last = header ? StreamPositionSchema.safeParse(header) : undefined;
    if (last && !last.success) throw new HttpError(400, 'Last-Event-ID must be a stream position');
    const after = last?.data ?? (await feed.position());
    // From here to the slot's registration nothing waits: two requests at once cannot both take the last slot.
    const address = ctx.ip || 'unknown';
    if ((perUser.get(viewerId) ?? 0) >= LIVE_STREAMS_PER_USER) throw new HttpError(429, LIVE_STREAM_MESSAGES.perUser);
    if ((byAddress.get(address)?.length ?? 0) >= perAddress) throw new HttpError(429, LIVE_STREAM_MESSAGES.perAddress);
    makeRoom(address);

    const abort = new AbortController();
    const body = new PassThrough();
    const slot: Slot = { address, viewerId, close: () => abort.abort(), released: false };
    perUser.set(viewerId, (perUser.get(viewerId) ?? 0) + 1);
    byAddress.set(address, [...(byAddress.get(address) ?? []), slot]);
    open += 1;
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
        release(slot);
        body.end();
      });
  };
  /** The streams open on this replica now (the metric `live_streams_open`). */
  return Object.assign(serve, { open: () => open });
}
