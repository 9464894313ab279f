/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderRouter } from '../../packages/web-core/test/support/render-router.tsx';
import { AuthPage } from '../src/pages/AuthPage.tsx';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

/** The JSON bodies the page sent, by `METHOD /path`. */
const bodies = new Map<string, unknown>();

const PRIYA = { id: '22222222-2222-4222-8222-222222222222', username: 'priya', email: 'p@example.com', firstName: 'Priya', lastName: 'S', isAdmin: false };

/** A visitor (no session) unless `user`; a login fails (the page stays), so nothing navigates away. */
function fakeApi(user?: unknown) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const path = new URL(request.url, 'http://localhost').pathname;
    const text = await request.text();
    if (text) bodies.set(`${request.method} ${path}`, JSON.parse(text));
    if (user && path === '/api/auth/user') return new Response(JSON.stringify(user), { status: 200, headers: { 'content-type': 'application/json' } });
    const answer = path === '/api/auth/user' ? { error: 'Authentication required' } : { error: 'Invalid username or password' };
    return new Response(JSON.stringify(answer), { status: 401, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

async function renderAuth(user?: unknown) {
  bodies.clear();
  fakeApi(user);
  await renderRouter(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/messages', element: <h1>Messages</h1> },
    ],
    { path: '/auth?next=/messages' },
  );
}

quietConsole();

describe('/auth (@cp/ui tabs and native checkboxes)', () => {
  it('opens on the Login tab; Remember me is a checkbox its label toggles, and the login sends it', async () => {
    await renderAuth();
    const login = await screen.findByRole('tab', { name: 'Login', selected: true });
    expect(screen.getByRole('tab', { name: 'Register', selected: false })).toBeTruthy();
    expect(screen.getByRole('tablist').classList.contains('grid')).toBe(true);
    const panel = screen.getByRole('tabpanel', { name: 'Login' });
    expect(panel.getAttribute('aria-labelledby')).toBe(login.id);
    const remember = within(panel).getByRole('checkbox', { name: 'Remember me for 30 days' }) as HTMLInputElement;
    expect(remember.checked).toBe(false);
    await act(async () => within(panel).getByText('Remember me for 30 days').click());
    expect(remember.checked).toBe(true);
    fireEvent.change(within(panel).getByLabelText(/^Username/), { target: { value: 'priya' } });
    fireEvent.change(within(panel).getByLabelText(/^Password/), { target: { value: 'secret1' } });
    await act(async () => within(panel).getByRole('button', { name: 'Login' }).click());
    await waitFor(() => expect(bodies.get('POST /api/local-login')).toEqual({ username: 'priya', password: 'secret1', rememberMe: true }));
  });

  it('a signed-in user is sent on to ?next= without the forms', async () => {
    await renderAuth(PRIYA);
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('Register on mouse down shows its form only; the terms box unticked is invalid and says why; a click ticks it', async () => {
    await renderAuth();
    await act(async () => void fireEvent.mouseDown(await screen.findByRole('tab', { name: 'Register' }), { button: 0 }));
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    const panel = screen.getByRole('tabpanel', { name: 'Register' });
    const terms = within(panel).getByRole('checkbox', { name: /I agree to the Terms/ }) as HTMLInputElement;
    await act(async () => within(panel).getByRole('button', { name: 'Create Account' }).click());
    await waitFor(() => expect(terms.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(terms.getAttribute('aria-describedby') ?? '');
    expect(error?.getAttribute('role')).toBe('alert');
    await act(async () => terms.click());
    expect(terms.checked).toBe(true);
    expect(bodies.has('POST /api/register')).toBe(false);
  });
});
