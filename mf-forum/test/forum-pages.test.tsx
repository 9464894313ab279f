/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HOME_COUNTS, UNDER_REVIEW_MESSAGE } from '@cp/contracts';
import { renderRouter } from '../../packages/web-core/test/support/render-router.tsx';
import ForumPage from '../src/pages/ForumPage.tsx';
import ForumPostPage from '../src/pages/ForumPostPage.tsx';
import ForumWidget from '../src/widgets/ForumWidget.tsx';
import { fakeSite } from '../../packages/web-core/test/support/fake-site.ts';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

type Answer = [number, unknown];
type Api = (method: string, path: string) => Answer | Promise<Answer>;

const POST = {
  id: '00000000-0000-4000-8000-000000000001',
  userId: '11111111-1111-4111-8111-111111111111',
  username: 'rajesh_k',
  category: 'Events',
  title: 'Diwali potluck in Camp Hill',
  content: 'Who is in for a potluck on Saturday evening?',
  replyCount: 2,
  viewCount: 14,
  createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
  updatedAt: new Date().toISOString(),
};
const USER = { id: '22222222-2222-4222-8222-222222222222', username: 'priya', email: 'p@example.com', firstName: 'Priya', lastName: 'S', isAdmin: false };

async function renderAt(path: string, api: Api) {
  fakeSite((req, url) => api(req.method, url.pathname));
  const { router } = await renderRouter(
    [
      { path: '/', element: <ForumWidget /> },
      { path: '/forum', element: <ForumPage /> },
      { path: '/forum/post/:id', element: <ForumPostPage /> },
      { path: '/auth', element: <h1>Auth page</h1> },
    ],
    { path, toaster: true },
  );
  return router;
}

const loggedOut: Api = (_m, p) => (p === '/api/auth/user' ? [401, { error: 'Authentication required' }] : [404, { error: 'Not found' }]);
const withPosts =
  (posts: unknown[], user: unknown = null): Api =>
  (m, p) => {
    if (p === '/api/auth/user') return user ? [200, user] : [401, { error: 'Authentication required' }];
    if (p === '/api/forum/posts') return [200, posts];
    if (p.endsWith('/replies')) return [200, []];
    return [404, { error: 'Not found' }];
  };

/**
 * `api` with its answers held back: an answer to a path ending in `held[i]` waits for `release[i]()`, to see a page
 * while it loads.
 */
function holding<const H extends readonly string[]>(api: Api, ...held: H) {
  const release: (() => void)[] = [];
  const gates = held.map((_, i) => new Promise<void>((r) => (release[i] = r)));
  const heldApi: Api = async (m, p) => {
    const i = held.findIndex((end) => p.endsWith(end));
    if (i >= 0) await gates[i];
    return api(m, p);
  };
  return { api: heldApi, release: release as { [K in keyof H]: () => void } };
}

quietConsole();

describe('forum screens', () => {
  it('/forum with no posts: the empty state, per category', async () => {
    await renderAt('/forum', withPosts([]));
    expect(await screen.findByRole('heading', { name: 'No Posts Yet' })).toBeTruthy();
    expect(screen.getByText('Be the first to start a discussion!')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'Housing' }).click());
    expect(await screen.findByText('No posts in Housing category yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Housing' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('/forum lists post cards with the author\'s username (not their id), replies and views', async () => {
    await renderAt('/forum', withPosts([POST]));
    expect(await screen.findByRole('link', { name: POST.title })).toBeTruthy();
    expect(screen.getByText('2 replies')).toBeTruthy();
    expect(screen.getByText('14 views')).toBeTruthy();
    expect(screen.getByText('3h ago')).toBeTruthy();
    expect(screen.getAllByText(POST.username).length).toBeGreaterThan(0);
    expect(screen.queryByText(POST.userId)).toBeNull();
    expect(screen.getAllByText('RK').length).toBeGreaterThan(0); // the initials avatar from the username
  });

  it('an answer that breaks the list contract ({ items } instead of the array) shows the error state, not an empty forum', async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderAt('/forum', (m, p) => (p === '/api/forum/posts' ? [200, { items: [POST], total: 1 }] : loggedOut(m, p)));
    expect(await screen.findByText('The forum could not be loaded')).toBeTruthy();
    expect(screen.queryByText('No Posts Yet')).toBeNull();
    errors.mockRestore();
  });

  it('an unreachable API shows the error state, not a crash', async () => {
    await renderAt('/forum', (_m, p) => (p === '/api/auth/user' ? [401, {}] : [502, 'Bad Gateway']));
    expect(await screen.findByRole('heading', { name: 'The forum could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('New Post while logged out asks to log in', async () => {
    await renderAt('/forum', withPosts([]));
    await screen.findByRole('heading', { name: 'No Posts Yet' });
    await act(async () => screen.getByRole('button', { name: 'New Post' }).click());
    expect(await screen.findByText('You need to be logged in to create a forum post')).toBeTruthy();
    // The prompt and its link come together: the dialog claims nothing while the session is still being checked.
    expect(screen.getByRole('link', { name: 'Login to Continue' }).getAttribute('href')).toBe('/auth');
  });

  it('a post: details, no replies yet, and the login prompt for visitors; opening it asks for the post once (its view)', async () => {
    const asked: string[] = [];
    const api = withPosts([POST]);
    await renderAt(`/forum/post/${POST.id}`, (m, p) => {
      asked.push(`${m} ${p}`);
      return api(m, p);
    });
    expect(await screen.findByRole('heading', { level: 1, name: POST.title })).toBeTruthy();
    expect(asked.filter((a) => a === `GET /api/forum/posts/${POST.id}`)).toHaveLength(1);
    expect(await screen.findByText('No replies yet. Be the first to comment!')).toBeTruthy();
    expect(screen.getByText('You need to be logged in to reply')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login to Reply' })).toBeTruthy();
  });

  it('a logged-in user gets the reply box; an empty reply shows the Empty reply toast without a call', async () => {
    const calls: string[] = [];
    const api = withPosts([POST], USER);
    await renderAt(`/forum/post/${POST.id}`, (m, p) => {
      calls.push(`${m} ${p}`);
      return api(m, p);
    });
    const button = await screen.findByRole('button', { name: 'Post Reply' });
    await act(async () => button.click());
    expect(await screen.findByText('Empty reply')).toBeTruthy();
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);
  });

  it('Report on the post and on each reply, except the viewer\'s own; the author\'s post and reply under review show the notice', async () => {
    const reply = (n: number, userId: string, username: string, extra: object = {}) => ({
      id: `00000000-0000-4000-8000-00000000010${n}`,
      postId: POST.id,
      userId,
      username,
      content: `Reply number ${n} with enough words`,
      createdAt: new Date().toISOString(),
      ...extra,
    });
    const replies = [reply(1, POST.userId, 'rajesh_k'), reply(2, USER.id, 'priya', { moderation: 'under-review' })];
    const api: Api = (m, p) => (p.endsWith('/replies') ? [200, replies] : withPosts([POST], USER)(m, p));
    await renderAt(`/forum/post/${POST.id}`, api);
    expect(await screen.findByRole('heading', { name: POST.title })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Report this reply by rajesh_k' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Report this post' })).toBeTruthy();
    // Priya's own reply: no Report, and the notice (only its author gets it marked).
    await screen.findByText(UNDER_REVIEW_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Report this reply by priya' })).toBeNull();
    expect(screen.getAllByText(UNDER_REVIEW_MESSAGE)).toHaveLength(1);
  });

  it('signed in, the replies are asked again as the reader: their own reply hidden pending review comes then (the server renders for nobody)', async () => {
    const mine = { id: '00000000-0000-4000-8000-000000000201', postId: POST.id, userId: USER.id, username: 'priya', content: 'My reply that others reported', createdAt: new Date().toISOString(), moderation: 'under-review' };
    let asked = 0;
    const api: Api = (m, p) => {
      if (p.endsWith('/replies')) return [200, asked++ === 0 ? [] : [mine]];
      return withPosts([POST], USER)(m, p);
    };
    await renderAt(`/forum/post/${POST.id}`, api);
    expect(await screen.findByText('My reply that others reported')).toBeTruthy();
    expect(screen.getByText(UNDER_REVIEW_MESSAGE)).toBeTruthy();
    expect(asked).toBe(2);
  });

  it('the author\'s own post hidden pending review (left out of the list): shown from its own answer, with the notice', async () => {
    const hidden = { ...POST, id: '00000000-0000-4000-8000-000000000002', userId: USER.id, username: 'priya', moderation: 'under-review' };
    const api: Api = (m, p) => (p === `/api/forum/posts/${hidden.id}` ? [200, hidden] : withPosts([POST], USER)(m, p));
    await renderAt(`/forum/post/${hidden.id}`, api);
    expect(await screen.findByRole('heading', { name: POST.title, level: 1 })).toBeTruthy();
    expect(screen.getByText(UNDER_REVIEW_MESSAGE)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Report this post' })).toBeNull());
  });

  it('an unknown post id: Post Not Found', async () => {
    await renderAt('/forum/post/00000000-0000-4000-8000-000000000999', withPosts([POST]));
    expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeTruthy();
  });

  it('/forum: skeletons while the posts load, then the posts', async () => {
    const { api, release: [release] } = holding(withPosts([POST]), '/api/forum/posts');
    await renderAt('/forum', api);
    const region = screen.getByText('Loading posts…').closest('[role="status"]')!;
    expect(region.querySelectorAll('.animate-pulse').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: POST.title })).toBeNull();
    await act(async () => release());
    expect(await screen.findByRole('link', { name: POST.title })).toBeTruthy();
    expect(screen.queryByText('Loading posts…')).toBeNull();
  });

  it('skeletons while loading a post, then its replies', async () => {
    const { api, release: [release, repliesGate] } = holding(withPosts([POST]), '/api/forum/posts', '/replies');
    await renderAt(`/forum/post/${POST.id}`, api);
    expect(screen.getByText('Loading post…').closest('[role="status"]')!.querySelectorAll('.animate-pulse').length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    await act(async () => release());
    expect(await screen.findByRole('heading', { level: 1, name: POST.title })).toBeTruthy();
    expect(screen.queryByText('Loading post…')).toBeNull();
    expect(screen.getByText('Loading replies…').closest('[role="status"]')!.querySelectorAll('.animate-pulse').length).toBeGreaterThan(0);
    await act(async () => repliesGate());
    expect(await screen.findByText('No replies yet. Be the first to comment!')).toBeTruthy();
    expect(screen.queryByText('Loading replies…')).toBeNull();
  });

  it('the home widget: skeletons while loading', async () => {
    const { api, release: [release] } = holding(withPosts([POST]), '/api/forum/posts');
    await renderAt('/', api);
    const region = screen.getByText('Loading forum posts…').closest('[role="status"]')!;
    expect(region.children).toHaveLength(1 + HOME_COUNTS.forumPosts); // the label and one placeholder card per post shown
    await act(async () => release());
    expect(await screen.findByRole('link', { name: POST.title })).toBeTruthy();
    expect(screen.queryByText('Loading forum posts…')).toBeNull();
  });

  describe('§8 failure toasts', () => {
    /** The logged-in forum where POST /api/forum/posts, a reply or an upload answers `failure`. */
    const failing = (failure: Answer): Api => {
      const api = withPosts([POST], USER);
      return (m, p) => (m === 'POST' ? failure : api(m, p));
    };
    const toastWith = async (title: string, text: string) => {
      const shown = await screen.findByText(text);
      expect(within(shown.closest('li') ?? shown.parentElement!).getByText(title)).toBeTruthy();
    };

    async function openNewPost(api: Api) {
      // The category filter preselects the dialog's category.
      await renderAt('/forum?category=Events', api);
      await screen.findByRole('link', { name: POST.title });
      await act(async () => screen.getByRole('button', { name: 'New Post' }).click());
      return screen.findByRole('dialog');
    }

    async function submitPost(api: Api) {
      const dialog = await openNewPost(api);
      fireEvent.change(within(dialog).getByPlaceholderText('What is your post about?'), { target: { value: 'Carpool to the temple on Sunday' } });
      fireEvent.change(within(dialog).getByPlaceholderText(/Share details/), { target: { value: 'Two seats free from Mechanicsburg, leaving at nine.' } });
      await act(async () => within(dialog).getByRole('button', { name: 'Create Post' }).click());
    }

    it('creating a post without a server message: the catalogue text', async () => {
      await submitPost(failing([502, 'Bad Gateway']));
      await toastWith('Error', 'Failed to create post. Please try again.');
      expect(screen.getByRole('dialog')).toBeTruthy(); // the form stays, with what was typed
    });

    async function submitReply(api: Api) {
      await renderAt(`/forum/post/${POST.id}`, api);
      fireEvent.change(await screen.findByPlaceholderText(/Write a reply/), { target: { value: 'Count me in, I will bring chai.' } });
      await act(async () => screen.getByRole('button', { name: 'Post Reply' }).click());
    }

    it('posting a reply without a message: the catalogue text, the reply kept', async () => {
      await submitReply(failing([500, {}]));
      await toastWith('Error', 'Failed to post reply. Please try again.');
      expect((screen.getByPlaceholderText(/Write a reply/) as HTMLTextAreaElement).value).toBe('Count me in, I will bring chai.');
    });

    async function upload(api: Api) {
      const dialog = await openNewPost(api);
      const input = dialog.querySelector('input[type="file"]')!;
      await act(async () => fireEvent.change(input, { target: { files: [new File(['not really a picture'], 'samosa.png', { type: 'image/png' })] } }));
    }

    it.each<[string, (api: Api) => Promise<void>, Answer, string]>([
      ['creating a post', submitPost, [503, { error: 'The forum is read-only for maintenance' }], 'The forum is read-only for maintenance'],
      ['posting a reply', submitReply, [409, { message: 'This post no longer takes replies' }], 'This post no longer takes replies'],
      ['a failed image upload', upload, [413, { error: 'Image too large: at most 10MB' }], 'Image too large: at most 10MB'],
    ])("%s: the server's text", async (_action, send, answer, text) => {
      await send(failing(answer));
      await toastWith('Error', text);
    });

    it('a failed image upload without a server text: the catalogue text, no image kept', async () => {
      await upload(failing([502, 'Bad Gateway']));
      await toastWith('Error', 'Failed to upload images. Please try again.');
      expect(screen.queryByRole('img', { name: "The post's image" })).toBeNull();
      expect(await screen.findByRole('button', { name: 'Add an image' })).toBeTruthy();
    });
  });

  it('home widget: the first 3 posts', async () => {
    const posts = [1, 2, 3, 4].map((i) => ({ ...POST, id: `00000000-0000-4000-8000-00000000000${i}`, title: `Post number ${i}` }));
    await renderAt('/', withPosts(posts));
    expect(await screen.findByRole('link', { name: 'Post number 3' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Post number 4' })).toBeNull();
    void loggedOut;
  });
});
