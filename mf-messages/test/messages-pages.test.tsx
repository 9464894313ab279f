/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MESSAGE_MAIL_MESSAGES, MESSAGE_MAX_LENGTH, MESSAGES_MESSAGES } from '@cp/contracts';
import { renderRouter } from '../../packages/web-core/test/support/render-router.tsx';
import { MessageText } from '../src/components/MessageText.tsx';
import { composerProblem } from '../src/lib/composer.ts';
import ConversationPage from '../src/pages/ConversationPage.tsx';
import InboxPage from '../src/pages/InboxPage.tsx';
import NewConversationPage from '../src/pages/NewConversationPage.tsx';
import UnsubscribePage from '../src/pages/UnsubscribePage.tsx';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

type Answer = [number, unknown];
type Call = { method: string; path: string; search: string; body: unknown };
type Api = (call: Call) => Answer | Promise<Answer>;

const ME = { id: '22222222-2222-4222-8222-222222222222', username: 'priya', email: 'p@example.com', firstName: 'Priya', lastName: 'S', isAdmin: false };
const OTHER = { id: '33333333-3333-4333-8333-333333333333', displayName: 'rajesh_k' };
const LISTING_ID = '00000000-0000-4000-8000-000000000001';
const CONVERSATION_ID = '44444444-4444-4444-8444-444444444444';
const XSS = ['<script>window.__pwned = 1</script>', '<img src=x onerror="window.__pwned = 2">'];

const conversation = (over: Record<string, unknown> = {}) => ({
  id: CONVERSATION_ID,
  listing: { id: LISTING_ID, title: 'Sofa <b>bold</b>', thumbnailUrl: null, status: 'active', closed: false },
  other: OTHER,
  role: 'buyer',
  lastMessage: { text: XSS[0], senderId: OTHER.id, createdAt: new Date().toISOString() },
  unread: 2,
  blockedByMe: false,
  createdAt: new Date().toISOString(),
  updatedAt: new Date().toISOString(),
  ...over,
});
const message = (i: number, senderId: string, text: string, readAt: string | null = null) => ({
  id: `55555555-5555-4555-8555-55555555555${i}`,
  conversationId: CONVERSATION_ID,
  senderId,
  text,
  createdAt: new Date().toISOString(),
  readAt,
});

let calls: Call[] = [];

async function renderAt(path: string, api: Api) {
  calls = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const url = new URL(req.url);
    const text = await req.text();
    const call = { method: req.method, path: url.pathname, search: url.search, body: text ? (JSON.parse(text) as unknown) : undefined };
    calls.push(call);
    const [status, body] = await api(call);
    return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  const { router } = await renderRouter(
    [
      { path: '/messages', element: <InboxPage /> },
      { path: '/messages/new', element: <NewConversationPage /> },
      { path: '/messages/unsubscribe', element: <UnsubscribePage /> },
      { path: '/messages/:id', element: <ConversationPage /> },
      { path: '/auth', element: <h1>Auth page</h1> },
    ],
    { path, toaster: true },
  );
  return router;
}

const signedIn =
  (routes: Record<string, Answer | ((call: Call) => Answer)>): Api =>
  (call) => {
    if (call.path === '/api/auth/user') return [200, ME];
    const key = `${call.method} ${call.path}`;
    const answer = routes[key];
    if (answer) return typeof answer === 'function' ? answer(call) : answer;
    return [404, { error: 'Not found' }];
  };

beforeEach(() => {
  delete (window as { __pwned?: number }).__pwned;
});
quietConsole();

describe('a message is shown as text', () => {
  it('<script> and <img onerror> show literally: no element is made of them, nothing runs', () => {
    const { container } = render(
      <>
        {XSS.map((text) => (
          <MessageText key={text} text={text} />
        ))}
      </>,
    );
    expect(container.textContent).toBe(XSS.join(''));
    expect(container.querySelector('script, img')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('an http(s) address is a link that passes nothing on; javascript: stays text', () => {
    const { container } = render(<MessageText text="See https://maps.test/a?b=1 or javascript:alert(1)" />);
    const links = container.querySelectorAll('a');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('https://maps.test/a?b=1');
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(container.textContent).toBe('See https://maps.test/a?b=1 or javascript:alert(1)');
  });
});

describe('the composer', () => {
  it('composerProblem: the contracts sentences; trimmed length counts', () => {
    expect(composerProblem('')).toBe(MESSAGES_MESSAGES.empty);
    expect(composerProblem('  \n ')).toBe(MESSAGES_MESSAGES.empty);
    expect(composerProblem('x'.repeat(MESSAGE_MAX_LENGTH + 1))).toBe(MESSAGES_MESSAGES.tooLong);
    expect(composerProblem(`  ${'x'.repeat(MESSAGE_MAX_LENGTH)}  `)).toBeNull();
    expect(composerProblem('Is it still available?')).toBeNull();
  });

  it('empty or too long: the sentence, and nothing is sent; a good one is sent trimmed', async () => {
    let sent: unknown[] = [];
    await renderAt(
      `/messages/${CONVERSATION_ID}`,
      signedIn({
        [`GET /api/conversations/${CONVERSATION_ID}`]: [200, conversation()],
        [`GET /api/conversations/${CONVERSATION_ID}/messages`]: [200, { items: [message(1, OTHER.id, XSS[1]!)], nextCursor: null }],
        [`POST /api/conversations/${CONVERSATION_ID}/read`]: [204, null],
        [`POST /api/conversations/${CONVERSATION_ID}/messages`]: (call) => {
          sent.push(call.body);
          return [201, message(2, ME.id, (call.body as { text: string }).text)];
        },
      }),
    );
    const box = await screen.findByRole('textbox', { name: `Message ${OTHER.displayName}` });
    const send = screen.getByRole('button', { name: 'Send' });
    await act(async () => send.click());
    expect(await screen.findByText(MESSAGES_MESSAGES.empty)).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) } });
    await act(async () => send.click());
    expect(await screen.findByText(MESSAGES_MESSAGES.tooLong)).toBeTruthy();
    expect(sent).toEqual([]);
    fireEvent.change(box, { target: { value: '  Yes, still here  ' } });
    await act(async () => send.click());
    await waitFor(() => expect(sent).toEqual([{ text: 'Yes, still here' }]));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    sent = [];
  });

  it("the service's refusal is shown with its sentence, and the text is kept", async () => {
    await renderAt(
      `/messages/${CONVERSATION_ID}`,
      signedIn({
        [`GET /api/conversations/${CONVERSATION_ID}`]: [200, conversation()],
        [`GET /api/conversations/${CONVERSATION_ID}/messages`]: [200, { items: [], nextCursor: null }],
        [`POST /api/conversations/${CONVERSATION_ID}/read`]: [204, null],
        [`POST /api/conversations/${CONVERSATION_ID}/messages`]: [403, { error: MESSAGES_MESSAGES.unavailable }],
      }),
    );
    const box = await screen.findByRole('textbox', { name: `Message ${OTHER.displayName}` });
    fireEvent.change(box, { target: { value: 'Hello?' } });
    await act(async () => screen.getByRole('button', { name: 'Send' }).click());
    expect(await screen.findByText(MESSAGES_MESSAGES.unavailable)).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Hello?');
  });
});

describe('the pages', () => {
  it('the conversation: messages as text, sent/read state, marked read on open, closed listing has no composer', async () => {
    await renderAt(
      `/messages/${CONVERSATION_ID}`,
      signedIn({
        [`GET /api/conversations/${CONVERSATION_ID}`]: [200, conversation({ listing: { id: LISTING_ID, title: 'Sofa', thumbnailUrl: null, status: 'expired', closed: true } })],
        [`GET /api/conversations/${CONVERSATION_ID}/messages`]: [
          200,
          { items: [message(1, OTHER.id, XSS[0]!), message(2, ME.id, XSS[1]!, new Date().toISOString()), message(3, ME.id, 'unread one')], nextCursor: null },
        ],
        [`POST /api/conversations/${CONVERSATION_ID}/read`]: [204, null],
      }),
    );
    expect(await screen.findByText(XSS[0]!)).toBeTruthy();
    expect(screen.getByText(XSS[1]!)).toBeTruthy();
    expect(document.querySelector('main script, img[onerror], [onerror]')).toBeNull();
    expect(screen.getByText('Read')).toBeTruthy();
    expect(screen.getByText('Sent')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === `/api/conversations/${CONVERSATION_ID}/read`)).toBe(true));
    expect(screen.getByText(MESSAGES_MESSAGES.closed)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Block user' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Report/ })).toBeTruthy();
  });

  it('marks read on open, and again when a new message of theirs arrives', async () => {
    let items = [message(1, OTHER.id, 'first')];
    await renderAt(
      `/messages/${CONVERSATION_ID}`,
      signedIn({
        [`GET /api/conversations/${CONVERSATION_ID}`]: [200, conversation()],
        [`GET /api/conversations/${CONVERSATION_ID}/messages`]: () => [200, { items, nextCursor: null }],
        [`POST /api/conversations/${CONVERSATION_ID}/read`]: [204, null],
        [`POST /api/conversations/${CONVERSATION_ID}/messages`]: (call) => {
          // meanwhile the other person wrote again
          items = [...items, message(3, OTHER.id, 'are you there?'), message(4, ME.id, (call.body as { text: string }).text)];
          return [201, items[items.length - 1]];
        },
      }),
    );
    const reads = () => calls.filter((c) => c.method === 'POST' && c.path.endsWith('/read')).length;
    await screen.findByText('first');
    await waitFor(() => expect(reads()).toBe(1));
    fireEvent.change(screen.getByRole('textbox', { name: `Message ${OTHER.displayName}` }), { target: { value: 'hello' } });
    await act(async () => screen.getByRole('button', { name: 'Send' }).click());
    await screen.findByText('are you there?');
    await waitFor(() => expect(reads()).toBe(2));
  });

  it('Block user asks first (Cancel sends nothing), then blocks: the page shows Unblock and says so', async () => {
    let blocked = false;
    await renderAt(
      `/messages/${CONVERSATION_ID}`,
      signedIn({
        [`GET /api/conversations/${CONVERSATION_ID}`]: () => [200, conversation({ blockedByMe: blocked })],
        [`GET /api/conversations/${CONVERSATION_ID}/messages`]: [200, { items: [message(1, OTHER.id, 'first')], nextCursor: null }],
        [`POST /api/conversations/${CONVERSATION_ID}/read`]: [204, null],
        'POST /api/blocks': () => {
          blocked = true;
          return [204, null];
        },
      }),
    );
    const button = await screen.findByRole('button', { name: 'Block user' });
    const posts = () => calls.filter((c) => c.path === '/api/blocks');
    // @cp/ui's ConfirmButton: its alert dialog loads on the press and opens.
    fireEvent.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: `Block ${OTHER.displayName}?` });
    expect(dialog.textContent).toContain('They are not told.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Block user' }));
    await screen.findByRole('alertdialog');
    const action = screen.getByRole('button', { name: 'Block' });
    expect(action.className).toContain('bg-destructive');
    fireEvent.click(action);
    expect(await screen.findByText(MESSAGES_MESSAGES.blocked)).toBeTruthy();
    expect(posts()).toEqual([expect.objectContaining({ method: 'POST', body: { userId: OTHER.id } })]);
    expect(await screen.findByRole('button', { name: `Unblock ${OTHER.displayName}` })).toBeTruthy();
  });

  it("someone else's conversation (404): not found, nothing of it", async () => {
    await renderAt(`/messages/${CONVERSATION_ID}`, signedIn({}));
    expect(await screen.findByRole('heading', { name: 'Conversation Not Found' })).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('the inbox: the other person, the listing, the last message as text, unread, Load more by cursor', async () => {
    await renderAt(
      '/messages',
      signedIn({
        'GET /api/conversations': (call) =>
          call.search.includes('cursor=c2')
            ? [200, { items: [conversation({ id: '66666666-6666-4666-8666-666666666666', other: { id: OTHER.id, displayName: 'older_person' }, unread: 0 })], nextCursor: null }]
            : [200, { items: [conversation()], nextCursor: 'c2' }],
      }),
    );
    expect(await screen.findByText(OTHER.displayName)).toBeTruthy();
    expect(screen.getByText('Sofa <b>bold</b>')).toBeTruthy();
    expect(screen.getByText(XSS[0]!)).toBeTruthy();
    expect(screen.getByLabelText('2 unread')).toBeTruthy();
    await act(async () => screen.getByRole('button', { name: 'Load more' }).click());
    expect(await screen.findByText('older_person')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('signed out: the login page, with next= the page', async () => {
    globalThis.fetch = undefined as never;
    const router = await renderAt('/messages', () => [401, { error: 'Authentication required' }]);
    await screen.findByRole('heading', { name: 'Auth page' });
    expect(router.state.location.pathname).toBe('/auth');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/messages');
  });

  it('a first message about a listing opens the conversation and goes there', async () => {
    const router = await renderAt(
      `/messages/new?listing=${LISTING_ID}`,
      signedIn({
        [`GET /api/listings/${LISTING_ID}`]: [200, { id: LISTING_ID, title: 'Sofa', userId: OTHER.id }],
        'POST /api/conversations': (call) => [201, { conversation: conversation(), message: message(1, ME.id, (call.body as { text: string }).text) }],
      }),
    );
    const box = await screen.findByRole('textbox', { name: 'Your message to the poster' });
    fireEvent.change(box, { target: { value: 'Is it available?' } });
    await act(async () => screen.getByRole('button', { name: 'Send' }).click());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/messages/${CONVERSATION_ID}`));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/api/conversations')?.body).toEqual({ listingId: LISTING_ID, text: 'Is it available?' });
  });

  it('the mail unsubscribe page: opening it sends nothing; its button posts the token; a bad link says so', async () => {
    const token = '77777777-7777-4777-8777-777777777777';
    const api: Api = (call) => {
      if (call.path === '/api/auth/user') return [401, { error: 'Authentication required' }];
      if (call.method === 'POST' && call.path === '/api/message-mails/unsubscribe') {
        return (call.body as { token: string }).token === token ? [200, { message: MESSAGE_MAIL_MESSAGES.unsubscribed }] : [400, { error: MESSAGE_MAIL_MESSAGES.invalidLink }];
      }
      return [404, { error: 'Not found' }];
    };
    await renderAt(`/messages/unsubscribe?token=${token}`, api);
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await act(async () => button.click());
    expect(await screen.findByRole('heading', { name: 'You Have Been Unsubscribed' })).toBeTruthy();
    expect(screen.getByText(MESSAGE_MAIL_MESSAGES.unsubscribed)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ token }]);
  });

  it('the mail unsubscribe page: an unknown token gets the service sentence; a malformed one asks nothing', async () => {
    const api: Api = (call) => (call.method === 'POST' ? [400, { error: MESSAGE_MAIL_MESSAGES.invalidLink }] : [401, { error: 'Authentication required' }]);
    await renderAt('/messages/unsubscribe?token=88888888-8888-4888-8888-888888888888', api);
    await act(async () => (await screen.findByRole('button', { name: 'Unsubscribe' })).click());
    expect(await screen.findByRole('heading', { name: 'Link Not Valid' })).toBeTruthy();
    expect(screen.getByText(MESSAGE_MAIL_MESSAGES.invalidLink)).toBeTruthy();
    cleanup();
    await renderAt('/messages/unsubscribe?token=nope', api);
    expect(await screen.findByRole('heading', { name: 'Link Not Valid' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });
});
