import { randomUUID } from 'node:crypto';
import {
  CONTENT_NOT_FOUND,
  ContentHidden,
  ContentRemoved,
  ContentRestored,
  ContentSnapshotSchema,
  eventStream,
  parseEvent,
  UserBanned,
  UserUnbanned,
  type EventEnvelope,
  type ReportKind,
  type ReportReason,
} from '@cp/contracts';
import { outboxModel, publishEvent, streamMessages, type NatsHandle } from '@cp/service-kit';

/** What a service's test harness has that the moderation tests use: its address, database and NATS. */
export interface ModeratedHarness {
  base: string;
  conn: Parameters<typeof outboxModel>[0];
  nats: NatsHandle;
}

/** The parts of a service's moderation tests that are its own. */
export interface ModeratedService {
  /** The started harness (a getter: the test file starts it in its beforeAll). */
  harness: () => ModeratedHarness;
  /** The service's polling wait (its test helpers' `until`). */
  until: (what: string, probe: () => Promise<boolean>) => Promise<void>;
  /** The service's own event stream (its domain), where its outbox publishes. */
  domain: string;
  /** What the moderation service says of this service's removed content beyond the item itself. */
  removal: { path: string; reason: ReportReason; note: string | null };
  /** Who bans and unbans users. */
  actorId: () => string;
}

/** A stored item as the moderation tests look at it. */
type StoredItem = { _id: unknown; hidden?: boolean } | null;

/**
 * The moderation service as a service's consumer of its stream hears it, for the tests of that consumer (directory,
 * forum): its events published into the moderation stream, waits for the service to have handled them, the service's
 * own events once its outbox is published, and the checks its content endpoint and consumer answer alike in every
 * service.
 */
export function moderationEvents(service: ModeratedService) {
  const h = () => service.harness();
  const ref = (kind: ReportKind, itemId: string, authorId: string) => ({ caseId: randomUUID(), kind, itemId, authorId });
  const hide = (kind: ReportKind, itemId: string, authorId: string) => publishEvent(h().nats.js, ContentHidden, ref(kind, itemId, authorId));
  const restore = (kind: ReportKind, itemId: string, authorId: string) => publishEvent(h().nats.js, ContentRestored, ref(kind, itemId, authorId));
  const remove = (kind: ReportKind, itemId: string, authorId: string) => publishEvent(h().nats.js, ContentRemoved, { ...ref(kind, itemId, authorId), title: 'whatever', ...service.removal });
  const ban = (userId: string) => publishEvent(h().nats.js, UserBanned, { userId, actorId: service.actorId(), reason: 'spam' });
  const unban = (userId: string) => publishEvent(h().nats.js, UserUnbanned, { userId, actorId: service.actorId() });

  /** Waits until the service's moderation consumer handled the event (its processed record). */
  const handled = async (event: Promise<{ id: string }>) => {
    const { id } = await event;
    await service.until(`event ${id} handled`, async () => (await h().conn.collection('processed_events').countDocuments({ eventId: id })) === 1);
  };

  /** The service's events of a type whose data has the given fields, once its outbox is published. */
  const eventsOf = async (type: string, fields: Record<string, string>): Promise<EventEnvelope[]> => {
    await service.until('the outbox is published', async () => (await outboxModel(h().conn).countDocuments({ status: 'pending' })) === 0);
    const about = (data: unknown) => Object.entries(fields).every(([key, value]) => (data as Record<string, unknown>)[key] === value);
    return (await streamMessages(h().nats.jsm, eventStream(service.domain).name))
      .map((m) => parseEvent(m.json()))
      .flatMap((p) => (p.ok && p.event.type === type && about(p.event.data) ? [p.event] : []));
  };

  const content = async (path: string) => {
    const res = await fetch(`${h().base}/internal/content/${path}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  /** GET /internal/content/{kind}/{id} answers the item as the moderation service shows it. */
  const expectSnapshot = async (kind: ReportKind, itemId: string, expected: Record<string, unknown>) => {
    const res = await content(`${kind}/${itemId}`);
    expect(res.status).toBe(200);
    expect(ContentSnapshotSchema.parse(res.body)).toMatchObject({ kind, itemId, ...expected });
  };

  /** GET /internal/content/{path} answers 404 (content not found) for each path. */
  const expectNoContent = async (paths: string[]) => {
    for (const path of paths) {
      const res = await content(path);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe(CONTENT_NOT_FOUND);
    }
  };

  /** Removing and hiding the item under other services' kinds leaves it as it is. */
  const expectOtherKindsIgnored = async (item: { id: string; authorId: string }, kinds: { removed: ReportKind; hidden: ReportKind }, stored: (id: string) => Promise<StoredItem>) => {
    await handled(remove(kinds.removed, item.id, item.authorId));
    await handled(hide(kinds.hidden, item.id, item.authorId));
    expect(await stored(item.id)).toMatchObject({ _id: item.id });
    expect((await stored(item.id))?.hidden).toBeUndefined();
  };

  return { hide, restore, remove, ban, unban, handled, eventsOf, expectSnapshot, expectNoContent, expectOtherKindsIgnored };
}
