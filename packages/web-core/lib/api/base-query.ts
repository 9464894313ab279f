import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

/**
 * The error every call of the site produces (spec §7): a non-OK response becomes an error whose message is
 * `STATUS: text` — the status code, a colon and a space, then the response text, or the status text when the body is
 * empty. A plain serializable object (it lives in the Redux store), shaped like an Error.
 */
export interface ApiError {
  name: 'ApiError';
  /** The HTTP status, or the kind of failure when no response came (network, unreadable body, timeout). */
  status: number | 'FETCH_ERROR' | 'PARSING_ERROR' | 'TIMEOUT_ERROR' | 'CUSTOM_ERROR';
  message: string;
  /** The response body parsed as JSON when it is JSON (every service answers `{ error, code? }`), else the raw text. */
  data?: unknown;
}

export type AppBaseQuery = BaseQueryFn<string | FetchArgs, unknown, ApiError, object, FetchBaseQueryMeta>;

/** `STATUS: text` (spec §7). */
export function formatHttpError(status: number, bodyText: string, statusText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'ApiError' && typeof (value as { message?: unknown }).message === 'string';
}

/** The server's `error` field of a failed call (spec §7 "an error field is read"), when it sent one. */
export function serverErrorText(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  const data = error.data;
  if (typeof data === 'object' && data !== null && typeof (data as { error?: unknown }).error === 'string') return (data as { error: string }).error;
  return undefined;
}

/** The server's `message` field (forgot/reset password answers), when it sent one. */
export function serverMessageText(value: unknown): string | undefined {
  const data = isApiError(value) ? value.data : value;
  if (typeof data === 'object' && data !== null && typeof (data as { message?: unknown }).message === 'string') return (data as { message: string }).message;
  return undefined;
}

/** The message of anything thrown or returned as an error. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Reads the body once as text: JSON when it parses, the text otherwise, null when empty. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) return text; // kept raw: the error message quotes it verbatim
  return text === '' ? null : parseJson(text);
}

/**
 * What the renderer gives a page's store on the server (the store's thunk `extra`): an absolute base URL and its own
 * fetch, which reaches the services directly, anonymously, within the page's time budget.
 */
export interface ServerFetch {
  baseUrl: string;
  fetchFn: typeof fetch;
  /** Made at its first query (fetchBaseQuery over fetchFn). */
  query?: ReturnType<typeof fetchBaseQuery>;
}

const serverFetchOf = (extra: unknown): ServerFetch | undefined => (extra as { serverFetch?: ServerFetch } | undefined)?.serverFetch;

export interface BaseQueryOptions {
  /** '' (same origin) in the browser; an absolute origin in tests. */
  baseUrl?: string;
  fetchFn?: typeof fetch;
}

/**
 * fetchBaseQuery with the site's rules (spec §7): cookies on every call (`credentials: 'include'`), no retry, and
 * every failure turned into an {@link ApiError}.
 */
export function createBaseQuery(options: BaseQueryOptions = {}): AppBaseQuery {
  const rawBaseQuery = fetchBaseQuery({
    baseUrl: options.baseUrl ?? '',
    credentials: 'include',
    responseHandler: readBody,
    ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
  });
  const rawFor = (extra: unknown) => {
    const server = serverFetchOf(extra);
    return server ? (server.query ??= fetchBaseQuery({ baseUrl: server.baseUrl, responseHandler: readBody, fetchFn: server.fetchFn })) : rawBaseQuery;
  };
  return async (args, api, extraOptions) => {
    const result = await rawFor(api.extra)(args, api, extraOptions);
    if (!result.error) return result.meta ? { data: result.data, meta: result.meta } : { data: result.data };
    const failure = result.error;
    let error: ApiError;
    if (typeof failure.status === 'number') {
      const text = typeof failure.data === 'string' ? failure.data : failure.data === undefined ? '' : JSON.stringify(failure.data);
      const statusText = result.meta?.response?.statusText ?? '';
      error = { name: 'ApiError', status: failure.status, message: formatHttpError(failure.status, text, statusText), data: text === '' ? undefined : parseJson(text) };
    } else {
      error = { name: 'ApiError', status: failure.status, message: failure.error };
    }
    return result.meta ? { error, meta: result.meta } : { error };
  };
}
