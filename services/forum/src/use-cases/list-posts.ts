import { ForumPostsQuerySchema, type ForumPost } from '@cp/contracts';
import { cursorPage, listRequest, type ListAnswer } from '@cp/service-kit';
import { toPost } from '../data/forum-mapper.ts';
import { POST_ORDER } from '../data/posts-repository.ts';
import type { ForumDeps } from './deps.ts';

/**
 * GET /api/forum/posts: the posts everyone may see, newest first, of one category when `category` is given. Asked with
 * `limit`/`cursor`: one cursor page (the forum screen's pages); without them the spec's bare list (§7), bounded by
 * FULL_LIST_MAX. Bad query (an unknown category or parameter, a limit past the max, a cursor not of this list): 400.
 */
export async function listPosts(deps: ForumDeps, query: Record<string, unknown>): Promise<ListAnswer<ForumPost>> {
  const q = ForumPostsQuerySchema.parse(query);
  const { bare, limit, cursor } = listRequest(query, q);
  const docs = await deps.posts.page(q.category, cursor, limit + 1);
  return { page: cursorPage(docs, limit, POST_ORDER, toPost), bare };
}
