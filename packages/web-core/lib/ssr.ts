import type { Action } from '@reduxjs/toolkit';

/**
 * Server rendering (issue 20): what the renderer sends with a page, and how the browser takes it back.
 * The page carries `<script type="application/json" id="cp-ssr-state">`: data the browser never runs (so the CSP's
 * script hashes allow it) holding the RTK Query answers the server already had, and the microfrontends that failed
 * on the server. The browser hydrates with exactly that, so it fetches nothing the server fetched, and its first
 * render is the server's markup.
 */
export const SSR_STATE_ELEMENT_ID = 'cp-ssr-state';

/** True while rendering on the server (the renderer's Node.js process), false in a browser. */
export const isServer = typeof (globalThis as { window?: unknown }).window === 'undefined';

export interface SsrState {
  /** The RTK Query slice's finished queries (`dehydrateApiState`). */
  api: DehydratedApiState;
  /** Microfrontends whose exposed module failed on the server: the page shows their fallback; the browser retries them. */
  failedRemotes: string[];
}

export interface DehydratedApiState {
  queries: Record<string, unknown>;
  provided?: unknown;
}

interface QueryEntry {
  status?: string;
  error?: { status?: unknown };
}

/**
 * The queries worth sending: answered (`fulfilled`), or refused by the service with a 4xx (a listing that does not
 * exist renders "not found" on both sides). Pending ones and transport failures (5xx, network, time budget) are left
 * out: the server rendered them as loading, and the browser fetches them.
 */
export function keepQuery(entry: unknown): boolean {
  const e = entry as QueryEntry | undefined;
  if (e?.status === 'fulfilled') return true;
  if (e?.status !== 'rejected') return false;
  const status = e.error?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** The api slice's queries as the page sends them (see keepQuery). */
export function dehydrateApiState(apiState: { queries: Record<string, unknown>; provided?: unknown }): DehydratedApiState {
  return { queries: Object.fromEntries(Object.entries(apiState.queries).filter(([, entry]) => keepQuery(entry))), provided: apiState.provided };
}

export const HYDRATE_ACTION = 'cp/hydrate';

/** The action the browser dispatches once, before its first render (base-api's extractRehydrationInfo reads it). */
export const hydrateApi = (api: DehydratedApiState): Action & { payload: DehydratedApiState } => ({ type: HYDRATE_ACTION, payload: api });

/**
 * JSON for a `<script type="application/json">`: `<`, `>`, `&`, U+2028 and U+2029 escaped, so no text inside it can
 * end the element or be read as markup.
 */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The page's server state, or undefined when the page was not rendered on the server (or the element is unreadable). */
export function readSsrState(doc: { getElementById(id: string): { textContent: string | null } | null }): SsrState | undefined {
  const text = doc.getElementById(SSR_STATE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<SsrState>;
    if (typeof parsed !== 'object' || parsed === null || typeof parsed.api?.queries !== 'object' || parsed.api.queries === null) return undefined;
    return { api: parsed.api, failedRemotes: Array.isArray(parsed.failedRemotes) ? parsed.failedRemotes.filter((n): n is string => typeof n === 'string') : [] };
  } catch {
    return undefined;
  }
}
