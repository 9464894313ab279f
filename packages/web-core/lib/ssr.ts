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

export const HYDRATE_ACTION = 'cp/hydrate';

/** The action the browser dispatches once, before its first render (base-api's extractRehydrationInfo reads it). */
export const hydrateApi = (api: DehydratedApiState): Action & { payload: DehydratedApiState } => ({ type: HYDRATE_ACTION, payload: api });

/** The page's server state, or undefined when the page was not rendered on the server (or the element is unreadable). */
export function readSsrState(doc: { getElementById(id: string): { textContent: string | null } | null }): SsrState | undefined {
  try {
    const state = JSON.parse(doc.getElementById(SSR_STATE_ELEMENT_ID)?.textContent ?? '') as SsrState;
    return typeof state.api.queries === 'object' && Array.isArray(state.failedRemotes) ? state : undefined;
  } catch {
    return undefined;
  }
}
