import { FORUM_CATEGORIES, type ForumCategory, type ForumPost } from '@cp/contracts';

// The category filter and form lists: the contracts' plain forum values (forum-values.ts, no zod).

/** The category filter: All plus the six forum categories (spec §2 Forum, §3). */
export const FORUM_FILTERS = ['All', ...FORUM_CATEGORIES] as const;
export type ForumFilter = (typeof FORUM_FILTERS)[number];

export function isForumFilter(value: string | null | undefined): value is ForumFilter {
  return (FORUM_FILTERS as readonly string[]).includes(value ?? '');
}

export function filterPosts(posts: readonly ForumPost[], filter: ForumFilter): ForumPost[] {
  return filter === 'All' ? [...posts] : posts.filter((p) => p.category === filter);
}

/** The empty state's text (spec §2): all categories, or the chosen one. */
export function emptyPostsText(filter: ForumFilter): { title: string; description: string } {
  return filter === 'All'
    ? { title: 'No Posts Yet', description: 'Be the first to start a discussion!' }
    : { title: 'No Posts Yet', description: `No posts in ${filter} category yet.` };
}

export function isForumCategory(value: string): value is ForumCategory {
  return (FORUM_CATEGORIES as readonly string[]).includes(value);
}
