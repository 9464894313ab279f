import { DeliverPolicy } from '@nats-io/jetstream';
import { ConversationRead, eventStream, MessageSent, parseEvent, type LiveMessageEvent, type LiveReadEvent } from '@cp/contracts';
import type { NatsHandle } from '@cp/service-kit';
import type { MessagesDeps } from '../use-cases/deps.ts';

/**
 * Live delivery (issue 23 §4): one viewer's events, read from the messages' JetStream stream (EVENTS_MESSAGES, written
 * by every replica's outbox relay), so a browser connected to any replica hears a message sent through any other.
 * Each connection reads the stream with an ordered consumer of its own (nothing kept on the server, gone with the
 * connection) from the position it asks for: after `Last-Event-ID` when the browser reconnects (nothing missed while it
 * was away, within the stream's retention), else from now. Events of other people's conversations are skipped.
 *
 * Cost, as built: every open stream reads every message event of the site and keeps those of its viewer. Fine for a
 * community's hundreds of open tabs; past that, a replica would read the stream once and fan out to its connections.
 */
export type LiveEvent = { event: 'message'; id: number; data: LiveMessageEvent } | { event: 'read'; id: number; data: LiveReadEvent };

export interface LiveFeed {
  /** The stream's newest position now (where a stream without Last-Event-ID starts). */
  position(): Promise<number>;
  /** The viewer's events after `after` (a position), until `signal` aborts. */
  follow(viewerId: string, after: number, signal: AbortSignal): AsyncIterable<LiveEvent>;
}

const STREAM = eventStream('messages').name;

export function natsLiveFeed(nats: NatsHandle, deps: Pick<MessagesDeps, 'conversations' | 'logger'>): LiveFeed {
  /** Who takes part in a conversation (a read event names the reader only); a conversation's participants never change. */
  const participants = new Map<string, string[]>();
  async function participantsOf(conversationId: string): Promise<string[]> {
    const known = participants.get(conversationId);
    if (known) return known;
    const doc = await deps.conversations.findById(conversationId);
    const found = doc ? [doc.buyerId, doc.ownerId] : [];
    if (participants.size > 10_000) participants.clear();
    if (doc) participants.set(conversationId, found);
    return found;
  }

  return {
    async position() {
      const { state } = await nats.jsm.streams.info(STREAM);
      return state.last_seq;
    },
    async *follow(viewerId, after, signal) {
      // The whole stream from `after`, other events skipped (nats-server 2.9 has no filter_subjects, as the kit's consumers).
      const consumer = await nats.js.consumers.get(STREAM, { deliver_policy: DeliverPolicy.StartSequence, opt_start_seq: after + 1 });
      const messages = await consumer.consume({ expires: 30_000 });
      const stop = () => messages.stop();
      if (signal.aborted) stop();
      signal.addEventListener('abort', stop, { once: true });
      try {
        for await (const m of messages) {
          if (m.subject !== MessageSent.subject && m.subject !== ConversationRead.subject) continue;
          let raw: unknown = null;
          try {
            raw = m.json();
          } catch {
            // not JSON: parseEvent refuses it below
          }
          const parsed = parseEvent(raw, [MessageSent, ConversationRead]);
          if (!parsed.ok) {
            deps.logger.warn({ seq: m.seq, reason: parsed.reason }, 'live feed: event skipped');
            continue;
          }
          if (parsed.def === MessageSent) {
            const d = parsed.event.data as { conversationId: string; messageId: string; senderId: string; recipientId: string; createdAt: string };
            if (d.senderId !== viewerId && d.recipientId !== viewerId) continue;
            yield { event: 'message', id: m.seq, data: { conversationId: d.conversationId, messageId: d.messageId, senderId: d.senderId, createdAt: d.createdAt } };
          } else {
            const d = parsed.event.data as LiveReadEvent;
            if (!(await participantsOf(d.conversationId)).includes(viewerId)) continue;
            yield { event: 'read', id: m.seq, data: d };
          }
        }
      } finally {
        signal.removeEventListener('abort', stop);
        stop();
      }
    },
  };
}
