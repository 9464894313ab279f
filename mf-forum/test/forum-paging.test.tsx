/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, screen, within } from '@testing-library/react';
import { LIST_PAGE_SIZES } from '@cp/contracts';
import { renderRouter } from '../../packages/web-core/test/support/render-router.tsx';
import ForumPage from '../src/pages/ForumPage.tsx';
import ForumPostPage from '../src/pages/ForumPostPage.tsx';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

/**
 * Issue 24 §2: /forum pages from the server — the first page of the chosen category, then Load more with the cursor
 * of the page before — and the post page shows an older post (not on the first page) from GET /api/forum/posts/{id}.
 * The fake service pages like the real one (its query checked: limit, category, cursor).
 */
const SIZE = LIST_PAGE_SIZES.forumPosts.default;
const post = (i: number, category = i % 2 ? 'Jobs' : 'General') => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  userId: '11111111-1111-4111-8111-111111111111',
  username: 'pager',
  category,
  title: `Forum post number ${i}`,
  content: 'Some content long enough for a post.',
  replyCount: 0,
  viewCount: 0,
  createdAt: new Date(Date.now() - i * 60_000).toISOString(),
  updatedAt: new Date().toISOString(),
});
const POSTS = Array.from({ length: 45 }, (_, i) => post(i));

let asked: string[] = [];
async function renderAt(path: string) {
  asked = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(new Request(input, init).url);
    asked.push(url.pathname + url.search);
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/auth/user') return json(401, { error: 'Authentication required' });
    if (url.pathname === '/api/forum/posts') {
      const limit = Number(url.searchParams.get('limit'));
      if (limit !== SIZE) return json(400, { error: 'unexpected limit' });
      const category = url.searchParams.get('category');
      const list = POSTS.filter((p) => !category || p.category === category);
      const start = Number(url.searchParams.get('cursor') ?? '0');
      const items = list.slice(start, start + limit);
      return json(200, { items, nextCursor: start + limit < list.length ? String(start + limit) : null });
    }
    const one = /^\/api\/forum\/posts\/([^/]+)$/.exec(url.pathname);
    if (one) return json(200, POSTS.find((p) => p.id === one[1])!);
    if (url.pathname.endsWith('/replies')) return json(200, []);
    return json(404, { error: 'Not found' });
  }) as typeof fetch;
  await renderRouter(
    [
      { path: '/forum', element: <ForumPage /> },
      { path: '/forum/post/:id', element: <ForumPostPage /> },
    ],
    { path },
  );
}

const shownTitles = () => screen.getAllByRole('link', { name: /^Forum post number/ }).map((a) => a.textContent);

quietConsole('error');

describe('/forum pages from the server', () => {
  it('shows the first page, then each next page on Load more, until the last (no button then)', async () => {
    await renderAt('/forum');
    await screen.findByRole('link', { name: 'Forum post number 0' });
    expect(shownTitles()).toHaveLength(SIZE);
    expect(asked.filter((a) => a.startsWith('/api/forum/posts?'))).toEqual([`/api/forum/posts?limit=${SIZE}`]);
    await act(async () => screen.getByRole('button', { name: 'Load more posts' }).click());
    await screen.findByRole('link', { name: `Forum post number ${SIZE}` });
    expect(shownTitles()).toHaveLength(2 * SIZE);
    await act(async () => screen.getByRole('button', { name: 'Load more posts' }).click());
    await screen.findByRole('link', { name: 'Forum post number 44' });
    expect(shownTitles()).toEqual(POSTS.map((p) => p.title));
    expect(screen.queryByRole('button', { name: 'Load more posts' })).toBeNull();
    expect(asked.filter((a) => a.startsWith('/api/forum/posts?'))).toEqual([`/api/forum/posts?limit=${SIZE}`, `/api/forum/posts?limit=${SIZE}&cursor=${SIZE}`, `/api/forum/posts?limit=${SIZE}&cursor=${2 * SIZE}`]);
  });

  it('a category asks the server for that category\'s pages', async () => {
    await renderAt('/forum?category=Jobs');
    await screen.findByRole('link', { name: 'Forum post number 1' });
    expect(asked).toContain(`/api/forum/posts?limit=${SIZE}&category=Jobs`);
    const list = screen.getByRole('list', { name: 'Posts' });
    expect(within(list).getAllByRole('link', { name: /^Forum post number/ })).toHaveLength(SIZE);
    await act(async () => screen.getByRole('button', { name: 'Load more posts' }).click());
    await screen.findByRole('link', { name: 'Forum post number 43' });
    expect(shownTitles()).toEqual(POSTS.filter((p) => p.category === 'Jobs').map((p) => p.title));
  });

  it('the post page shows a post that is not on the first page, from its own answer', async () => {
    await renderAt(`/forum/post/${POSTS[40]!.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Forum post number 40' })).toBeTruthy();
    expect(screen.queryByText('Post Not Found')).toBeNull();
  });
});
