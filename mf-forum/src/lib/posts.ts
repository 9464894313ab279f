import { HOME_COUNTS, type ForumPost } from '@cp/contracts';

// No zod here: the home section (ForumWidget) imports this module, and the contracts' schemas (with zod)
// must stay off the home page. Category lists live in ./forum.ts.

/** The post page finds its post in the list of all posts (spec §2 Forum post). */
export function findPost(posts: readonly ForumPost[], id: string | undefined): ForumPost | undefined {
  return id ? posts.find((p) => p.id === id) : undefined;
}

/** Community Forum on home: the first 3 posts (spec §2 Home, §9). */
export function homePosts(posts: readonly ForumPost[], count: number = HOME_COUNTS.forumPosts): ForumPost[] {
  return posts.slice(0, count);
}

/**
 * Avatar initials: the first letter of each word, the first two of them, upper case (spec §2 Forum post). In a
 * username the words are joined by `_`, `.` or `-` (temple_committee → TC).
 */
export function initials(name: string): string {
  return name
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((word) => word[0]!)
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** The reply check of spec §5 before anything is sent: the toast to show, or null when the reply may go. */
export function replyProblem(content: string): { title: string; description: string } | null {
  const text = content.trim();
  if (text === '') return { title: 'Empty reply', description: 'Please enter a reply before submitting.' };
  if (text.length < 10) return { title: 'Reply too short', description: 'Reply must be at least 10 characters long.' };
  return null;
}

/** The server's message of a failed call (`{ error }` or `{ message }`), when it sent one. */
export function serverText(error: unknown): string | undefined {
  const data = (error as { data?: unknown } | null)?.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const { error: e, message } = data as { error?: unknown; message?: unknown };
  if (typeof message === 'string' && message) return message;
  if (typeof e === 'string' && e) return e;
  return undefined;
}
