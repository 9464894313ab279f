import type { Connection } from 'mongoose';
import type { Logger, PostingLimits } from '@cp/service-kit';
import type { PostsRepository } from '../data/posts-repository.ts';
import type { RepliesRepository } from '../data/replies-repository.ts';
import type { ViewsRepository } from '../data/views-repository.ts';

export interface ForumDeps {
  conn: Connection;
  posts: PostsRepository;
  replies: RepliesRepository;
  views: ViewsRepository;
  /** The kit's per-user posting limits ('forum-post', 'forum-reply'). */
  limits: PostingLimits;
  /** Hands a view of a post to the view counter (an event straight to JetStream); resolves once it is stored. */
  publishView(postId: string, viewer: string): Promise<void>;
  /** The salt of visitors' viewer keys (ViewsRepository.viewerSalt). */
  viewerSalt: string;
  logger: Logger;
  now: () => Date;
}
