import type { DehydratedApiState, SsrState } from './ssr.ts';

/**
 * The server's half of ssr.ts (issue 20): what of the store a page sends, and how. Only the shell's server entry
 * imports it (`@cp/web-core/ssr-server`), so none of it is in the browser's bundle.
 */

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

/**
 * JSON for a `<script type="application/json">`: `<`, `>`, `&`, U+2028 and U+2029 escaped, so no text inside it can
 * end the element or be read as markup.
 */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

