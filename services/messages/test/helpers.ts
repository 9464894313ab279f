import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import type { Connection } from 'mongoose';
import { MessagingListingSchema, type EventDefinition, type MessagingListing } from '@cp/contracts';
import { identityUserDirectory, listen, outboxModel, type NatsHandle, type PostingLimitOverrides, type RunningServer } from '@cp/service-kit';
import { call, startBehindIdentity, until, type IdentityHarness } from '../../identity/test/helpers.ts';
import { buildMessagesApp } from '../src/app.ts';
import { httpListingSource } from '../src/data/listing-source.ts';
import { natsLiveFeed } from '../src/events/live-feed.ts';

import type { MessagesDeps } from '../src/use-cases/deps.ts';

export { call, until };

/**
 * The listings service's internal read as it answers it (GET /internal/listings/{id}/messaging: a MessagingListing,
 * 404 when missing), on a small HTTP server: a double of that HTTP contract over real HTTP, every answer checked with
 * the contracts' schema. `failing`: listings answers 500 (the messages service must say 503).
 */
export interface ListingsDouble {
  url: string;
  put(listing: MessagingListing): MessagingListing;
  delete(id: string): void;
  failing: boolean;
  close(): Promise<void>;
}

export async function startListingsDouble(): Promise<ListingsDouble> {
  const items = new Map<string, MessagingListing>();
  const double: ListingsDouble = {
    url: '',
    put: (l) => {
      const parsed = MessagingListingSchema.parse(l);
      items.set(parsed.id, parsed);
      return parsed;
    },
    delete: (id) => void items.delete(id),
    failing: false,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server: Server = createServer((req, res) => {
    const m = /^\/internal\/listings\/([^/]+)\/messaging$/.exec(req.url ?? '');
    const found = m ? items.get(decodeURIComponent(m[1]!)) : undefined;
    if (double.failing) res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"Internal Server Error"}');
    else if (req.method !== 'GET' || !found) res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"Listing not found"}');
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  double.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return double;
}

export interface Session {
  cookie: string;
  userId: string;
  username: string;
}

export interface MessagesHarness {
  base: string;
  identity: IdentityHarness;
  deps: MessagesDeps;
  conn: Connection;
  nats: NatsHandle;
  listings: ListingsDouble;
  newSession(): Promise<Session>;
  /** A listing of `owner` at the listings double (active and visible unless overridden). */
  listing(owner: Session, overrides?: Partial<MessagingListing>): MessagingListing;
  /** The events of `def` the service wrote to its outbox (in write order), their data. */
  emitted<D extends EventDefinition>(def: D, filter?: (data: Record<string, unknown>) => boolean): Promise<Array<Record<string, unknown>>>;
  /** How many documents the service's collections hold (conversations, messages, blocks, outbox): "nothing stored". */
  counts(): Promise<Record<string, number>>;
  close(...first: Array<{ stop(): Promise<void> | void }>): Promise<void>;
  /** Another replica of the service (same database and NATS, live delivery on), on a port of its own; closed by close(). */
  replica(): Promise<string>;
}

/**
 * The messages app on the real test MongoDB (its own database) and NATS (its outbox relay runs), behind the real
 * identity (sessions, and /internal/users for names), with the listings double.
 */
export async function startMessages(opts: { postingLimits?: PostingLimitOverrides } = {}): Promise<MessagesHarness> {
  const base = await startBehindIdentity('messages');
  const listings = await startListingsDouble();
  const build = () =>
    buildMessagesApp({
      conn: base.conn,
      logger: base.logger,
      auth: base.auth,
      listings: httpListingSource(listings.url),
      users: identityUserDirectory(base.identity.base, { unavailable: '503' }),
      // The tests' users are new accounts that send far more than a person would: limits lifted unless a test sets them.
      postingLimits: opts.postingLimits ?? { message: { limit: 100_000, newAccountLimit: 100_000 } },
      live: (deps) => natsLiveFeed(base.nats, deps),
    });
  const { app, deps } = await build();
  const replicas: RunningServer[] = [];
  return {
    ...(await base.harness(app, deps)),
    listings,
    newSession: base.newSession,
    listing: (owner, overrides = {}) =>
      listings.put({ id: randomUUID(), userId: owner.userId, title: 'Road bicycle, 54 cm frame', thumbnailUrl: `/uploads/img/${randomUUID()}.webp`, status: 'active', visible: true, ...overrides }),
    async emitted(def, filter = () => true) {
      const docs = await outboxModel(base.conn).find({ type: def.type }).sort({ seq: 1 }).lean().exec();
      return docs.map((d) => d.data as Record<string, unknown>).filter(filter);
    },
    async counts() {
      const out: Record<string, number> = {};
      for (const name of ['conversations', 'messages', 'blocks', 'block_counts', 'listing_marks', 'outbox', 'posting_limits']) out[name] = await base.conn.collection(name).countDocuments();
      return out;
    },
    async replica() {
      const server = await listen((await build()).app, 0, '127.0.0.1', base.logger);
      replicas.push(server);
      return `http://127.0.0.1:${server.port}`;
    },
    async close(...first) {
      for (const server of replicas) await server.close();
      await base.close(...first);
      await listings.close();
    },
  };
}
