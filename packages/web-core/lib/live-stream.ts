import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * Server-sent event streams in the browser, one connection per stream URL for the whole page: the shell's header links
 * (a badge that counts live) and a remote's pages (mf-messages' inbox and conversation) listen to the same
 * EventSource. A shared singleton of the Module Federation share scope (`@cp/web-core/live-stream`), so the shell and
 * every remote hold the same connections: a browser allows few connections per origin over HTTP/1.1, and every open
 * tab keeps its streams open.
 *
 * - A stream opens when its first listener subscribes and closes when its last one leaves.
 * - The browser reconnects by itself after a dropped connection (with `Last-Event-ID`). A refusal (an error status:
 *   401, 429, 503 while a service restarts) closes the EventSource for good; the stream is then opened again after
 *   RETRY_MS, doubling up to RETRY_MAX_MS, for as long as someone listens.
 * - `isOpen` says whether the connection is open now: a page polls while it is not (the stream's events are what
 *   make polling unnecessary).
 */
export type LiveListener = (event: string, data: string) => void;

export const RETRY_MS = 15_000;
export const RETRY_MAX_MS = 5 * 60_000;

interface Stream {
  source?: EventSource;
  open: boolean;
  listeners: Map<LiveListener, readonly string[]>;
  /** Event names the EventSource has a handler for. */
  handled: Set<string>;
  watchers: Set<() => void>;
  retryMs: number;
  retryTimer?: ReturnType<typeof setTimeout>;
}

const streams = new Map<string, Stream>();

function setOpen(stream: Stream, open: boolean): void {
  if (stream.open === open) return;
  stream.open = open;
  for (const watcher of stream.watchers) watcher();
}

function handle(stream: Stream, event: string): void {
  if (!stream.source || stream.handled.has(event)) return;
  stream.handled.add(event);
  stream.source.addEventListener(event, (message) => {
    const data = typeof (message as MessageEvent).data === 'string' ? ((message as MessageEvent).data as string) : '';
    for (const [listener, events] of [...stream.listeners]) if (events.includes(event)) listener(event, data);
  });
}

function connect(url: string, stream: Stream): void {
  if (stream.source || typeof EventSource === 'undefined') return;
  const source = new EventSource(url, { withCredentials: true });
  stream.source = source;
  stream.handled = new Set();
  source.addEventListener('open', () => {
    stream.retryMs = RETRY_MS;
    setOpen(stream, true);
  });
  source.addEventListener('error', () => {
    setOpen(stream, false);
    if (source.readyState !== EventSource.CLOSED || stream.source !== source) return;
    // Refused: this EventSource will not try again. Open a new one later, while someone still listens.
    stream.source = undefined;
    stream.retryTimer = setTimeout(() => {
      stream.retryTimer = undefined;
      if (stream.listeners.size > 0) connect(url, stream);
    }, stream.retryMs);
    stream.retryMs = Math.min(stream.retryMs * 2, RETRY_MAX_MS);
  });
  for (const events of stream.listeners.values()) for (const event of events) handle(stream, event);
}

function streamOf(url: string): Stream {
  let stream = streams.get(url);
  if (!stream) {
    stream = { open: false, listeners: new Map(), handled: new Set(), watchers: new Set(), retryMs: RETRY_MS };
    streams.set(url, stream);
  }
  return stream;
}

/** Listens to `events` of the stream at `url` (opening it if needed); returns the function that stops listening. */
export function subscribeLive(url: string, events: readonly string[], listener: LiveListener): () => void {
  const stream = streamOf(url);
  stream.listeners.set(listener, events);
  connect(url, stream);
  for (const event of events) handle(stream, event);
  return () => {
    stream.listeners.delete(listener);
    if (stream.listeners.size > 0) return;
    stream.source?.close();
    stream.source = undefined;
    if (stream.retryTimer) clearTimeout(stream.retryTimer);
    stream.retryTimer = undefined;
    stream.retryMs = RETRY_MS;
    setOpen(stream, false);
  };
}

/** Whether the stream at `url` is open now. */
export const isLiveOpen = (url: string): boolean => streams.get(url)?.open === true;

/** Calls `onChange` whenever the stream at `url` opens or closes; returns the function that stops it. */
export function watchLive(url: string, onChange: () => void): () => void {
  const stream = streamOf(url);
  stream.watchers.add(onChange);
  return () => stream.watchers.delete(onChange);
}

/**
 * Keeps the stream at `url` open while the calling component is mounted, calling `onEvent` for each of `events`
 * (the latest `onEvent` given: it need not be stable). Returns whether the stream is open now (false on the server and
 * before it opens). No `url`: nothing is opened.
 */
export function useLiveStream(url: string | undefined, events: readonly string[], onEvent: LiveListener): boolean {
  const latest = useRef(onEvent);
  latest.current = onEvent;
  const key = events.join('\n');
  useEffect(() => {
    if (!url) return undefined;
    return subscribeLive(url, key.split('\n'), (event, data) => latest.current(event, data));
  }, [url, key]);
  return useSyncExternalStore(
    (onChange) => (url ? watchLive(url, onChange) : () => undefined),
    () => (url ? isLiveOpen(url) : false),
    () => false,
  );
}
