import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query';
import { createBaseQuery, errorMessage, formatHttpError, isApiError, serverErrorText, serverMessageText, type ApiError } from '../lib/api/base-query.ts';

/** A fetch that answers one canned response and records the request it got. */
function cannedFetch(response: () => Response) {
  const requests: Request[] = [];
  const fetchFn = async (input: string | URL | Request, init?: RequestInit) => {
    requests.push(input instanceof Request ? input : new Request(input, init));
    return response();
  };
  return { fetchFn: fetchFn as typeof fetch, requests };
}

/** Runs one query through a throwaway API built on the base query, as RTK Query would. */
async function run(fetchFn: typeof fetch, url = '/api/thing') {
  const api = createApi({
    reducerPath: 'api',
    baseQuery: createBaseQuery({ baseUrl: 'http://site.test', fetchFn }),
    endpoints: (build) => ({ thing: build.query<unknown, void>({ query: () => url }) }),
  });
  const store = configureStore({ reducer: { api: api.reducer }, middleware: (gdm) => gdm().concat(api.middleware) });
  const result = await store.dispatch(api.endpoints.thing.initiate());
  return result;
}

describe('base query (spec §7)', () => {
  it('formats a non-OK response as "STATUS: text"', () => {
    expect(formatHttpError(404, 'Listing not found', 'Not Found')).toBe('404: Listing not found');
    expect(formatHttpError(500, '', 'Internal Server Error')).toBe('500: Internal Server Error');
  });

  it('turns a JSON error answer into an ApiError quoting the raw body and keeping the parsed data', async () => {
    const body = JSON.stringify({ error: 'Username already exists', code: 'username_taken' });
    const { fetchFn } = cannedFetch(() => new Response(body, { status: 409, statusText: 'Conflict', headers: { 'content-type': 'application/json' } }));
    const result = await run(fetchFn);
    const error = result.error as ApiError;
    expect(isApiError(error)).toBe(true);
    expect(error.status).toBe(409);
    expect(error.message).toBe(`409: ${body}`);
    expect(error.data).toEqual({ error: 'Username already exists', code: 'username_taken' });
    expect(serverErrorText(error)).toBe('Username already exists');
  });

  it('uses the status text when the error body is empty', async () => {
    const { fetchFn } = cannedFetch(() => new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    const error = (await run(fetchFn)).error as ApiError;
    expect(error.message).toBe('503: Service Unavailable');
    expect(error.data).toBeUndefined();
  });

  it('keeps a plain-text error body verbatim', async () => {
    const { fetchFn } = cannedFetch(() => new Response('Too many requests, slow down', { status: 429, statusText: 'Too Many Requests' }));
    const error = (await run(fetchFn)).error as ApiError;
    expect(error.message).toBe('429: Too many requests, slow down');
    expect(serverErrorText(error)).toBeUndefined();
  });

  it('sends cookies on every call (credentials: include) and parses JSON answers', async () => {
    const { fetchFn, requests } = cannedFetch(() => new Response(JSON.stringify([{ id: 1 }]), { status: 200, headers: { 'content-type': 'application/json' } }));
    const result = await run(fetchFn, '/api/listings');
    expect(result.data).toEqual([{ id: 1 }]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.credentials).toBe('include');
    expect(requests[0]?.url).toBe('http://site.test/api/listings');
  });

  it('answers null for an empty OK body', async () => {
    const { fetchFn } = cannedFetch(() => new Response(null, { status: 204 }));
    expect((await run(fetchFn)).data).toBeNull();
  });

  it('reports a network failure without a status code and does not retry', async () => {
    let calls = 0;
    const fetchFn = (async () => {
      calls += 1;
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    const error = (await run(fetchFn)).error as ApiError;
    expect(error.status).toBe('FETCH_ERROR');
    expect(error.message).toContain('Failed to fetch');
    expect(calls).toBe(1);
  });

  it('reads message fields and any error message', () => {
    expect(serverMessageText({ message: 'Password updated' })).toBe('Password updated');
    const apiError: ApiError = { name: 'ApiError', status: 400, message: '400: {"message":"Token expired"}', data: { message: 'Token expired' } };
    expect(serverMessageText(apiError)).toBe('Token expired');
    expect(errorMessage(apiError)).toBe('400: {"message":"Token expired"}');
    expect(errorMessage(new Error('boom'))).toBe('boom');
  });
});
