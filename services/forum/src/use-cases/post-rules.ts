import { notFound } from '@cp/service-kit';
import { IdSchema } from '@cp/contracts';
import type { PostDoc } from '../data/posts-repository.ts';
import type { ForumDeps } from './deps.ts';

export const POST_NOT_FOUND = 'Post not found';

/** A path id that is not a uuid cannot name a post: 404 without asking the database. */
export async function existingPost(deps: ForumDeps, rawId: string): Promise<PostDoc> {
  const id = IdSchema.safeParse(rawId);
  const post = id.success ? await deps.posts.findById(id.data) : null;
  if (!post) throw notFound(POST_NOT_FOUND);
  return post;
}
