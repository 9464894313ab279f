import type { ForumPost } from '@cp/contracts';
import { toPost } from '../data/forum-mapper.ts';
import type { ForumDeps } from './deps.ts';

/** GET /api/forum/posts: every post, newest first (spec §7: the list the client filters by category). */
export async function listPosts(deps: ForumDeps): Promise<ForumPost[]> {
  return (await deps.posts.all()).map(toPost);
}
