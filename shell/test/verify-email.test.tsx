/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import { StrictMode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Provider } from 'react-redux';
import { createAppStore } from '@cp/web-core';
import { VerifyEmailPage } from '../src/pages/VerifyEmailPage.tsx';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

/** The identity call of the page: each POST's body, answered by `answer`. */
let posted: unknown[] = [];
function fakeIdentity(answer: (token: string) => [number, unknown]) {
  posted = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    if (new URL(req.url).pathname !== '/api/auth/verify-email' || req.method !== 'POST') return new Response('{"error":"Not found"}', { status: 404 });
    const body = (await req.json()) as { token: string };
    posted.push(body);
    const [status, data] = answer(body.token);
    return new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

async function renderAt(url: string) {
  await act(async () => {
    render(
      <StrictMode>
        <Provider store={createAppStore()}>
          <MemoryRouter initialEntries={[url]}>
            <VerifyEmailPage />
          </MemoryRouter>
        </Provider>
      </StrictMode>,
    );
  });
}

quietConsole('error');

/** Presses the page's button (the only way the token is sent). */
async function pressVerify() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Verify E-mail' }));
  });
}

describe('/verify-email?token=', () => {
  it('verifies nothing on opening (mail scanners run pages); the button posts the token once and says the address is verified', async () => {
    fakeIdentity(() => [200, { message: 'Your e-mail address is verified. You can now write reviews.' }]);
    await renderAt('/verify-email?token=tok-good_1');
    expect(screen.getByRole('heading', { name: 'Verify Your E-mail Address' })).toBeTruthy();
    expect(posted).toEqual([]);
    await pressVerify();
    expect(await screen.findByRole('heading', { name: 'E-mail Verified' })).toBeTruthy();
    expect(screen.getByText('Your e-mail address is verified. You can now write reviews.')).toBeTruthy();
    expect(posted).toEqual([{ token: 'tok-good_1' }]);
    expect(screen.getByRole('link', { name: 'Browse Businesses' }).getAttribute('href')).toBe('/businesses');
  });

  it("a used, expired or forged link: the server's reason and where to ask for a new one", async () => {
    fakeIdentity(() => [400, { error: 'This verification link is invalid, expired or already used.' }]);
    await renderAt('/verify-email?token=tok-used');
    await pressVerify();
    expect(await screen.findByRole('heading', { name: 'Link Not Valid' })).toBeTruthy();
    expect(screen.getByText('This verification link is invalid, expired or already used.')).toBeTruthy();
    expect(screen.getByText(/Resend the link/)).toBeTruthy();
    expect(posted).toEqual([{ token: 'tok-used' }]);
  });

  it('without a token, or with one of another shape: invalid at once, nothing posted', async () => {
    fakeIdentity(() => [200, {}]);
    await renderAt('/verify-email');
    expect(await screen.findByRole('heading', { name: 'Link Not Valid' })).toBeTruthy();
    await renderAt('/verify-email?token=%3Cscript%3E');
    expect(screen.getAllByRole('heading', { name: 'Link Not Valid' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Verify E-mail' })).toBeNull();
    expect(posted).toEqual([]);
  });
});
