import { authApi } from '../lib/api/auth-api.ts';
import { loginFailureToast, registrationFailureToast } from '../lib/auth/messages.ts';
import { signInApi } from '../lib/api/sign-in-api.ts';
import type { ApiError } from '../lib/api/base-query.ts';
import { createAppStore } from '../lib/store.ts';

const USER = {
  id: '3f2b8c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f',
  username: 'priya',
  email: 'priya@example.com',
  firstName: 'Priya',
  lastName: 'Patel',
  profileImageUrl: null,
  isAdmin: false,
  termsAccepted: true,
  termsAcceptedAt: '2025-11-03T10:00:00.000Z',
  createdAt: '2025-11-03T10:00:00.000Z',
  updatedAt: '2025-11-03T10:00:00.000Z',
};

type Handler = (request: Request) => Response | Promise<Response>;
const realFetch = globalThis.fetch;
let calls: Request[] = [];

/** The app's base query uses relative URLs; the test resolves them against a fake origin and answers per path. */
function serve(handler: Handler) {
  calls = [];
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://site.test'), init);
    calls.push(request);
    return handler(request);
  }) as typeof fetch;
}

/** Lets the cache updates that follow a mutation (upsertQueryData) land. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeAll(() => {
  // fetchBaseQuery builds `new Request('/api/...')`, which needs an absolute URL outside a browser.
  const RealRequest = globalThis.Request;
  globalThis.Request = class extends RealRequest {
    constructor(input: string | URL | Request, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? `http://site.test${input}` : input, init);
    }
  } as typeof Request;
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

describe('session (spec §4, §7)', () => {
  it('GET /api/auth/user answering 401 means "no user", not an error', async () => {
    serve(() => json({ error: 'Authentication required' }, 401));
    const store = createAppStore();
    const result = await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(result.isError).toBe(false);
    expect(result.data).toBeNull();
    expect(calls[0]?.url).toBe('http://site.test/api/auth/user');
    expect(calls[0]?.credentials).toBe('include');
  });

  it('GET /api/auth/user answering null (nobody signed in, 200) means "no user"', async () => {
    serve(() => json(null));
    const store = createAppStore();
    const result = await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(result.isError).toBe(false);
    expect(result.data).toBeNull();
  });

  it('GET /api/auth/user answering the user makes it the current user', async () => {
    serve(() => json(USER));
    const store = createAppStore();
    const result = await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(result.data).toEqual(USER);
  });

  it('any other failure of /api/auth/user is an error (STATUS: text) and is not retried', async () => {
    serve(() => new Response('upstream down', { status: 502, statusText: 'Bad Gateway' }));
    const store = createAppStore();
    const result = await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(result.isError).toBe(true);
    expect((result.error as ApiError).message).toBe('502: upstream down');
    expect(calls).toHaveLength(1);
  });

  it('login stores the user as the current user', async () => {
    serve((request) => (request.url.endsWith('/api/local-login') ? json(USER) : json({ error: 'Authentication required' }, 401)));
    const store = createAppStore();
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    await store.dispatch(signInApi.endpoints.login.initiate({ username: 'priya', password: 'secret1', rememberMe: true })).unwrap();
    await settle();
    expect(authApi.endpoints.getCurrentUser.select()(store.getState()).data).toEqual(USER);
    const login = calls.find((c) => c.url.endsWith('/api/local-login'));
    expect(login?.method).toBe('POST');
    expect(await login?.clone().json()).toEqual({ username: 'priya', password: 'secret1', rememberMe: true });
  });

  it('logout clears the current user even when the call fails', async () => {
    serve((request) => (request.url.endsWith('/api/logout') ? new Response('', { status: 500, statusText: 'Internal Server Error' }) : json(USER)));
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const store = createAppStore();
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    const result = await store.dispatch(authApi.endpoints.logout.initiate());
    await settle();
    expect('error' in result).toBe(false);
    expect(authApi.endpoints.getCurrentUser.select()(store.getState()).data).toBeNull();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('auth failure toasts (spec §8)', () => {
  const apiError = (status: number, data: unknown): ApiError => ({ name: 'ApiError', status, message: `${status}: ${JSON.stringify(data)}`, data });

  it('login: 401 → wrong credentials, anything else → generic', () => {
    expect(loginFailureToast(apiError(401, { error: 'Invalid username or password' }))).toEqual({ title: 'Login Failed', description: 'Invalid username or password' });
    expect(loginFailureToast(apiError(429, { error: 'Too many attempts' }))).toEqual({ title: 'Login Failed', description: 'Login failed. Please try again.' });
  });

  it('register: 409 chosen by whether the server error mentions username or email', () => {
    expect(registrationFailureToast(apiError(409, { error: 'Username already exists', code: 'username_taken' })).description).toBe(
      'This username is already taken. Please choose another.',
    );
    expect(registrationFailureToast(apiError(409, { error: 'Email already registered', code: 'email_taken' })).description).toBe(
      'This email is already registered. Please use a different email.',
    );
    expect(registrationFailureToast(apiError(500, { error: 'Internal error' }))).toEqual({ title: 'Registration Failed', description: 'Registration failed. Please try again.' });
  });
});
