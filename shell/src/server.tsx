/**
 * The shell's server entry (issue 20), built by the shell's server build into dist/server/server.js (CommonJS) and
 * loaded by the renderer (services/renderer/src/pages/body.ts). It renders the same <App> and routes as the browser
 * (bootstrap.tsx), inside a MemoryRouter at the page's URL, anonymously:
 *   1. the remotes the first view needs are loaded (server containers, server-remotes.ts);
 *   2. the page is rendered until every lazy part is in: the RTK Query hooks start their queries while rendering on
 *      the server (web-core base-api.ts); the answers are awaited, and this repeats while a render asks for more;
 *   3. the render that asks for nothing new is the markup (rendered once more when failures the browser must ask for
 *      again have to show as loading); the store's finished answers and the failed remotes go with it (web-core
 *      ssr.ts), so the browser's first render is this markup and fetches none of it again. A failed query is not
 *      started again while the page renders (keepFailed): a 404 renders as "not found".
 * Everything before `deadline`: past it the page is not rendered here (undefined) and the browser renders it, as
 * before. Answers that did not come in time render as loading, as in the browser.
 */
import { PassThrough } from 'node:stream';
import type { Middleware } from '@reduxjs/toolkit';
import type { ReactNode } from 'react';
import { renderToPipeableStream, type PipeableStream } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import type { PageRenderer, PageRendererOptions, RenderedBody } from '@cp/contracts';
import { SERVER_SITE_SETTINGS } from '@cp/contracts/site-settings';
import { baseApi, createAppStore, type AppStore } from '@cp/web-core';
import { dehydrateApiState, keepQuery, serializeSsrState } from '@cp/web-core/ssr-server';
import { App, SiteRoutes } from './app/App.tsx';
import { preloadShellPage } from './app/shell-pages.ts';
import { createServerRemotes } from './mf/server-remotes.ts';
import { exposeId, type RemotesController } from './mf/remotes.ts';

/** Renders at most this many times to collect a page's data (a query that needs another's answer first). */
const MAX_DATA_PASSES = 3;
/** The base of the page's API requests on the server; only their path and query are used (fetchApi). */
const SERVER_API_BASE = 'http://ssr.internal';

const waitUntil = <T,>(promise: Promise<T>, deadline: number): Promise<T | 'late'> => {
  const ms = deadline - Date.now();
  if (ms <= 0) return Promise.resolve('late');
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([promise, new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)))]).finally(() => clearTimeout(timer));
};

/** The markup of one render once every Suspense boundary is in, or 'late' at the deadline (the render is aborted). */
function renderOnce(element: ReactNode, deadline: number): Promise<string | 'late'> {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const rendering: { stream?: PipeableStream } = {};
    const timer = setTimeout(() => {
      rendering.stream?.abort(new Error('over the page budget'));
      resolve('late');
    }, Math.max(0, deadline - Date.now()));
    rendering.stream = renderToPipeableStream(element, {
      // Every boundary in place, none outlined: the markup needs no inline script (the page's CSP allows none), and
      // it is written only once all is ready anyway.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady() {
        clearTimeout(timer);
        rendering.stream?.pipe(sink);
      },
      onShellError(error) {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      // Errors inside boundaries render their fallbacks (as in the browser); nothing to add here.
      onError() {},
    });
  });
}

function page(store: AppStore, remotes: RemotesController, url: string) {
  return (
    <App store={store} remotes={remotes}>
      <MemoryRouter initialEntries={[url]}>
        <SiteRoutes />
      </MemoryRouter>
    </App>
  );
}

/**
 * Drops the start of a query whose answer is a failure already (its `pending` action): the entry keeps that failure,
 * and the request's own answer, coming later under another request id, changes nothing either.
 */
const keepFailed: Middleware = (api) => (next) => (action) => {
  const a = action as { type?: unknown; meta?: { arg?: { queryCacheKey?: string } } };
  if (a.type === `${baseApi.reducerPath}/executeQuery/pending`) {
    const key = a.meta?.arg?.queryCacheKey;
    const entry = key ? (api.getState() as ReturnType<AppStore['getState']>).api.queries[key] : undefined;
    if (entry?.status === 'rejected') return action;
  }
  return next(action);
};

/** Forgets answers the browser would not get from the page (transport failures): they render as loading. */
function dropUnsent(store: AppStore): number {
  let dropped = 0;
  for (const [queryCacheKey, entry] of Object.entries(store.getState().api.queries)) {
    if ((entry as { status?: string } | undefined)?.status !== 'rejected' || keepQuery(entry)) continue;
    store.dispatch(baseApi.internalActions.removeQueryResult({ queryCacheKey: queryCacheKey as never }));
    dropped++;
  }
  return dropped;
}

/**
 * React writes a page's <title> and <meta> (React 19 document metadata) first in its output. The renderer's head
 * already has them (services/renderer/src/pages/page-head.ts); in the body they would be a second title.
 */
function withoutHoisted(html: string): string {
  return html.replace(/^(?:<title>[^<]*<\/title>|<meta\b[^>]*>)+/, '');
}

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const remotes = createServerRemotes(options);
  // The first page after a start would spend its budget loading the remotes: they load as the renderer starts.
  remotes.warm();
  return {
    async render(url: string, deadline: number, siteSettings?: string, fetchApi = options.fetchApi, onStyles?: (styles: string[]) => void, remoteVersions?: string): Promise<RenderedBody | undefined> {
      const { pathname } = new URL(url, SERVER_API_BASE);
      // Every app's copy of the settings reader reads this global on the server; the gateway's settings are the same
      // for every page, so one value for the process (set again with each page, as the gateway sends it).
      if (siteSettings) (globalThis as Record<string, unknown>)[SERVER_SITE_SETTINGS] = siteSettings;
      const controller = await waitUntil(remotes.forPage(remoteVersions), deadline);
      if (controller === 'late' || (await waitUntil(Promise.all([controller.loadFirstView(pathname), preloadShellPage(pathname)]), deadline)) === 'late') return undefined;
      // The first view's stylesheets are known now: they can go out with the page's head, before its data is read.
      onStyles?.(remotes.stylesheets(controller));
      const signal = AbortSignal.timeout(Math.max(1, deadline - Date.now()));
      // A query that failed is not asked again while this page renders: on the server the hooks start it again at every
      // render (there are no effects), and a 404 must render as "not found", not as loading (keepFailed).
      const store = createAppStore(undefined, {
        middleware: [keepFailed],
        serverFetch: {
          baseUrl: SERVER_API_BASE,
          fetchFn: (input) => {
            const target = new URL(input instanceof Request ? input.url : String(input));
            return fetchApi(`${target.pathname}${target.search}`, signal);
          },
        },
      });
      // A render asks again for what failed in the one before (the hooks retry a failed query): only new queries count.
      const asked = new Set<string>();
      // A render that asks for nothing new is the page: its answers were all in (what is still on its way renders as
      // loading and is not sent). Otherwise the answers are awaited and the page rendered again. "New" is every query
      // the store has that an earlier render did not ask for, running or not: a fast one can start and answer while the
      // render is still waiting for its lazy parts, and that render shows it loading (its markup would not be the state's).
      let rendered: string | undefined;
      for (let pass = 0; pass < MAX_DATA_PASSES; pass++) {
        const out = await renderOnce(page(store, controller, url), deadline);
        if (out === 'late') return undefined;
        const fresh = Object.keys(store.getState().api.queries).filter((key) => !asked.has(key));
        if (fresh.length === 0) {
          rendered = out;
          break;
        }
        for (const key of fresh) asked.add(key);
        const running = store.dispatch(baseApi.util.getRunningQueriesThunk());
        if ((await waitUntil(Promise.allSettled(running), deadline)) === 'late') break;
      }
      // Failures the browser must ask again for render as loading: once more without them.
      if (dropUnsent(store) > 0) rendered = undefined;
      if (rendered === undefined) {
        // Every answer is in: nothing left to wait for but a little headroom for React itself.
        const out = await renderOnce(page(store, controller, url), Math.max(deadline, Date.now() + 100));
        if (out === 'late') return undefined;
        rendered = out;
      }
      const html = withoutHoisted(rendered);
      const failedModules = controller.getSnapshot().remotes.flatMap((r) => [
        ...(r.routesLoad.status === 'failed' ? [exposeId(r.name, 'routes')] : []),
        ...(r.widgetsLoad.status === 'failed' ? [exposeId(r.name, 'widgets')] : []),
      ]);
      return {
        html,
        state: serializeSsrState({ api: dehydrateApiState(store.getState().api), failedRemotes: failedModules }),
        styles: remotes.stylesheets(controller),
        failedModules,
      };
    },
  };
}
