import { MESSAGES_STREAM_EVENTS, MESSAGES_STREAM_PATH } from '@cp/contracts';
import { useAppDispatch } from '@cp/web-core';
import { useLiveStream } from '@cp/web-core/live-stream';
import { messagesApi } from './messages-api.ts';

/**
 * Live delivery in the browser (issue 23 §4): GET /api/messages/stream (server-sent events, contracts
 * MESSAGES_STREAM_EVENTS), through the page's one connection per stream (`@cp/web-core/live-stream`), which the shell's
 * header link (the unread badge, declared in metadata.json) holds open on every page of a signed-in visitor. An event
 * says which conversation changed; the cached answers it touches are asked for again (the events carry no text). The
 * browser reconnects by itself with the last event's id (Last-Event-ID), and the service sends what was missed; each
 * (re)connection's `ready` also refreshes everything once, for what changed before the stream was open.
 */
const conversationOf = (data: string): string | undefined => {
  try {
    const id = (JSON.parse(data) as { conversationId?: unknown }).conversationId;
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Keeps the live stream open while the calling component is mounted, refreshing what its events touch. Returns whether
 * it is open now: while it is not (refused, or the service is down) the pages ask again every minute.
 */
export function useLiveMessages(): boolean {
  const dispatch = useAppDispatch();
  return useLiveStream(MESSAGES_STREAM_PATH, MESSAGES_STREAM_EVENTS, (event, data) => {
    if (event === 'ready') {
      dispatch(messagesApi.util.invalidateTags(['Conversation', 'ConversationMessages']));
      return;
    }
    const id = conversationOf(data);
    if (!id) return;
    dispatch(
      messagesApi.util.invalidateTags([
        { type: 'ConversationMessages', id },
        { type: 'Conversation', id },
        { type: 'Conversation', id: 'LIST' },
      ]),
    );
  });
}
