import { randomBytes, randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { ListingSchema, makeEvent, NoticeMailRequested, type EventDefinition, type Listing, type NoticeMail } from '@cp/contracts';
import { ensureStream, identityUserDirectory, outboxModel, runInTransaction, type NatsHandle } from '@cp/service-kit';
import type { z } from 'zod';
import { call, startBehindIdentity, until, type IdentityHarness } from '../../identity/test/helpers.ts';
import { buildEventsApp } from '../src/app.ts';
import { listingsConsumer } from '../src/events/listings.ts';
import { moderationConsumer } from '../src/events/moderation.ts';
import type { EventsDeps } from '../src/use-cases/deps.ts';

export { call, until };

export const PUBLIC_URL = 'http://localhost:8080';

/** A GET whose answer is not JSON (a calendar file): its status, content type and text. */
export async function getText(base: string, path: string): Promise<{ status: number; type: string | null; text: string }> {
  const res = await fetch(base + path);
  return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
}

export interface Session {
  cookie: string;
  userId: string;
  username: string;
}

export interface EventsHarness {
  base: string;
  identity: IdentityHarness;
  deps: EventsDeps;
  conn: Connection;
  nats: NatsHandle;
  newSession(): Promise<Session>;
  /** The service's clock: `setNow(date)` moves it, `setNow(null)` gives back the real one. */
  setNow(at: Date | null): void;
  /** An Events listing of `owner` as the listings' events carry it (the API shape), overridable. */
  listing(owner: Session | string, overrides?: Partial<Listing>): Listing;
  /** Delivers one event to the service's handlers as its consumer does (in a transaction), with its occurredAt. */
  deliver<D extends EventDefinition>(def: D, data: z.input<D['data']>, occurredAt?: Date): Promise<void>;
  /** The notice mails the service asked comms for (its outbox), in write order. */
  notices(filter?: (n: NoticeMail) => boolean): Promise<NoticeMail[]>;
  close(...first: Array<{ stop(): Promise<void> | void }>): Promise<void>;
}

/** A day `days` from today (UTC date arithmetic on the site's today is close enough for test data far from midnight). */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The events app on the real test MongoDB (its own database) and NATS (its outbox relay runs; the platform stream of
 * notices exists), behind the real identity (sessions, and /internal/users for names). No listings service: the
 * calendar is fed by events only.
 */
export async function startEvents(): Promise<EventsHarness> {
  const base = await startBehindIdentity('events');
  for (const stream of ['notices', 'listings', 'moderation']) await ensureStream(base.nats.jsm, stream);
  let clock: Date | null = null;
  const { app, deps } = await buildEventsApp({
    conn: base.conn,
    logger: base.logger,
    auth: base.auth,
    users: identityUserDirectory(base.identity.base, { unavailable: '503' }),
    publicUrl: PUBLIC_URL,
    linkSigningKey: randomBytes(32).toString('base64url'),
    now: () => clock ?? new Date(),
  });
  const handlers = [...listingsConsumer.handlers(deps), ...moderationConsumer.handlers(deps)];
  return {
    ...(await base.harness(app, deps)),
    newSession: base.newSession,
    setNow: (at) => {
      clock = at;
    },
    listing: (owner, overrides = {}) => {
      const at = new Date().toISOString();
      return ListingSchema.parse({
        id: randomUUID(),
        userId: typeof owner === 'string' ? owner : owner.userId,
        category: 'Events',
        title: 'Diwali Mela at the Farm Show',
        description: 'Food stalls, music and fireworks for the whole family. Everyone is welcome.',
        price: 0,
        location: 'Harrisburg PA',
        imageUrls: [],
        tier: 'free',
        status: 'active',
        eventDate: dayFromToday(10),
        eventTime: '6:00 PM',
        venue: 'Farm Show Complex',
        organizer: 'Desi Association',
        eventType: undefined,
        createdAt: at,
        updatedAt: at,
        ...overrides,
      });
    },
    async deliver(def, data, occurredAt = new Date()) {
      const event = makeEvent(def, data, { occurredAt });
      const handler = handlers.find((h) => h.def.type === def.type && h.def.version === def.version);
      if (!handler) throw new Error(`no handler of ${def.type}`);
      await runInTransaction(base.conn, (session) => handler.handle(event as never, { session, deliveryCount: 1 }) as Promise<void>);
    },
    async notices(filter = () => true) {
      const docs = await outboxModel(base.conn).find({ type: NoticeMailRequested.type }).sort({ seq: 1 }).lean().exec();
      return docs.map((d) => d.data as NoticeMail).filter(filter);
    },
    close: (...first) => base.close(...first),
  };
}

/**
 * A test file's three signed-in people, made before its tests: the organizer (`owner`) and two neighbours. Read their
 * fields inside tests (they are set by the file's beforeAll).
 */
export function threePeople(h: { newSession(): Promise<Session> }): { owner: Session; asha: Session; ravi: Session } {
  const people = {} as { owner: Session; asha: Session; ravi: Session };
  beforeAll(async () => {
    [people.owner, people.asha, people.ravi] = [await h.newSession(), await h.newSession(), await h.newSession()];
  });
  return people;
}
