/**
 * The forum's plain values (spec §3) and their types. No zod here: the forum's list page (its category filter) does not
 * load the schemas (zod); forum.ts builds its schemas from them.
 */

export const FORUM_CATEGORIES = ['General', 'Events', 'Housing', 'Jobs', 'Services', 'Buy & Sell'] as const;
export type ForumCategory = (typeof FORUM_CATEGORIES)[number];
