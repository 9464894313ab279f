import type { Context } from 'koa';
import type { Connection } from 'mongoose';
import type { Logger, PostingLimits } from '@cp/service-kit';
import type { BlocksRepository } from '../data/blocks-repository.ts';
import type { ConversationsRepository } from '../data/conversations-repository.ts';
import type { ListingMarksRepository } from '../data/listing-marks-repository.ts';
import type { ListingSource } from '../data/listing-source.ts';
import type { MessagesRepository } from '../data/messages-repository.ts';
import type { UserDirectory } from '@cp/service-kit';

export interface MessagesDeps {
  conn: Connection;
  conversations: ConversationsRepository;
  messages: MessagesRepository;
  blocks: BlocksRepository;
  /** What was heard of listings (deleted): serializes an open with the listing's deletion. */
  listingMarks: ListingMarksRepository;
  /** The listings service: what a listing is (owner, title, first image, status) when a conversation opens. */
  listings: ListingSource;
  /** Identity's users: the listing owner's name, a blocked user's existence and name. */
  users: UserDirectory;
  /** Messages per sender: the kit's posting limits (action 'message'), in MongoDB so they hold across replicas. */
  limits: PostingLimits;
  logger: Logger;
  now: () => Date;
  /** Live delivery (live-stream.ts: the viewer's events as server-sent events); without it GET /api/messages/stream answers 503. */
  live?: ((ctx: Context, viewerId: string) => Promise<void>) | undefined;
}
