/**
 * @jest-environment ./shell/test/support/jsdom-env.mjs
 */
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { Provider } from 'react-redux';
import { NEWSLETTER_TEXT } from '@cp/contracts';
import { Toaster } from '@cp/ui';
import { createAppStore } from '@cp/web-core';
import { App, SiteRoutes } from '../src/app/App.tsx';
import { NewsletterSignup } from '../src/home/NewsletterSignup.tsx';
import { createRemotesController } from '../src/mf/remotes.ts';
import { NewsletterConfirmPage, NewsletterUnsubscribePage } from '../src/pages/NewsletterLinks.tsx';
import { quietConsole } from '../../packages/web-core/test/support/quiet-console.ts';

const TOKEN = 'A'.repeat(40) + '_-9';

/** What the page asked of the API. */
let calls: Array<{ method: string; path: string; body: unknown }> = [];

/** The API: `answers` by path (status, JSON body); anything else fails like an unreachable gateway. */
function fakeApi(answers: Record<string, { status: number; body?: unknown }>) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const path = new URL(request.url, 'http://localhost').pathname;
    const text = request.method === 'GET' ? '' : await request.text();
    calls.push({ method: request.method, path, body: text ? (JSON.parse(text) as unknown) : undefined });
    const answer = answers[path];
    if (!answer) return new Response('', { status: 502, statusText: 'Bad Gateway' });
    return new Response(answer.body === undefined ? '' : JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
}

async function renderWith(ui: ReactNode, url = '/') {
  await act(async () => {
    render(
      <Provider store={createAppStore()}>
        <MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>
        <Toaster />
      </Provider>,
    );
  });
}

async function click(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

beforeEach(() => {
  calls = [];
});
quietConsole('error');

describe('the newsletter signup (home)', () => {
  async function signUp(email: string) {
    await renderWith(<NewsletterSignup />);
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: email } });
    await click('Subscribe');
  }

  it('answers every sign-up with the service’s "check your inbox", not "Thanks for subscribing!"', async () => {
    fakeApi({ '/api/newsletter/subscribe': { status: 202, body: { message: NEWSLETTER_TEXT.checkInbox } } });
    await signUp('asha@example.com');
    expect(await screen.findByText('Check your inbox')).toBeTruthy();
    expect(screen.getByText(NEWSLETTER_TEXT.checkInbox)).toBeTruthy();
    expect(screen.queryByText('Thanks for subscribing!')).toBeNull();
    expect(calls).toEqual([{ method: 'POST', path: '/api/newsletter/subscribe', body: { email: 'asha@example.com' } }]);
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('');
  });

  it('shows the spec’s "Already subscribed" for the 409 (the signed-in owner of a subscribed address)', async () => {
    fakeApi({ '/api/newsletter/subscribe': { status: 409, body: { error: NEWSLETTER_TEXT.alreadySubscribed, code: 'already_subscribed' } } });
    await signUp('asha@example.com');
    expect(await screen.findByText('Already subscribed')).toBeTruthy();
    expect(screen.getByText('This email is already subscribed to our newsletter.')).toBeTruthy();
  });

  it('checks only for an @ before asking (spec §5)', async () => {
    fakeApi({});
    await signUp('not-an-address');
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('/newsletter/confirm', () => {
  it('opening the link changes nothing; the button confirms and shows the spec’s thanks', async () => {
    fakeApi({ '/api/newsletter/confirm': { status: 200, body: { message: NEWSLETTER_TEXT.confirmed, status: 'subscribed' } } });
    await renderWith(<NewsletterConfirmPage />, `/newsletter/confirm?token=${TOKEN}`);
    expect(screen.getByRole('heading', { name: 'Confirm Your Subscription' })).toBeTruthy();
    expect(calls).toEqual([]);
    await click('Confirm Subscription');
    expect(await screen.findByRole('heading', { name: 'Subscription Confirmed' })).toBeTruthy();
    expect(screen.getByText("Thanks for subscribing! You'll receive updates about the latest listings and events.")).toBeTruthy();
    expect(calls).toEqual([{ method: 'POST', path: '/api/newsletter/confirm', body: { token: TOKEN } }]);
  });

  it('a used or expired link: the service’s text', async () => {
    fakeApi({ '/api/newsletter/confirm': { status: 400, body: { error: NEWSLETTER_TEXT.confirmInvalid } } });
    await renderWith(<NewsletterConfirmPage />, `/newsletter/confirm?token=${TOKEN}`);
    await click('Confirm Subscription');
    expect(await screen.findByRole('heading', { name: 'Link Not Valid' })).toBeTruthy();
    expect(screen.getByText(NEWSLETTER_TEXT.confirmInvalid)).toBeTruthy();
  });

  it('a link without a well-formed token asks nothing', async () => {
    fakeApi({});
    await renderWith(<NewsletterConfirmPage />, '/newsletter/confirm?token=abc');
    expect(screen.getByRole('heading', { name: 'Link Not Valid' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm Subscription' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('the service unreachable: an error toast, and the button to try again', async () => {
    fakeApi({});
    await renderWith(<NewsletterConfirmPage />, `/newsletter/confirm?token=${TOKEN}`);
    await click('Confirm Subscription');
    expect(await screen.findByText('An error occurred. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm Subscription' })).toBeTruthy();
  });
});

describe('/newsletter/unsubscribe', () => {
  it('the button unsubscribes without a login and says so', async () => {
    fakeApi({ '/api/newsletter/unsubscribe': { status: 200, body: { message: NEWSLETTER_TEXT.unsubscribed, status: 'unsubscribed' } } });
    await renderWith(<NewsletterUnsubscribePage />, `/newsletter/unsubscribe?token=${TOKEN}`);
    expect(calls).toEqual([]);
    await click('Unsubscribe');
    expect(await screen.findByRole('heading', { name: 'You Have Been Unsubscribed' })).toBeTruthy();
    expect(screen.getByText(NEWSLETTER_TEXT.unsubscribed)).toBeTruthy();
    expect(calls).toEqual([{ method: 'POST', path: '/api/newsletter/unsubscribe', body: { token: TOKEN } }]);
  });

  it('an unknown link: the service’s text', async () => {
    fakeApi({ '/api/newsletter/unsubscribe': { status: 400, body: { error: NEWSLETTER_TEXT.unsubscribeInvalid } } });
    await renderWith(<NewsletterUnsubscribePage />, `/newsletter/unsubscribe?token=${TOKEN}`);
    await click('Unsubscribe');
    expect(await screen.findByText(NEWSLETTER_TEXT.unsubscribeInvalid)).toBeTruthy();
  });
});

describe('the routes', () => {
  it.each([
    ['/newsletter/confirm', 'Confirm Your Subscription'],
    ['/newsletter/unsubscribe', 'Unsubscribe from the Newsletter'],
  ])('%s is a page of the shell (loaded when opened)', async (path, heading) => {
    fakeApi({});
    const remotes = createRemotesController({ readRegistry: async () => ({ remotes: [] }), register: () => undefined, load: async () => ({}), timeoutMs: 200 });
    await remotes.start();
    await act(async () => {
      render(
        <App store={createAppStore()} remotes={remotes}>
          <MemoryRouter initialEntries={[`${path}?token=${TOKEN}`]}>
            <SiteRoutes />
          </MemoryRouter>
        </App>,
      );
    });
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });
});
