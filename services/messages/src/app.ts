import type Koa from 'koa';
import { addGauge, createAuth, appPostingLimits, initStores, operationsApp, type MetricsRegistry, type PostingLimitOverrides, type ServiceAppInput } from '@cp/service-kit';
import { BlocksRepository } from './data/blocks-repository.ts';
import { ConversationsRepository } from './data/conversations-repository.ts';
import { ListingMarksRepository } from './data/listing-marks-repository.ts';
import type { ListingSource } from './data/listing-source.ts';
import { MessagesRepository } from './data/messages-repository.ts';
import type { UserDirectory } from '@cp/service-kit';
import type { LiveFeed } from './events/live-feed.ts';
import { liveStreams } from './live-stream.ts';
import { messagesApi } from './api.ts';
import type { MessagesDeps } from './use-cases/deps.ts';

export interface MessagesAppInput extends ServiceAppInput {
  /** The listings service's internal read (main: httpListingSource on LISTINGS_URL). */
  listings: ListingSource;
  /** Identity's users (main: identityUserDirectory on IDENTITY_URL). */
  users: UserDirectory;
  /** Live delivery's source (main: natsLiveFeed on the service's NATS); without it GET /api/messages/stream answers 503. */
  live?: (deps: MessagesDeps) => LiveFeed;
  /** LIVE_STREAMS_MAX. */
  liveStreamsMax?: number;
  /** LIVE_STREAMS_PER_ADDRESS. */
  liveStreamsPerAddress?: number;
  /** POSTING_LIMITS: overrides of the contracts' per-user limits (messages are the action 'message'). */
  postingLimits?: PostingLimitOverrides;
  /** Its metrics' registry (main: the kit's), for the live streams open. */
  metrics?: MetricsRegistry;
}

/** Builds the messages service (repositories, use cases, routes) on given connections; used by main and by tests. */
export async function buildMessagesApp(input: MessagesAppInput): Promise<{ app: Koa; deps: MessagesDeps }> {
  const deps: MessagesDeps = {
    conn: input.conn,
    conversations: new ConversationsRepository(input.conn),
    messages: new MessagesRepository(input.conn),
    blocks: new BlocksRepository(input.conn),
    listingMarks: new ListingMarksRepository(input.conn),
    listings: input.listings,
    users: input.users,
    limits: appPostingLimits(input),
    logger: input.logger,
    now: input.now ?? (() => new Date()),
  };
  await initStores(input.conn, [deps.conversations, deps.messages, deps.blocks, deps.listingMarks, deps.limits]);
  const live = input.live ? liveStreams(input.live(deps), deps, { maxStreams: input.liveStreamsMax ?? 2_000, ...(input.liveStreamsPerAddress ? { perAddress: input.liveStreamsPerAddress } : {}) }) : undefined;
  if (live && input.metrics) {
    addGauge(input.metrics, { name: 'live_streams_open', help: 'Live message streams (server-sent events) open on this replica', read: () => live.open() });
  }
  deps.live = live;
  const app = operationsApp(input, messagesApi, deps, createAuth(input.auth));
  return { app, deps };
}
