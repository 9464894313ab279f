import type Koa from 'koa';
import type { JetStreamClient } from '@nats-io/jetstream';
import { ForumPostViewed } from '@cp/contracts';
import { createAuth, appPostingLimits, initStores, operationsApp, publishEvent, type PostingLimitOverrides, type ServiceAppInput } from '@cp/service-kit';
import { PostsRepository } from './data/posts-repository.ts';
import { RepliesRepository } from './data/replies-repository.ts';
import { ViewsRepository } from './data/views-repository.ts';
import { forumApi } from './api.ts';
import type { ForumDeps } from './use-cases/deps.ts';

export interface ForumAppInput extends ServiceAppInput {
  /** Where post-viewed events go (the forum's stream). */
  js: JetStreamClient;
  /** POSTING_LIMITS: overrides of the contracts' posting limits (forum posts, replies). */
  postingLimits?: PostingLimitOverrides;
}

/** Builds the forum service (repositories, use cases, routes) on given connections; used by main and by tests. */
export async function buildForumApp(input: ForumAppInput): Promise<{ app: Koa; deps: ForumDeps }> {
  const posts = new PostsRepository(input.conn);
  const replies = new RepliesRepository(input.conn);
  const views = new ViewsRepository(input.conn);
  const limits = appPostingLimits(input);
  await initStores(input.conn, [posts, replies, views, limits]);
  const now = input.now ?? (() => new Date());
  const deps: ForumDeps = {
    conn: input.conn,
    posts,
    replies,
    views,
    limits,
    publishView: async (postId, viewer) => {
      await publishEvent(input.js, ForumPostViewed, { postId, viewer });
    },
    viewerSalt: await views.viewerSalt(),
    logger: input.logger,
    now,
  };
  const app = operationsApp(input, forumApi, deps, createAuth(input.auth));
  return { app, deps };
}
