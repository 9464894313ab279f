import { useEffect, useSyncExternalStore } from 'react';
import { MESSAGES_STREAM_EVENTS } from '@cp/contracts';
import { useAppDispatch, type AppDispatch } from '@cp/web-core';
import { messagesApi } from './messages-api.ts';

/**
 * Live delivery in the browser (issue 23 §4): one EventSource per tab on GET /api/messages/stream (server-sent
 * events, contracts MESSAGES_STREAM_EVENTS), opened while a part of this remote that shows messages is mounted (the
 * header's badge, on every page of a signed-in visitor). An event says which conversation changed; the cached answers
 * it touches are asked for again (the events carry no text). The browser reconnects by itself with the last event's
 * id (Last-Event-ID), and the service sends what was missed; each (re)connection's `ready` also refreshes everything
 * once, for what changed before the stream was open. While the stream is not open (refused, or the service is down)
 * the pages fall back to asking again every minute (`useLiveConnected`).
 */
const STREAM_URL = '/api/messages/stream';

let source: EventSource | undefined;
let users = 0;
let connected = false;
const listeners = new Set<() => void>();
const setConnected = (value: boolean) => {
  if (connected === value) return;
  connected = value;
  for (const l of listeners) l();
};

const conversationOf = (data: string): string | undefined => {
  try {
    const id = (JSON.parse(data) as { conversationId?: unknown }).conversationId;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
};

function open(dispatch: AppDispatch): void {
  if (source || typeof EventSource === 'undefined') return;
  const es = new EventSource(STREAM_URL, { withCredentials: true });
  source = es;
  const [ready, message, read] = MESSAGES_STREAM_EVENTS;
  es.addEventListener(ready, () => {
    setConnected(true);
    dispatch(messagesApi.util.invalidateTags(['Conversation', 'ConversationMessages', 'UnreadCount']));
  });
  const changed = (event: MessageEvent<string>) => {
    const id = conversationOf(event.data);
    if (!id) return;
    dispatch(
      messagesApi.util.invalidateTags([
        { type: 'ConversationMessages', id },
        { type: 'Conversation', id },
        { type: 'Conversation', id: 'LIST' },
        'UnreadCount',
      ]),
    );
  };
  es.addEventListener(message, changed);
  es.addEventListener(read, changed);
  // Reconnecting (readyState CONNECTING) or given up (CLOSED: a refusal such as 401/429/503): not live meanwhile.
  es.addEventListener('error', () => {
    setConnected(false);
    if (es.readyState === EventSource.CLOSED && source === es) source = undefined;
  });
}

function close(): void {
  source?.close();
  source = undefined;
  setConnected(false);
}

/** Keeps the tab's live stream open while the calling component is mounted. */
export function useLiveMessages(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    users += 1;
    open(dispatch);
    return () => {
      users -= 1;
      if (users === 0) close();
    };
  }, [dispatch]);
}

/** Whether the live stream is open now (false on the server and before it opens). */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => connected,
    () => false,
  );
}
