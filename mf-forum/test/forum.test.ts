import { ForumPostInsertSchema, ForumReplyInsertSchema, type ForumPost } from '@cp/contracts';
import { validate } from '@cp/web-core';
import { emptyPostsText, filterPosts, FORUM_FILTERS, isForumFilter } from '../src/lib/forum.ts';
import { findPost, homePosts, initials, replyProblem, serverText } from '../src/lib/posts.ts';

let n = 0;
function post(patch: Partial<ForumPost>): ForumPost {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userId: '11111111-1111-4111-8111-111111111111',
    username: 'priya',
    category: 'General',
    title: `Post ${n}`,
    content: 'Some content that is long enough.',
    replyCount: 0,
    viewCount: 0,
    createdAt: '2025-11-01T00:00:00.000Z',
    updatedAt: '2025-11-01T00:00:00.000Z',
    ...patch,
  };
}

describe('forum helpers (spec §2 Forum, Forum post)', () => {
  it('filters: All plus the six categories, in order', () => {
    expect(FORUM_FILTERS).toEqual(['All', 'General', 'Events', 'Housing', 'Jobs', 'Services', 'Buy & Sell']);
    const posts = [post({ category: 'Jobs' }), post({ category: 'Housing' }), post({ category: 'Jobs' })];
    expect(filterPosts(posts, 'All')).toHaveLength(3);
    expect(filterPosts(posts, 'Jobs').map((p) => p.id)).toEqual([posts[0]!.id, posts[2]!.id]);
    expect(filterPosts(posts, 'Buy & Sell')).toEqual([]);
    expect(isForumFilter('Buy & Sell')).toBe(true);
    expect(isForumFilter('Cars')).toBe(false);
    expect(isForumFilter(null)).toBe(false);
  });

  it('empty states name the category', () => {
    expect(emptyPostsText('All')).toEqual({ title: 'No Posts Yet', description: 'Be the first to start a discussion!' });
    expect(emptyPostsText('Housing')).toEqual({ title: 'No Posts Yet', description: 'No posts in Housing category yet.' });
  });

  it('the post page finds its post in the list; home shows the first 3', () => {
    const posts = [post({}), post({}), post({}), post({})];
    expect(findPost(posts, posts[2]!.id)).toBe(posts[2]);
    expect(findPost(posts, 'nope')).toBeUndefined();
    expect(findPost(posts, undefined)).toBeUndefined();
    expect(homePosts(posts)).toEqual(posts.slice(0, 3));
  });

  it('initials: the first letter of the first two words, upper case', () => {
    expect(initials('priya sharma')).toBe('PS');
    expect(initials('Raj Kumar Patel')).toBe('RK');
    expect(initials('  anand  ')).toBe('A');
    expect(initials('temple_committee')).toBe('TC');
    expect(initials('anjali.reddy-1')).toBe('AR');
    expect(initials('')).toBe('');
  });
});

describe('reply and post rules (spec §5 Forum)', () => {
  it('an empty or short reply gets its toast; a long enough one passes', () => {
    expect(replyProblem('   ')).toEqual({ title: 'Empty reply', description: 'Please enter a reply before submitting.' });
    expect(replyProblem(' too short ')).toEqual({ title: 'Reply too short', description: 'Reply must be at least 10 characters long.' });
    expect(replyProblem('  ten chars!  ')).toBeNull();
    expect(validate(ForumReplyInsertSchema, { content: 'ten chars!' }).ok).toBe(true);
  });

  it('the post form uses the contracts schema and its messages', () => {
    const bad = validate(ForumPostInsertSchema, { title: 'Hey', content: 'short' });
    expect(bad).toEqual({
      ok: false,
      errors: { category: 'Please select a category', title: 'Title must be at least 5 characters', content: 'Content must be at least 20 characters' },
    });
    const good = validate(ForumPostInsertSchema, { category: 'Events', title: '  Diwali potluck  ', content: 'Who is in for a potluck on Saturday evening?' });
    expect(good).toEqual({ ok: true, data: { category: 'Events', title: 'Diwali potluck', content: 'Who is in for a potluck on Saturday evening?' } });
  });

  it('the server message of a failure: message first, then error', () => {
    expect(serverText({ status: 400, data: { message: 'Title taken' } })).toBe('Title taken');
    expect(serverText({ status: 400, data: { error: 'Bad input' } })).toBe('Bad input');
    expect(serverText({ status: 502, data: 'Bad Gateway' })).toBeUndefined();
    expect(serverText(undefined)).toBeUndefined();
  });
});
